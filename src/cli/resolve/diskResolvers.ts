import type { ValidateOptions } from "../../validate/RuleContext.js";
import { diskIncludeResolver } from "./diskIncludeResolver.js";
import { diskResourceResolver } from "./diskResourceResolver.js";
import { displayNames } from "./displayNames.js";
import { defaultIncludeLimits, type IncludeLimits } from "./includeLimits.js";
import type { SearchPaths } from "./searchPaths.js";

/** The include and mesh resolvers for validating `topPath` from disk, sharing one set of display names. */
export function diskResolvers(
  paths: SearchPaths,
  topPath: string,
  topName: string,
  limits: IncludeLimits = defaultIncludeLimits,
): Required<Pick<ValidateOptions, "resolveInclude" | "resolveResource">> {
  const names = displayNames(topPath, topName);
  return { resolveInclude: diskIncludeResolver(paths, topPath, topName, limits, names), resolveResource: diskResourceResolver(paths, topPath, names) };
}
