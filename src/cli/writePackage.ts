import { copyFileSync, linkSync, lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";

import type { Artifact } from "../emit/Artifact.js";
import { IoError, isSystemIoError, UsageError } from "./errors.js";
import { makeDirectory } from "./makeDirectory.js";
import { insideFolder } from "./writeArtifacts.js";

/** The file-system calls writePackage makes that tests replace to inject faults. */
export interface PackageFileSystem {
  readonly renameSync: (from: string, to: string) => void;
  readonly writeFileSync: (path: string, content: string) => void;
}

const realFileSystem: PackageFileSystem = { renameSync, writeFileSync: (p, c) => writeFileSync(p, c) };

/** Name of a staging (`new`) or retired (`old`) folder beside the package folder `base`. */
function sideName(base: string, kind: "new" | "old", pid: number, n: number): string {
  return `.${base}.robokit-${kind}-${pid}-${n}`;
}

let counter = 0;

/**
 * Writes a whole package all-or-nothing: every file goes into a staging folder beside
 * `outDir` (`.NAME.robokit-new-PID-N`), then the folder is swapped in with two renames
 * (old package aside, new one in place, old one removed). A reader sees the old package or
 * the new one, never a mix (between the two renames, for microseconds, neither). Files in
 * an existing `outDir` that the package does not write are kept (hard-linked, or copied,
 * into the new folder). Staging and retired folders left by a killed run are removed by
 * the next run; a package folder retired by a run killed between the renames is put back.
 *
 * @returns the absolute paths written, in artifact order.
 * @throws UsageError when `outDir` is the working folder or above it; IoError when the
 *   package cannot be written (nothing changes then).
 */
export function writePackage(outDir: string, artifacts: readonly Artifact[], fs: PackageFileSystem = realFileSystem): string[] {
  const target = resolve(outDir);
  const cwd = process.cwd();
  if (target === cwd || cwd.startsWith(target + sep) || dirname(target) === target) {
    throw new UsageError(`--out ${outDir}: the package folder is replaced as a whole, so it must not be the working folder or a folder above it`);
  }
  const parent = dirname(target);
  const base = basename(target);
  makeDirectory(parent);
  recoverStale(parent, base, target);
  const staging = join(parent, sideName(base, "new", process.pid, counter++));
  const written: string[] = [];
  try {
    mkdirSync(staging);
    const paths = new Set<string>();
    for (const a of artifacts) {
      const file = insideFolder(staging, a.path, outDir);
      paths.add(relative(staging, file));
      makeDirectory(dirname(file));
      fs.writeFileSync(file, a.content);
      written.push(join(target, relative(staging, file)));
    }
    const existing = statSync(target, { throwIfNoEntry: false });
    if (existing !== undefined && !existing.isDirectory()) throw new IoError(`cannot write the package: ${outDir} exists and is not a folder`);
    if (existing === undefined) {
      fs.renameSync(staging, target);
    } else {
      carryOver(target, staging, "", paths);
      const old = join(parent, sideName(base, "old", process.pid, counter++));
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
    throw isSystemIoError(error) ? new IoError(`cannot write the package ${outDir} (${error.code ?? "error"} on ${error.path ?? "a file"})`) : error;
  }
  return written;
}

/** Copies what the old package folder holds and the new one does not write (hard links where possible). */
function carryOver(from: string, to: string, rel: string, written: ReadonlySet<string>): void {
  for (const entry of readdirSync(join(from, rel), { withFileTypes: true })) {
    const r = rel === "" ? entry.name : join(rel, entry.name);
    const src = join(from, r);
    const dst = join(to, r);
    const there = lstatSync(dst, { throwIfNoEntry: false });
    if (entry.isDirectory()) {
      if (there === undefined) mkdirSync(dst);
      else if (!there.isDirectory()) continue;
      carryOver(from, to, r, written);
    } else if (!written.has(r) && there === undefined) {
      if (entry.isSymbolicLink()) symlinkSync(readlinkSync(src), dst);
      else {
        try {
          linkSync(src, dst);
        } catch {
          copyFileSync(src, dst);
        }
      }
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
    const m = /^(new|old)-(\d+)-\d+$/.exec(name.slice(prefix.length));
    if (m === null) continue;
    const pid = Number(m[2]);
    if (pid === process.pid || alive(pid)) continue;
    const path = join(parent, name);
    if (m[1] === "old" && statSync(target, { throwIfNoEntry: false }) === undefined) renameSync(path, target);
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
