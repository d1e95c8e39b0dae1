import { accessSync, constants, existsSync, statSync } from "node:fs";
import { resolve } from "node:path";

import type { ResourceResolver } from "../../validate/RuleContext.js";
import type { DisplayNames } from "./displayNames.js";
import { hasSearchPaths, type SearchPaths } from "./searchPaths.js";
import { uriCandidates } from "./uriCandidates.js";

/**
 * Looks mesh URIs up on disk (see {@link uriCandidates}): the first candidate that exists wins;
 * it must be a regular file this process can read. Nothing is read: meshes are only located.
 */
export function diskResourceResolver(paths: SearchPaths, topPath: string, names: DisplayNames): ResourceResolver {
  const topAbs = resolve(topPath);
  const searched = hasSearchPaths(paths);
  return (uri, fromFile) => {
    const where = uriCandidates(uri, names.absOf(fromFile), topAbs, paths);
    if ("offline" in where) return { problem: "offline", detail: where.offline, searched };
    for (const candidate of where.paths) {
      if (!existsSync(candidate)) continue;
      try {
        if (!statSync(candidate).isFile())
          return { problem: "unreadable", detail: `${candidate} (not a regular file)`, searched };
        accessSync(candidate, constants.R_OK);
      } catch (error) {
        const code = error instanceof Error && "code" in error ? String((error as { code: unknown }).code) : "error";
        return { problem: "unreadable", detail: `${candidate} (${code})`, searched };
      }
      return { file: candidate };
    }
    const tried = where.paths.length === 1 ? "looked at its path" : `looked in ${where.paths.length} places`;
    return { problem: "not-found", detail: searched ? `${tried}, including the search paths` : tried, searched };
  };
}
