import { MESH_LIMITS } from "../../parse/mesh/TriangleMesh.js";
import type { ValidateOptions } from "../../validate/RuleContext.js";
import { diskIncludeResolver } from "./diskIncludeResolver.js";
import { diskResourceResolver } from "./diskResourceResolver.js";
import { displayNames } from "./displayNames.js";
import { defaultIncludeLimits, type IncludeLimits } from "./includeLimits.js";
import { readRegularFile } from "./readRegularFile.js";
import type { SearchPaths } from "./searchPaths.js";

/**
 * The include and mesh resolvers for validating `topPath` from disk, sharing one set of display
 * names, and a mesh reader bounded by the mesh byte limit (regular files only).
 */
export function diskResolvers(
  paths: SearchPaths,
  topPath: string,
  topName: string,
  limits: IncludeLimits = defaultIncludeLimits,
): Required<Pick<ValidateOptions, "resolveInclude" | "resolveResource" | "readResource">> {
  const names = displayNames(topPath, topName);
  return {
    resolveInclude: diskIncludeResolver(paths, topPath, topName, limits, names),
    resolveResource: diskResourceResolver(paths, topPath, names),
    readResource: (file) => readRegularFile(file, MESH_LIMITS.maxBytes),
  };
}
