import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";

import type { Artifact } from "../emit/Artifact.js";
import { IoError, isSystemIoError, UsageError } from "./errors.js";
import { makeDirectory } from "./makeDirectory.js";
import { type BinaryArtifact, insideFolder } from "./writeArtifacts.js";
import { entryKind, keepModeAndOwner, writeNewFile } from "./writeNewFile.js";

/**
 * A generated file whose text comes in pieces (a long simulation's CSV): written piece by
 * piece as the iterable produces them, never joined into one string.
 */
export interface StreamedArtifact {
  readonly path: string;
  readonly chunks: Iterable<string>;
}

/** The file-system calls writePackage makes that tests replace to inject faults. */
export interface PackageFileSystem {
  readonly renameSync: (from: string, to: string) => void;
  readonly writeFileSync: (path: string, content: string) => void;
}

const realFileSystem: PackageFileSystem = { renameSync, writeFileSync: writeNewFile };

/**
 * Name of a staging (`new`) or retired (`old`) folder beside the package folder `base`; the
 * pid lets the next run tell a dead run's folder, the random part makes it unguessable.
 */
function sideName(base: string, kind: "new" | "old"): string {
  return `.${base}.robokit-${kind}-${process.pid}-${randomBytes(6).toString("hex")}`;
}

/**
 * Writes a whole package all-or-nothing: every file goes into a staging folder beside
 * `outDir` (`.NAME.robokit-new-PID-N`), then the folder is swapped in with two renames
 * (old package aside, new one in place, old one removed). A reader sees the old package or
 * the new one, never a mix (between the two renames, for microseconds, neither). Files in
 * an existing `outDir` that the package does not write are kept (hard-linked, or copied,
 * into the new folder). Staging and retired folders left by a killed run are removed by
 * the next run; a package folder retired by a run killed between the renames is put back.
 *
 * Nothing in an existing `outDir` is trusted: files are created exclusively in a folder this
 * run made (a link cannot be planted in it); `outDir` itself must be a real folder (not a
 * link); a symbolic link, FIFO, socket or device where the package writes a file or folder,
 * and a FIFO, socket or device anywhere in it (copying one would block or never end), are
 * refused; the new folders and replaced files keep the old ones' mode, owner and group.
 *
 * @returns the absolute paths written, in artifact order.
 * @throws UsageError when `outDir` is the working folder or above it; IoError when the
 *   package cannot be written or something in `outDir` is refused (nothing changes then).
 */
export function writePackage(
  outDir: string,
  artifacts: readonly (Artifact | StreamedArtifact | BinaryArtifact)[],
  fs: PackageFileSystem = realFileSystem,
): string[] {
  const target = resolve(outDir);
  const cwd = process.cwd();
  if (target === cwd || cwd.startsWith(target + sep) || dirname(target) === target) {
    throw new UsageError(
      `--out ${outDir}: the package folder is replaced as a whole, so it must not be the working folder or a folder above it`,
    );
  }
  const parent = dirname(target);
  const base = basename(target);
  makeDirectory(parent);
  recoverStale(parent, base, target);
  const existing = lstatSync(target, { throwIfNoEntry: false });
  if (existing !== undefined && !existing.isDirectory()) {
    throw new IoError(
      `cannot write the package: ${outDir} is ${entryKind(existing)}, not a folder${existing.isSymbolicLink() ? " (robokit replaces the folder as a whole and does not follow a link there: name the folder itself)" : ""}`,
    );
  }
  const staging = join(parent, sideName(base, "new"));
  const written: string[] = [];
  try {
    mkdirSync(staging);
    const paths = new Set<string>();
    const folders = new Set<string>();
    for (const a of artifacts) {
      const file = insideFolder(staging, a.path, outDir);
      const rel = relative(staging, file);
      paths.add(rel);
      for (let d = dirname(rel); d !== "."; d = dirname(d)) folders.add(d);
      makeDirectory(dirname(file));
      if ("chunks" in a) writeNewFile(file, a.chunks);
      else if (typeof a.content !== "string") writeNewFile(file, a.content);
      else fs.writeFileSync(file, a.content);
      written.push(join(target, rel));
    }
    if (existing === undefined) {
      fs.renameSync(staging, target);
    } else {
      carryOver(target, staging, "", { files: paths, folders, shown: outDir });
      keepModeAndOwner(staging, existing, outDir);
      const old = join(parent, sideName(base, "old"));
      fs.renameSync(target, old);
      try {
        fs.renameSync(staging, target);
      } catch (error) {
        renameSync(old, target);
        throw error;
      }
      rmSync(old, { recursive: true, force: true });
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (error instanceof IoError) throw error;
    throw isSystemIoError(error)
      ? new IoError(`cannot write the package ${outDir} (${error.code ?? "error"} on ${error.path ?? "a file"})`)
      : error;
  }
  return written;
}

/** What the new package writes (paths relative to its folder) and how to show its folder. */
interface Written {
  readonly files: ReadonlySet<string>;
  readonly folders: ReadonlySet<string>;
  readonly shown: string;
}

/**
 * Copies what the old package folder holds and the new one does not write (hard links where
 * possible, symbolic links as links, never followed), gives the new folders and replaced files
 * the old ones' mode and owner, and refuses what cannot be replaced or copied safely.
 */
function carryOver(from: string, to: string, rel: string, written: Written): void {
  for (const entry of readdirSync(join(from, rel), { withFileTypes: true })) {
    const r = rel === "" ? entry.name : join(rel, entry.name);
    const src = join(from, r);
    const dst = join(to, r);
    const shown = join(written.shown, r);
    const stats = lstatSync(src);
    const isWritten = written.files.has(r) || written.folders.has(r);
    if (stats.isDirectory()) {
      // A folder where the package writes a file is the user's: never deleted to make room.
      if (written.files.has(r))
        throw new IoError(
          `refusing to write ${shown}: it is a folder where robokit writes a file; robokit never deletes what it did not write (move it elsewhere)`,
        );
      if (lstatSync(dst, { throwIfNoEntry: false }) === undefined) mkdirSync(dst);
      carryOver(from, to, r, written);
      keepModeAndOwner(dst, stats, shown);
    } else if (stats.isFile()) {
      if (written.files.has(r)) keepModeAndOwner(dst, stats, shown);
      else if (written.folders.has(r))
        throw new IoError(
          `refusing to write ${shown}: it is a file where robokit writes a folder; robokit never deletes what it did not write (move it elsewhere)`,
        );
      else {
        try {
          linkSync(src, dst);
        } catch {
          copyFileSync(src, dst);
        }
      }
    } else if (stats.isSymbolicLink() && !isWritten) {
      symlinkSync(readlinkSync(src), dst);
    } else {
      // A link where the package writes, or a FIFO, socket or device anywhere: copying one
      // would block (FIFO) or never end (device), and replacing a link silently would hide it.
      throw new IoError(
        isWritten
          ? `refusing to write ${shown}: it is ${entryKind(stats)} (robokit replaces only regular files and folders and never writes through a link)`
          : `cannot carry over ${shown}: it is ${entryKind(stats)}; robokit keeps only regular files, folders and links when it replaces ${written.shown} (move it elsewhere)`,
      );
    }
  }
}

/** Removes staging folders of dead runs; puts back a package folder a dead run had retired. */
function recoverStale(parent: string, base: string, target: string): void {
  const prefix = `.${base}.robokit-`;
  let names: string[];
  try {
    names = readdirSync(parent).filter((n) => n.startsWith(prefix));
  } catch {
    return;
  }
  for (const name of names.sort()) {
    const m = /^(new|old)-(\d+)-[0-9a-f]+$/.exec(name.slice(prefix.length));
    if (m === null) continue;
    const pid = Number(m[2]);
    if (pid === process.pid || alive(pid)) continue;
    const path = join(parent, name);
    // Only real folders: a link planted under such a name is not robokit's and is left alone.
    if (lstatSync(path, { throwIfNoEntry: false })?.isDirectory() !== true) continue;
    if (m[1] === "old" && lstatSync(target, { throwIfNoEntry: false }) === undefined) renameSync(path, target);
    else rmSync(path, { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
