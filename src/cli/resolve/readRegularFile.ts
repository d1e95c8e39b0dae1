import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";

/** The bytes of a file, or why they were not read: not a regular file, too large, or an I/O error (errno code). */
export type ReadRegularFileResult =
  | { readonly bytes: Buffer }
  | { readonly problem: "not-regular" | "too-large" | "unreadable"; readonly detail: string };

/**
 * Reads a file only when it is a regular file of at most `maxBytes` bytes. Devices
 * (`/dev/zero`), FIFOs, sockets and folders are refused before they are opened (opening a
 * FIFO would block); the file is opened non-blocking and checked again with fstat, and at most
 * `maxBytes + 1` bytes are ever read, so a file that grows meanwhile is still caught.
 */
export function readRegularFile(path: string, maxBytes: number): ReadRegularFileResult {
  let fd: number | undefined;
  try {
    const st = statSync(path);
    if (!st.isFile()) return { problem: "not-regular", detail: st.isDirectory() ? "a folder" : "not a regular file" };
    if (st.size > maxBytes) return { problem: "too-large", detail: `${st.size} bytes` };
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const again = fstatSync(fd);
    if (!again.isFile()) return { problem: "not-regular", detail: "not a regular file" };
    let buffer = Buffer.alloc(Math.min(maxBytes + 1, again.size + 1));
    let total = 0;
    for (;;) {
      if (total === buffer.length) {
        if (total > maxBytes) return { problem: "too-large", detail: `more than ${maxBytes} bytes` };
        const bigger = Buffer.alloc(Math.min(maxBytes + 1, buffer.length * 2));
        buffer.copy(bigger);
        buffer = bigger;
      }
      const n = readSync(fd, buffer, total, buffer.length - total, null);
      if (n === 0) break;
      total += n;
    }
    if (total > maxBytes) return { problem: "too-large", detail: `more than ${maxBytes} bytes` };
    return { bytes: buffer.subarray(0, total) };
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String((error as { code: unknown }).code) : "error";
    return { problem: "unreadable", detail: code };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
