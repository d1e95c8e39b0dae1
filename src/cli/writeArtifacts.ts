import { lstatSync, mkdirSync, renameSync, rmSync, type Stats } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

import type { Artifact } from "../emit/Artifact.js";
import { describeIoError, IoError, isSystemIoError } from "./errors.js";
import { makeDirectory } from "./makeDirectory.js";
import { entryKind, existingFile, keepModeAndOwner, temporaryName, writeNewFile } from "./writeNewFile.js";

/** A generated file whose content is bytes (a PNG). */
export interface BinaryArtifact {
  readonly path: string;
  readonly content: Uint8Array;
}

/** A generated file whose text comes in chunks (a long CSV), written one chunk at a time. */
export interface ChunkedArtifact {
  readonly path: string;
  readonly content: readonly string[];
}

/**
 * Writes generated files under `outDir`: each to a temporary sibling first, then renamed
 * into place, so a reader never sees a half-written file. If any write fails, the
 * temporaries are removed and nothing is renamed. For a whole package use writePackage,
 * which swaps the folder in at once.
 *
 * Nothing already in `outDir` is trusted: temporaries have random names and are created
 * exclusively without following links ({@link writeNewFile}); a target that is a symbolic
 * link, FIFO, socket, device or folder, and a subfolder on the way that is not a real folder,
 * are refused before anything is written; a replaced file keeps its mode and owner.
 *
 * @returns the absolute paths written, in artifact order.
 * @throws IoError when a file or folder cannot be written or a target is refused.
 */
export function writeArtifacts(
  outDir: string,
  artifacts: readonly (Artifact | BinaryArtifact | ChunkedArtifact)[],
): string[] {
  const root = resolve(outDir);
  const staged: { tmp: string; final: string; was: Stats | undefined; shown: string }[] = [];
  try {
    makeDirectory(root);
    for (const a of artifacts) {
      const final = insideFolder(root, a.path, outDir);
      const shown = join(outDir, a.path);
      folderBelow(root, dirname(final), outDir);
      const was = existingFile(final, shown);
      const tmp = temporaryName(final);
      staged.push({ tmp, final, was, shown });
      writeNewFile(tmp, a.content);
      if (was !== undefined) keepModeAndOwner(tmp, was, shown);
    }
    for (const s of staged) renameSync(s.tmp, s.final);
  } catch (error) {
    for (const s of staged) rmSync(s.tmp, { force: true });
    throw asIoError(error, "cannot write");
  }
  return staged.map((s) => s.final);
}

/**
 * Makes sure every level from `root` (exclusive) down to `dir` is a real folder, creating
 * missing ones; a symbolic link or anything else on the way is refused, so a link planted in
 * the output folder cannot redirect a write elsewhere.
 */
function folderBelow(root: string, dir: string, shownRoot: string): void {
  if (dir === root) return;
  let at = root;
  for (const segment of relative(root, dir).split(sep)) {
    at = join(at, segment);
    const stats = lstatSync(at, { throwIfNoEntry: false });
    if (stats === undefined) mkdirSync(at);
    else if (!stats.isDirectory())
      throw new IoError(
        `refusing to write into ${join(shownRoot, relative(root, at))}: it is ${entryKind(stats)}, not a folder`,
      );
  }
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
