import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync,
  constants,
  lstatSync,
  openSync,
  writeFileSync,
  writeSync,
  type Stats,
} from "node:fs";
import { basename, dirname, join } from "node:path";

import { IoError } from "./errors.js";

/**
 * Creates `path` and writes `content` into it, only if nothing is there: O_CREAT|O_EXCL
 * (never opens an existing file, FIFO or device, and fails on a symbolic link, dangling or
 * not) plus O_NOFOLLOW. A file planted at the name in advance is never written through.
 *
 * @param content - the text or bytes, or text in pieces (written as each is produced, so a
 *   long CSV is never held whole).
 * @throws the file system's error (EEXIST when something is there).
 */
export function writeNewFile(path: string, content: string | Uint8Array | Iterable<string>): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o666);
  try {
    if (typeof content === "string" || content instanceof Uint8Array) writeFileSync(fd, content);
    else for (const chunk of content) writeAll(fd, Buffer.from(chunk, "utf8"));
  } finally {
    closeSync(fd);
  }
}

/** Writes every byte of `bytes` (writeSync may write fewer than asked). */
function writeAll(fd: number, bytes: Buffer): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
}

/**
 * A temporary name beside `final` that nobody can guess in advance (64 random bits):
 * `.NAME.robokit-tmp-<hex>` in the same folder, so the rename into place stays on one file
 * system.
 */
export function temporaryName(final: string): string {
  return join(dirname(final), `.${basename(final)}.robokit-tmp-${randomBytes(8).toString("hex")}`);
}

/** What a file-system entry is, in words, for messages. */
export function entryKind(stats: Stats): string {
  if (stats.isSymbolicLink()) return "a symbolic link";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isDirectory()) return "a folder";
  return "a file";
}

/**
 * What is at `path` now, without following a link: undefined when nothing, its Stats when a
 * regular file. Anything else (a symbolic link, FIFO, socket, device or folder) is refused:
 * robokit replaces only regular files, and never writes through a link.
 *
 * @param shown - the path as the user should see it.
 * @throws IoError naming the kind of entry found.
 */
export function existingFile(path: string, shown: string): Stats | undefined {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (stats === undefined || stats.isFile()) return stats;
  throw new IoError(
    `refusing to write ${shown}: it is ${entryKind(stats)} (robokit replaces only regular files and never writes through a link)`,
  );
}

/**
 * Gives `path` (a file or folder robokit just created) the permission bits, owner and group
 * of the entry it replaces, so that replacing a folder or file does not change who may read
 * it. The owner first: chown clears set-user-ID and set-group-ID bits.
 *
 * @throws IoError when the owner cannot be kept (a user replacing another user's folder).
 */
export function keepModeAndOwner(path: string, was: Stats, shown: string): void {
  const now = lstatSync(path);
  if (now.uid !== was.uid || now.gid !== was.gid) {
    try {
      chownSync(path, was.uid, was.gid);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "error";
      throw new IoError(
        `cannot keep the owner of ${shown} (uid ${was.uid}, gid ${was.gid}; ${code}): robokit does not change who owns it`,
      );
    }
  }
  if ((now.mode & 0o7777) !== (was.mode & 0o7777) || now.uid !== was.uid || now.gid !== was.gid)
    chmodSync(path, was.mode & 0o7777);
}
