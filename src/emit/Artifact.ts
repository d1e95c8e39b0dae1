/** One generated file: a path relative to the output directory (POSIX separators) and its text. */
export interface Artifact {
  readonly path: string;
  readonly content: string;
}
