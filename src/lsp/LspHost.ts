/**
 * What the language service needs from outside: files that are not open in the editor, and ROS
 * packages. The stdio edge (src/cli/lsp) reads them from disk, bounded as `robokit validate`
 * reads includes; tests give a map.
 */
export interface LspHost {
  /** The text of the file at an absolute path, or undefined when it cannot or may not be read. */
  readFile(path: string): string | undefined;
  /** The folder of ROS package `name`, searched as `$(find)` searches from `fromFile`, or undefined. */
  findPackage(name: string, fromFile: string): string | undefined;
  /** The folder of SDF model `name` (`model://name`), searched as validate searches from `fromFile`. */
  findModel?(name: string, fromFile: string): string | undefined;
}
