import { lstatSync, realpathSync } from "node:fs";
import { sep } from "node:path";

/** Largest mesh or texture the view server sends, bytes (256 MiB: far above any robot mesh). */
export const MAX_VIEW_FILE_BYTES = 256 * 1024 * 1024;

/** A file the view server may send: its real path and the identity (device, inode) it had when checked. */
export interface ViewFile {
  /** Real path (symlinks resolved), below one of the roots. */
  readonly path: string;
  readonly dev: number;
  readonly ino: number;
}

/** Why a path is not served: outside the roots, not a regular file, too large, or gone. */
export interface ViewFileRefusal {
  readonly refused: "outside-roots" | "not-regular" | "too-large" | "missing";
  /** For the message: what the path turned out to be (its real path, its kind or size). */
  readonly detail: string;
}

/** True when `path` is `root` or below it (both real, absolute paths). */
export function isWithinRoots(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep));
}

/**
 * Checks that `path` may be served: its real path (every symlink resolved) lies below one of
 * `roots` (real paths too), and it is a regular file of at most `maxBytes`. Nothing is opened:
 * FIFOs and devices are refused by lstat alone.
 */
export function checkViewFile(
  path: string,
  roots: readonly string[],
  maxBytes: number = MAX_VIEW_FILE_BYTES,
): { readonly file: ViewFile } | ViewFileRefusal {
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    return { refused: "missing", detail: errnoOf(error) };
  }
  if (!isWithinRoots(real, roots)) return { refused: "outside-roots", detail: real };
  try {
    const st = lstatSync(real);
    if (!st.isFile())
      return {
        refused: "not-regular",
        detail: st.isDirectory()
          ? "a folder"
          : st.isFIFO()
            ? "a FIFO"
            : st.isCharacterDevice() || st.isBlockDevice()
              ? "a device"
              : st.isSocket()
                ? "a socket"
                : "not a regular file",
      };
    if (st.size > maxBytes) return { refused: "too-large", detail: `${st.size} bytes` };
    return { file: { path: real, dev: st.dev, ino: st.ino } };
  } catch (error) {
    return { refused: "missing", detail: errnoOf(error) };
  }
}

function errnoOf(error: unknown): string {
  return error instanceof Error && "code" in error ? String((error as { code: unknown }).code) : "error";
}
