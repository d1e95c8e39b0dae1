import { existsSync, readdirSync, realpathSync as realpathSyncJs, statSync } from "node:fs";
import { delimiter, dirname, join, relative, resolve, sep } from "node:path";

import { callLocations, callTrace } from "../parse/xacro/callTrace.js";
import { expandXacro } from "../parse/xacro/expandXacro.js";
import type { XacroFindRefusal, XacroHost, XacroReadRefusal } from "../parse/xacro/XacroHost.js";
import { XACRO_LIMITS } from "../parse/xacro/XacroBudget.js";
import { writeXacroXml } from "../parse/xacro/writeXacroXml.js";
import type { XacroElement, XacroOrigin } from "../parse/xacro/XacroNode.js";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { UsageError } from "./errors.js";
import { globFiles } from "./globFiles.js";
import { defaultIncludeLimits } from "./resolve/includeLimits.js";
import { readRegularFile } from "./resolve/readRegularFile.js";
import { assertNever } from "../util/assertNever.js";

/**
 * The operating system's realpath: one system call, where Node's JavaScript realpath makes one
 * lstat per path component (a xacro expansion resolves every file it reads and every package
 * folder it finds).
 */
const realpathSync = realpathSyncJs.native;

/** Options for reading a xacro file from disk. */
export interface XacroReadOptions {
  /** `name:=value` pairs from `--arg`. */
  readonly args?: readonly string[];
  /** Extra folders searched for ROS packages (`-I`), before ROS_PACKAGE_PATH and AMENT_PREFIX_PATH. */
  readonly includePaths?: readonly string[];
  /** Texts that replace files on disk, by absolute path (an editor's unsaved buffers). */
  readonly unsaved?: ReadonlyMap<string, string>;
}

/** A description read from disk: its (expanded) text and how to point diagnostics back at the source. */
export interface DescriptionSource {
  /** The URDF/SDF text (the expansion, for xacro), or undefined when the expansion failed. */
  readonly text: string | undefined;
  /** Problems of the expansion itself (xacro errors and warnings), already at source positions. */
  readonly diagnostics: Diagnostic[];
  /** Moves diagnostics on `text` to the xacro element each line came from (identity for plain files). */
  readonly toSource: (d: Diagnostic) => Diagnostic;
}

/**
 * True for a file robokit expands as xacro: `*.xacro`. A `.urdf` is read as urdfdom reads it,
 * even when it declares the xacro namespace (many generated URDFs keep it): a `$(…)` left in a
 * `.urdf` is what its consumers will see.
 */
export function isXacro(path: string): boolean {
  return /\.xacro$/i.test(path);
}

/** Parses `name:=value` arguments; throws on a malformed one (a usage error). */
export function parseXacroArgs(args: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of args) {
    const i = a.indexOf(":=");
    if (i <= 0) throw new UsageError(`--arg ${a}: expected name:=value`);
    out[a.slice(0, i)] = a.slice(i + 2);
  }
  return out;
}

/** package.xml files are read only when they are regular files of at most this size, bytes. */
const MAX_MANIFEST_BYTES = 1024 * 1024;

/** The folders a xacro file may read from and search for packages, absolute. */
interface XacroRoots {
  /** `-I` folders, then ROS_PACKAGE_PATH, then the file's workspace: searched for package.xml. */
  readonly packageRoots: readonly string[];
  /** AMENT_PREFIX_PATH entries: installed packages under `share/`. */
  readonly prefixes: readonly string[];
}

/**
 * Where a xacro file's packages are looked for. The file's workspace is the folder above the
 * nearest package.xml (up to 6 levels up), else the file's own folder.
 */
function xacroRoots(file: string, includePaths: readonly string[]): XacroRoots {
  const env = (v: string): string[] => (process.env[v] ?? "").split(delimiter).filter((p) => p !== "");
  const workspaceOf = (path: string): string => {
    let dir = dirname(path);
    for (let i = 0; i < 6; i++) {
      if (existsSync(join(dir, "package.xml"))) return dirname(dir);
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    return dirname(path);
  };
  // A file reached through a symlink (colcon --symlink-install puts install/share/… links to src/…) has two workspaces.
  let real = resolve(file);
  try {
    real = realpathSync(file);
  } catch {
    // a file that vanished is reported when it is read
  }
  const workspaces = [...new Set([workspaceOf(resolve(file)), workspaceOf(real)])];
  return {
    packageRoots: [
      ...includePaths.map((p) => resolve(p)),
      ...env("ROS_PACKAGE_PATH").map((p) => resolve(p)),
      ...workspaces,
    ],
    prefixes: env("AMENT_PREFIX_PATH").map((p) => resolve(p)),
  };
}

/**
 * The folders (real paths) a description's includes may be read from: the file's workspace (the
 * folder above its nearest package.xml, else its own folder), `-I` folders, ROS_PACKAGE_PATH and
 * AMENT_PREFIX_PATH entries. `robokit import` reads meshes only below them too.
 */
export function includeRoots(file: string, includePaths: readonly string[]): string[] {
  const roots = xacroRoots(file, includePaths);
  return [
    ...new Set(
      [...roots.packageRoots, ...roots.prefixes].map((r) => {
        try {
          return realpathSync(r);
        } catch {
          return r;
        }
      }),
    ),
  ];
}

/**
 * The folder of ROS package `name`: a package.xml naming it under a `-I` folder, a
 * ROS_PACKAGE_PATH entry or the workspace holding the file (searched up to 4 levels deep), or
 * `share/name` under an AMENT_PREFIX_PATH entry. With `amentFirst`, the ament index is asked
 * first, as ROS 2's xacro does (it asks nothing else), and the folder search is the fallback.
 */
function packageFinder(
  roots: XacroRoots,
  amentFirst: boolean,
): (name: string) => string | undefined | XacroFindRefusal {
  const cache = new Map<string, Map<string, string> | XacroFindRefusal>();
  const index = (root: string): Map<string, string> | XacroFindRefusal => {
    const known = cache.get(root);
    if (known !== undefined) return known;
    const found = new Map<string, string>();
    // Each real folder once (a symlink to an ancestor would loop), and at most maxFindFolders of them.
    const visited = new Set<string>();
    const walk = (dir: string, depth: number): void => {
      let real: string;
      try {
        real = realpathSync(dir);
      } catch {
        return;
      }
      if (visited.has(real)) return;
      visited.add(real);
      if (visited.size > XACRO_LIMITS.maxFindFolders) throw new SearchLimit();
      let entries: string[];
      try {
        entries = readdirSync(dir).sort();
      } catch {
        return;
      }
      if (entries.includes("package.xml")) {
        const manifest = readRegularFile(join(dir, "package.xml"), MAX_MANIFEST_BYTES);
        const m = "bytes" in manifest ? /<name>\s*([^<\s]+)\s*<\/name>/.exec(manifest.bytes.toString("utf8")) : null;
        if (m?.[1] !== undefined && !found.has(m[1])) found.set(m[1], dir);
      }
      if (depth >= XACRO_LIMITS.maxFindDepth) return;
      for (const e of entries) {
        if (e.startsWith(".") || e === "node_modules") continue;
        const p = join(dir, e);
        let isDirectory = false;
        try {
          isDirectory = statSync(p).isDirectory();
        } catch {
          // unreadable entries are skipped
        }
        if (isDirectory) walk(p, depth + 1);
      }
    };
    let result: Map<string, string> | XacroFindRefusal = found;
    try {
      walk(root, 0);
    } catch (error) {
      if (!(error instanceof SearchLimit)) throw error;
      result = {
        code: "PACKAGE_SEARCH_LIMIT",
        refused: `the search below ${root} passes ${XACRO_LIMITS.maxFindFolders.toLocaleString("en-US")} folders; give the package's folder with -I`,
      };
    }
    cache.set(root, result);
    return result;
  };
  const inPrefixes = (name: string): string | undefined => {
    for (const prefix of roots.prefixes) {
      const share = join(prefix, "share", name);
      if (existsSync(join(prefix, "share", "ament_index", "resource_index", "packages", name)) && existsSync(share))
        return share;
    }
    return undefined;
  };
  return (name) => {
    if (amentFirst) {
      const installed = inPrefixes(name);
      if (installed !== undefined) return installed;
    }
    for (const root of roots.packageRoots) {
      const packages = index(root);
      if (!(packages instanceof Map)) return packages;
      const hit = packages.get(name);
      if (hit !== undefined) return hit;
    }
    return amentFirst ? undefined : inPrefixes(name);
  };
}

/** Thrown inside the package walk when it passes XACRO_LIMITS.maxFindFolders. */
class SearchLimit extends Error {}

/**
 * Reads the files a xacro expansion asks for, bounded as `<include>` is (docs/security-xacro.md):
 * only regular files below the file's workspace or a package search root (after symlinks),
 * each at most 16 MiB and all together at most 64 MiB, each read once (an include repeated
 * or a file included by many is served from memory).
 */
function boundedReader(
  roots: XacroRoots,
  found: readonly string[],
): (path: string) => string | undefined | XacroReadRefusal {
  const allowed = [...roots.packageRoots, ...roots.prefixes].map((r) => {
    try {
      return realpathSync(r);
    } catch {
      return r;
    }
  });
  const cache = new Map<string, string | undefined | XacroReadRefusal>();
  let total = 0;
  const read = (path: string): string | undefined | XacroReadRefusal => {
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      return undefined;
    }
    const inside = (r: string): boolean => real === r || real.startsWith(r.endsWith(sep) ? r : r + sep);
    if (!allowed.some(inside) && !found.some(inside)) {
      return {
        code: "INCLUDE_OUTSIDE_ROOTS",
        refused:
          "it is outside the file's workspace and the package search paths (-I, ROS_PACKAGE_PATH, AMENT_PREFIX_PATH)",
      };
    }
    const r = readRegularFile(real, defaultIncludeLimits.maxFileBytes);
    if (!("bytes" in r)) {
      if (r.problem === "unreadable" && r.detail === "ENOENT") return undefined;
      switch (r.problem) {
        case "too-large":
          return {
            code: "INCLUDE_TOO_LARGE",
            refused: `it is larger than ${defaultIncludeLimits.maxFileBytes} bytes (${r.detail})`,
          };
        case "not-regular":
          return {
            code: "INCLUDE_NOT_REGULAR_FILE",
            refused: `it is ${r.detail === "a folder" ? "a folder" : "not a regular file"}`,
          };
        case "unreadable":
          return { code: "FILE_READ_ERROR", refused: `I/O error ${r.detail}` };
        default:
          assertNever(r.problem, "file problem");
      }
    }
    total += r.bytes.length;
    if (total > defaultIncludeLimits.maxTotalBytes)
      return {
        code: "INCLUDE_TOTAL_TOO_LARGE",
        refused: `the files read for this expansion pass ${defaultIncludeLimits.maxTotalBytes} bytes in all`,
      };
    return r.bytes.toString("utf8");
  };
  return (path) => {
    if (cache.has(path)) return cache.get(path);
    const result = read(path);
    cache.set(path, result);
    return result;
  };
}

/**
 * The disk and environment, as the xacro expander sees them. `amentFirst`: `$(find)` asks the
 * ament index (AMENT_PREFIX_PATH) before searching folders, as ROS 2's xacro resolves packages.
 */
export function diskXacroHost(file: string, includePaths: readonly string[], amentFirst = false): XacroHost {
  const roots = xacroRoots(file, includePaths);
  // A package found through the ament index may be a link out of the prefix (colcon
  // --symlink-install links share/NAME into the sources): its real folder may be read too.
  const found: string[] = [];
  const find = packageFinder(roots, amentFirst);
  return {
    readFile: boundedReader(roots, found),
    findPackage: (name) => {
      const dir = find(name);
      if (typeof dir === "string") {
        try {
          found.push(realpathSync(dir));
        } catch {
          // a folder that vanished is reported when it is read
        }
      }
      return dir;
    },
    glob: globFiles,
    env: (name) => process.env[name],
  };
}

/**
 * Expands a decoded xacro file from disk (package lookup and includes bounded as
 * {@link diskXacroHost} says). `displayName` names the top-level file in diagnostics; included
 * files are named relative to the working folder (`show` does the same for other paths).
 * `onLongRun` is called once if the expansion runs far longer than a real robot's
 * (ExpandXacroOptions.onLongRun). `unsaved` texts are read instead of the files at those paths.
 */
export function expandXacroFile(
  path: string,
  displayName: string,
  text: string,
  args: Readonly<Record<string, string>>,
  includePaths: readonly string[] = [],
  amentFirst = false,
  onLongRun?: () => void,
  unsaved?: ReadonlyMap<string, string>,
): {
  root: XacroElement | undefined;
  outside: { readonly before: readonly string[]; readonly after: readonly string[] };
  diagnostics: Diagnostic[];
  show: (file: string) => string;
} {
  const absolute = resolve(path);
  const show = (f: string): string =>
    f === displayName ? f : f === absolute ? displayName : relative(process.cwd(), f);
  const disk = diskXacroHost(path, includePaths, amentFirst);
  const result = expandXacro(text, displayName, {
    path: absolute,
    args,
    host: unsaved === undefined ? disk : { ...disk, readFile: (p) => unsaved.get(p) ?? disk.readFile(p) },
    ...(onLongRun === undefined ? {} : { onLongRun }),
  });
  const diagnostics = result.diagnostics.map((d) => ({
    ...d,
    ...(d.file === undefined ? {} : { file: show(d.file) }),
    ...(d.related === undefined ? {} : { related: d.related.map((r) => ({ ...r, file: show(r.file) })) }),
    message: relativiseTrace(d.message, show),
  }));
  return { root: result.root, outside: result.outside ?? { before: [], after: [] }, diagnostics, show };
}

/**
 * Reads a URDF/SDF/xacro description that is already decoded: xacro is expanded (with
 * `--arg`s and package lookup), anything else passes through. `displayName` names the
 * top-level file in diagnostics; included files are named relative to the working folder.
 */
export function readDescriptionSource(
  path: string,
  displayName: string,
  text: string,
  options: XacroReadOptions = {},
): DescriptionSource {
  if (!isXacro(path)) return { text, diagnostics: [], toSource: (d) => d };
  const { root, diagnostics, show } = expandXacroFile(
    path,
    displayName,
    text,
    parseXacroArgs(options.args ?? []),
    options.includePaths ?? [],
    false,
    undefined,
    options.unsaved,
  );
  if (root === undefined) return { text: undefined, diagnostics, toSource: (d) => d };
  const result = { root };
  const written = writeXacroXml(result.root);
  const lines = [...written.origins.keys()].sort((a, b) => a - b);
  // The last origin at or before the line (binary search: a robot has thousands of lines).
  const originAt = (line: number): XacroOrigin | undefined => {
    let lo = 0;
    let hi = lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (lines[mid]! <= line) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? undefined : written.origins.get(lines[lo - 1]!);
  };
  return {
    text: written.text,
    diagnostics,
    toSource: (d) => {
      if (d.line === undefined) return d;
      const o = originAt(d.line);
      if (o === undefined) return d;
      return {
        ...d,
        file: show(o.file),
        line: o.line,
        column: o.column,
        ...callLocations(o, show),
        message: relativiseTrace(d.message + callTrace(o), show),
      };
    },
  };
}

function relativiseTrace(message: string, show: (f: string) => string): string {
  return message.replace(/(?<=^|[\s(])(\/[^\s:()[\]]+\.(?:xacro|urdf|gazebo|yaml|xml|trans|sdf))/g, (p) => show(p));
}
