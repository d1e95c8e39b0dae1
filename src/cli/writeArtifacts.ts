import { renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";

import type { Artifact } from "../emit/Artifact.js";
import { describeIoError, IoError, isSystemIoError } from "./errors.js";
import { makeDirectory } from "./makeDirectory.js";

/**
 * Writes generated files under `outDir`: each to a temporary sibling first, then renamed
 * into place, so a reader never sees a half-written file. If any write fails, the
 * temporaries are removed and nothing is renamed. For a whole package use writePackage,
 * which swaps the folder in at once.
 *
 * @returns the absolute paths written, in artifact order.
 * @throws IoError when a file or folder cannot be written.
 */
export function writeArtifacts(outDir: string, artifacts: readonly Artifact[]): string[] {
  const root = resolve(outDir);
  const staged: { tmp: string; final: string }[] = [];
  try {
    for (const a of artifacts) {
      const final = insideFolder(root, a.path, outDir);
      makeDirectory(dirname(final));
      const tmp = `${final}.tmp-${process.pid}`;
      staged.push({ tmp, final });
      writeFileSync(tmp, a.content);
    }
    for (const s of staged) renameSync(s.tmp, s.final);
  } catch (error) {
    for (const s of staged) rmSync(s.tmp, { force: true });
    throw asIoError(error, "cannot write");
  }
  return staged.map((s) => s.final);
}

/** The absolute path of `relativePath` under `root`; throws IoError when it would land outside. */
export function insideFolder(root: string, relativePath: string, shownRoot: string): string {
  const final = resolve(join(root, relativePath));
  if (!final.startsWith(root + sep)) throw new IoError(`refusing to write outside ${shownRoot}: ${relativePath}`);
  return final;
}

/** A file-system error as an IoError with one readable line; anything else unchanged. */
export function asIoError(error: unknown, verb: string): unknown {
  return isSystemIoError(error) ? new IoError(describeIoError(error, verb)) : error;
}
