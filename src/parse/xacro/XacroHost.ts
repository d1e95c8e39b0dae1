/** What the expander needs from the outside world (the CLI gives it the disk and the environment). */
export interface XacroHost {
  /**
   * The text of a file by absolute path; undefined when there is no such file; `{ refused, code }`
   * when the host will not read it (outside the allowed folders, not a regular file, too large).
   */
  readFile(path: string): string | undefined | XacroReadRefusal;
  /** The folder of ROS package `name` (`$(find name)`), undefined, or a refusal when the search would pass XACRO_LIMITS.maxFindFolders. */
  findPackage(name: string): string | undefined | XacroFindRefusal;
  /** An environment variable (`$(env)`, `$(optenv)`), or undefined. */
  env(name: string): string | undefined;
  /** Files matching a glob pattern (xacro:include with `*`, `?` or `[`), sorted; optional. */
  glob?(pattern: string): string[];
}

/** Why a host did not read a file, with the diagnostic code of that limit (the codes `<include>` in SDF uses). */
export interface XacroReadRefusal {
  readonly refused: string;
  readonly code:
    | "INCLUDE_OUTSIDE_ROOTS"
    | "INCLUDE_NOT_REGULAR_FILE"
    | "INCLUDE_TOO_LARGE"
    | "INCLUDE_TOTAL_TOO_LARGE"
    | "FILE_READ_ERROR";
}

/** Why a host stopped searching for a package. */
export interface XacroFindRefusal {
  readonly refused: string;
  readonly code: "PACKAGE_SEARCH_LIMIT";
}
