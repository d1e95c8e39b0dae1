import { readdirSync, realpathSync, statSync } from "node:fs";
import { basename, join } from "node:path";

import { readPackageName } from "./readPackageName.js";

/** How deep below each ROS_PACKAGE_PATH entry package folders are looked for (like rospack's crawl, bounded). */
export const ROS_PACKAGE_CRAWL_DEPTH = 3;

/** Most folders crawled below one root (as xacro's $(find), XACRO_LIMITS.maxFindFolders); past it the crawl stops. */
const MAX_CRAWL_FOLDERS = 10_000;

/** Lookups already made in this process, by roots and name (one crawl per package, not per mesh). */
const lookups = new Map<string, string[]>();

function packageName(dir: string): string | undefined {
  // A bounded read of a regular file: a FIFO or /dev/zero called package.xml neither hangs nor fills memory.
  const manifest = readPackageName(dir);
  if (manifest.state === "absent") return undefined;
  return manifest.state === "read" ? (manifest.name ?? basename(dir)) : basename(dir);
}

/**
 * The folders of ROS package `name` below the given roots (ROS_PACKAGE_PATH entries): a root
 * that is the package itself, or a folder holding a package.xml whose `<name>` is `name`, up to
 * {@link ROS_PACKAGE_CRAWL_DEPTH} levels down (hidden folders skipped). First found first.
 */
export function findRosPackage(name: string, roots: readonly string[]): string[] {
  const key = `${roots.join("\0")}\0\0${name}`;
  const known = lookups.get(key);
  if (known !== undefined) return known;
  const found: string[] = [];
  // Each real folder once (a symlink to an ancestor would loop), at most MAX_CRAWL_FOLDERS per root.
  let visited = new Set<string>();
  const crawl = (dir: string, depth: number): void => {
    let real: string;
    try {
      real = realpathSync(dir);
    } catch {
      return;
    }
    if (visited.has(real) || visited.size >= MAX_CRAWL_FOLDERS) return;
    visited.add(real);
    if (packageName(dir) === name) {
      found.push(dir);
      return;
    }
    if (depth >= ROS_PACKAGE_CRAWL_DEPTH) return;
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.startsWith(".")) continue;
      const p = join(dir, e);
      try {
        if (statSync(p).isDirectory()) crawl(p, depth + 1);
      } catch {
        // unreadable entries are not packages
      }
    }
  };
  for (const root of roots) {
    // The usual layout first (ROOT/name/package.xml), without crawling the whole tree.
    visited = new Set<string>();
    if (packageName(join(root, name)) === name) found.push(join(root, name));
    else crawl(root, 0);
  }
  const result = [...new Set(found)];
  lookups.set(key, result);
  return result;
}
