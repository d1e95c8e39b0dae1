import type { ValidateOptions } from "../../validate/RuleContext.js";
import { viewResourceReader } from "../view/viewResourceReader.js";
import { viewRoots } from "../view/viewRoots.js";
import { diskIncludeResolver } from "./diskIncludeResolver.js";
import { diskResourceResolver } from "./diskResourceResolver.js";
import { displayNames } from "./displayNames.js";
import { defaultIncludeLimits, type IncludeLimits } from "./includeLimits.js";
import type { SearchPaths } from "./searchPaths.js";

/**
 * The include and mesh resolvers for validating `topPath` from disk, sharing one set of display
 * names, and a mesh reader bounded by the mesh byte limit (regular files only). Meshes are read
 * only below the roots `robokit view` serves from (the file's folder, its own ROS package, -I
 * folders and search paths, as real paths): a `<mesh filename="/etc/…">` or a planted link is
 * located and reported but never read, as includes outside their roots are not.
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
    readResource: viewResourceReader(viewRoots(topPath, paths).roots),
  };
}
