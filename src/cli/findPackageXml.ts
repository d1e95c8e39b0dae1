import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/** How far up from a file the search for a package.xml goes. */
const MAX_LEVELS_UP = 4;

/**
 * The package.xml of the ROS package a file belongs to: the nearest one in the file's folder
 * or above it, at most 4 levels up. Undefined when there is none.
 */
export function findPackageXml(file: string): string | undefined {
  let dir = dirname(file);
  for (let level = 0; level <= MAX_LEVELS_UP; level++) {
    const candidate = join(dir, "package.xml");
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}
