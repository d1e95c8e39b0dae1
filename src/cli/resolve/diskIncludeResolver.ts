import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";

import { decodeXmlBytes } from "../../parse/decodeXmlBytes.js";
import { readXml } from "../../parse/readXml.js";
import type { IncludeResolver, ResolvedResource } from "../../validate/RuleContext.js";
import { displayNames, realOrUndefined, type DisplayNames } from "./displayNames.js";
import { defaultIncludeLimits, type IncludeLimits } from "./includeLimits.js";
import { readRegularFile } from "./readRegularFile.js";
import type { SearchPaths } from "./searchPaths.js";
import { uriCandidates } from "./uriCandidates.js";
import { assertNever } from "../../util/assertNever.js";

function within(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * Resolves `<include><uri>` on disk like Gazebo does (see {@link uriCandidates}); a folder must
 * hold a model.config naming its SDF file. Hardened for files from strangers:
 * - a target is read only when its real path (symlinks resolved) is below the top-level file's
 *   folder or a search path (INCLUDE_OUTSIDE_ROOTS);
 * - only regular files (INCLUDE_NOT_REGULAR_FILE: no /dev/zero, FIFOs, folders), each at most
 *   `limits.maxFileBytes` (INCLUDE_TOO_LARGE), all together at most `limits.maxTotalBytes`
 *   (INCLUDE_TOTAL_TOO_LARGE);
 * - each real file is read once (cache); the name it is reported under is derived from its real
 *   path, so the validator's cycle check and parse cache see through symlinks.
 * Diagnostics name included files relative to the top-level file's folder.
 */
export function diskIncludeResolver(
  paths: SearchPaths,
  topPath: string,
  topName: string,
  limits: IncludeLimits = defaultIncludeLimits,
  names: DisplayNames = displayNames(topPath, topName),
): IncludeResolver {
  const topAbs = resolve(topPath);
  const roots = [
    dirname(names.topReal),
    ...[...paths.models, ...paths.packages]
      .map((p) => realOrUndefined(resolve(p)))
      .filter((p): p is string => p !== undefined),
  ];
  const cache = new Map<string, ResolvedResource>();
  let totalBytes = 0;
  const nameOf = (real: string): string => names.nameOf(real);
  const readText = (real: string): { text: string } | { error: ResolvedResource } => {
    const name = nameOf(real);
    const r = readRegularFile(real, limits.maxFileBytes);
    if ("problem" in r) {
      switch (r.problem) {
        case "not-regular":
          return {
            error: {
              error: `${name} is ${r.detail}, not a regular file; it is not read`,
              code: "INCLUDE_NOT_REGULAR_FILE",
            },
          };
        case "too-large":
          return {
            error: {
              error: `${name} has ${r.detail}, over the include limit of ${limits.maxFileBytes} bytes per file`,
              code: "INCLUDE_TOO_LARGE",
            },
          };
        case "unreadable":
          return { error: { error: `cannot read ${name} (${r.detail})` } };
        default:
          assertNever(r.problem, "file problem");
      }
    }
    if (totalBytes + r.bytes.length > limits.maxTotalBytes) {
      return {
        error: {
          error: `reading ${name} would take the included files over the total limit of ${limits.maxTotalBytes} bytes`,
          code: "INCLUDE_TOTAL_TOO_LARGE",
        },
      };
    }
    totalBytes += r.bytes.length;
    const decoded = decodeXmlBytes(r.bytes, name);
    if (decoded.text === undefined)
      return {
        error: {
          error: `${name} is not text (not UTF-8 or a declared encoding); it is not an SDF file`,
          code: "INCLUDE_NOT_SDF",
        },
      };
    return { text: decoded.text };
  };
  const load = (real: string): ResolvedResource => {
    const known = cache.get(real);
    if (known !== undefined) return known;
    let result: ResolvedResource;
    if (statSync(real).isDirectory()) {
      const config = join(real, "model.config");
      if (!existsSync(config)) result = { error: `${nameOf(real)} does not contain a model.config` };
      else {
        const configText = readText(realOrUndefined(config) ?? config);
        const sdfFile = "text" in configText ? modelConfigSdf(configText.text, nameOf(config)) : undefined;
        const target = sdfFile === undefined ? undefined : realOrUndefined(join(real, sdfFile));
        if ("error" in configText) result = configText.error;
        else if (sdfFile === undefined) result = { error: `${nameOf(config)} names no <sdf> file` };
        else if (target === undefined) result = { error: `${nameOf(config)} names ${sdfFile}, which does not exist` };
        else if (!roots.some((root) => within(target, root)))
          result = {
            error: `${nameOf(config)} names ${sdfFile}, which lies outside the allowed folders`,
            code: "INCLUDE_OUTSIDE_ROOTS",
          };
        else {
          // The named file must be a file: a folder here is not followed again (no loop through model.config).
          const text = readText(target);
          result = "error" in text ? text.error : { file: nameOf(target), text: text.text };
        }
      }
    } else {
      const text = readText(real);
      result = "error" in text ? text.error : { file: nameOf(real), text: text.text };
    }
    cache.set(real, result);
    return result;
  };
  return (uri, fromFile) => {
    const fromAbs = names.absOf(fromFile);
    const where = uriCandidates(uri, fromAbs, topAbs, paths);
    if ("offline" in where) return { error: where.offline, offline: true };
    for (const candidate of where.paths) {
      if (!existsSync(candidate)) continue;
      const real = realOrUndefined(candidate);
      if (real === undefined) continue;
      if (!roots.some((root) => within(real, root))) {
        return {
          error: `${uri} resolves to a file outside the including file's folder and the search paths; add its folder with -I to allow it`,
          code: "INCLUDE_OUTSIDE_ROOTS",
        };
      }
      return load(real);
    }
    const searched =
      paths.models.length + paths.packages.length > 0
        ? " nor in the search paths"
        : " (no search path given: -I, SDF_PATH, GZ_SIM_RESOURCE_PATH or ROS_PACKAGE_PATH)";
    return { error: `not found next to ${fromFile}${searched}` };
  };
}

/** The SDF file a model.config names: the highest `<sdf version>` entry. */
function modelConfigSdf(text: string, file: string): string | undefined {
  const root = readXml(text, file).document.root;
  if (root === undefined) return undefined;
  const entries = root.children
    .filter((c) => c.name === "sdf")
    .map((c) => ({
      version: Number((c.attributes.find((a) => a.name === "version")?.value ?? "0").split(".")[1] ?? 0),
      file: c.text.trim(),
    }))
    .filter((e) => e.file !== "")
    .sort((a, b) => b.version - a.version);
  return entries[0]?.file;
}
