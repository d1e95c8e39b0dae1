import { mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

import { IoError } from "./errors.js";

/**
 * `mkdir -p` one level at a time. Node's `mkdirSync(p, { recursive: true })` loops forever
 * under /proc (mkdir says ENOENT for a parent that stat says exists); this walks up to the
 * nearest existing ancestor once and creates each missing level, so every failure ends with
 * an IoError naming the folder.
 */
export function makeDirectory(path: string): void {
  const missing: string[] = [];
  let dir = resolve(path);
  for (;;) {
    let isDir: boolean | undefined;
    try {
      isDir = statSync(dir).isDirectory();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT")
        throw new IoError(
          `cannot create ${path}: ${dir} is not accessible (${(error as NodeJS.ErrnoException).code ?? "error"})`,
        );
    }
    if (isDir === true) break;
    if (isDir === false) throw new IoError(`cannot create ${path}: ${dir} is not a folder`);
    missing.push(dir);
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST" && statSync(d, { throwIfNoEntry: false })?.isDirectory() === true) continue;
      throw new IoError(`cannot create the folder ${d} (${code ?? "error"})`);
    }
  }
}
