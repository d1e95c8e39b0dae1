import { closeSync, readSync } from "node:fs";

import { asReadError, openInputFile } from "./openInputFile.js";

/**
 * Reads an input file named on the command line whole, with {@link openInputFile}'s checks:
 * only a regular file, at most `maxBytes` (the limits are in INPUT_LIMITS), never waiting on a
 * FIFO. Where a file can be read a line at a time, {@link forEachInputLine} keeps less in memory.
 */
export function readInputFile(path: string, maxBytes: number): Buffer {
  const { fd, size } = openInputFile(path, maxBytes);
  try {
    const buffer = Buffer.alloc(size);
    let at = 0;
    while (at < buffer.length) {
      const n = readSync(fd, buffer, at, buffer.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return at === buffer.length ? buffer : buffer.subarray(0, at);
  } catch (error) {
    throw asReadError(error, path);
  } finally {
    closeSync(fd);
  }
}
