import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

import { InputError, IoError } from "./errors.js";

/**
 * Reads an input file named on the command line: only a regular file (a folder, FIFO or
 * device is an IoError, exit 3; a FIFO is never waited on), at most `maxBytes` (larger is
 * INPUT_TOO_LARGE, exit 1, and is not read; the limits are in INPUT_LIMITS). A missing file is FILE_READ_ERROR (exit 1).
 */
export function readInputFile(path: string, maxBytes: number): Buffer {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT")
      throw new InputError(`${path}: file not found`, [
        { code: "FILE_READ_ERROR", severity: "error", message: "file not found", file: path },
      ]);
    throw new IoError(`cannot read ${path} (${code ?? String(error)})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      throw new IoError(`cannot read ${path}: ${stat.isDirectory() ? "it is a folder" : "it is not a regular file"}`);
    if (stat.size > maxBytes) {
      throw new InputError(`${path}: the file is too large`, [
        {
          code: "INPUT_TOO_LARGE",
          severity: "error",
          message: `the file has ${stat.size} bytes; robokit reads at most ${maxBytes} bytes`,
          file: path,
        },
      ]);
    }
    const buffer = Buffer.alloc(stat.size);
    let at = 0;
    while (at < buffer.length) {
      const n = readSync(fd, buffer, at, buffer.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return at === buffer.length ? buffer : buffer.subarray(0, at);
  } catch (error) {
    if (error instanceof InputError || error instanceof IoError) throw error;
    throw new IoError(`cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  } finally {
    closeSync(fd);
  }
}
