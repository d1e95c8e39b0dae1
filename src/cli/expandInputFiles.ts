import { existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

import { UsageError } from "./errors.js";

/** What `robokit validate FOLDER` picks up: URDF and SDF files (worlds are SDF). */
export const VALIDATE_EXTENSIONS: readonly string[] = [".urdf", ".xacro", ".sdf", ".world"];

/**
 * The files named by command-line arguments, in argument order: a file stands for itself
 * (whatever its extension; a missing one too, so that reading it reports the error); a folder
 * for every file with one of `extensions` below it (hidden folders skipped); a pattern with
 * `*`, `**`, `?`, `[…]` or `{a,b}` that names no existing file for the matching files. Folder
 * contents and pattern matches are sorted by path (code-unit order), so the list, and the
 * output that follows it, is the same on every machine. Each file is listed once.
 *
 * @throws UsageError when a folder or pattern's walk reads more than {@link MAX_WALK_ENTRIES}
 *   entries or descends more than {@link MAX_WALK_DEPTH} levels.
 */
export function expandInputFiles(args: readonly string[], extensions: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    out.push(file);
  };
  for (const arg of args) {
    if (existsSync(arg) && statSync(arg).isDirectory()) {
      for (const f of walk(arg, arg)) if (hasExtension(f, extensions)) add(f);
    } else if (!existsSync(arg) && isPattern(arg)) {
      for (const f of matchPattern(arg)) add(f);
    } else {
      add(arg);
    }
  }
  return out;
}

function hasExtension(file: string, extensions: readonly string[]): boolean {
  const lower = file.toLowerCase();
  return extensions.some((e) => lower.endsWith(e));
}

/**
 * Most folder entries one argument's walk reads (files, folders and anything else, hidden
 * ones included): a folder named by mistake (`/`, a home folder, a build tree) is refused
 * with a clear message instead of being read to the end. Also bounds the files listed.
 */
export const MAX_WALK_ENTRIES = 100_000;

/** Deepest folder level a walk descends to below the folder it starts from. */
export const MAX_WALK_DEPTH = 64;

/** One folder being listed: its path, its sorted entry names and the next one to look at. */
interface Level {
  readonly path: string;
  readonly names: readonly string[];
  next: number;
}

/**
 * Every file below `dir`, depth first, entries sorted, symbolic links to folders followed
 * once. Iterative (an explicit stack, so depth costs no call stack) and linear in the entries
 * read; past {@link MAX_WALK_ENTRIES} entries or {@link MAX_WALK_DEPTH} levels it throws a
 * UsageError naming `shown`.
 */
function walk(dir: string, shown: string): string[] {
  const files: string[] = [];
  const visited = new Set<string>();
  const stack: Level[] = [];
  let entries = 0;
  const enter = (path: string): void => {
    const real = realpathSync(path);
    if (visited.has(real)) return;
    visited.add(real);
    if (stack.length > MAX_WALK_DEPTH) {
      throw new UsageError(
        `${shown}: folders nest deeper than ${MAX_WALK_DEPTH} levels (at ${path}); name the folders to check, not one above them`,
      );
    }
    const names = readdirSync(path);
    entries += names.length;
    if (entries > MAX_WALK_ENTRIES) {
      throw new UsageError(
        `${shown}: more than ${MAX_WALK_ENTRIES.toLocaleString("en-US")} entries below this folder (robokit reads at most that many); name a smaller folder or the files themselves`,
      );
    }
    stack.push({ path, names: names.sort(), next: 0 });
  };
  enter(dir);
  for (let top = stack.at(-1); top !== undefined; top = stack.at(-1)) {
    const name = top.names[top.next++];
    if (name === undefined) {
      stack.pop();
      continue;
    }
    if (name.startsWith(".")) continue;
    const path = join(top.path, name);
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(path);
    } catch {
      continue; // a dangling link
    }
    if (stat.isDirectory()) enter(path);
    else if (stat.isFile()) files.push(path);
  }
  return files;
}

function isPattern(arg: string): boolean {
  return /[*?[{]/.test(arg);
}

/** The files matching a glob pattern, sorted. `**` matches any number of folders. */
function matchPattern(pattern: string): string[] {
  const parts = pattern.split(/[\\/]/);
  const firstGlob = parts.findIndex(isPattern);
  const base = parts.slice(0, firstGlob).join(sep) || (firstGlob === 0 ? "." : sep);
  if (!existsSync(base) || !statSync(base).isDirectory()) return [];
  const regex = globToRegExp(parts.slice(firstGlob).join("/"));
  return walk(base, pattern)
    .filter((f) => regex.test(relative(base, f).split(sep).join("/")))
    .sort();
}

/** A glob (relative, `/`-separated) as an anchored regular expression. */
export function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*") {
      if (glob[i + 1] === "*") {
        // `**/` matches zero or more folders; a trailing `**` anything.
        if (glob[i + 2] === "/") {
          re += "(?:[^/]*/)*";
          i += 2;
        } else {
          re += ".*";
          i += 1;
        }
      } else {
        re += "[^/]*";
      }
    } else if (c === "?") {
      re += "[^/]";
    } else if (c === "[") {
      const end = glob.indexOf("]", i + 1);
      if (end < 0) re += "\\[";
      else {
        const body = glob
          .slice(i + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        re += `[${body}]`;
        i = end;
      }
    } else if (c === "{") {
      const end = glob.indexOf("}", i + 1);
      if (end < 0) re += "\\{";
      else {
        re += `(?:${glob
          .slice(i + 1, end)
          .split(",")
          .map((alt) =>
            alt
              .replace(/[.+^$()|\\]/g, "\\$&")
              .replace(/\*/g, "[^/]*")
              .replace(/\?/g, "[^/]"),
          )
          .join("|")})`;
        i = end;
      }
    } else {
      re += c.replace(/[.+^$()|\\\]]/g, "\\$&");
    }
  }
  return new RegExp(`^${re}$`);
}
