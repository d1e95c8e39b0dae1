import { closeSync, constants, fstatSync, openSync } from "node:fs";

import { InputError, IoError } from "./errors.js";

/** An input file opened for reading: its descriptor and its size (bytes) when opened. */
export interface OpenInputFile {
  readonly fd: number;
  readonly size: number;
}

/**
 * Opens an input file named on the command line, with the checks every read makes: only a
 * regular file (a folder, FIFO or device is an IoError, exit 3; a FIFO is never waited on), at
 * most `maxBytes` (larger is INPUT_TOO_LARGE, exit 1, and is not read). A missing file is
 * FILE_READ_ERROR (exit 1). The caller closes the descriptor.
 */
export function openInputFile(path: string, maxBytes: number): OpenInputFile {
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
    return { fd, size: stat.size };
  } catch (error) {
    closeSync(fd);
    throw asReadError(error, path);
  }
}

/** An error met while reading `path`: InputError and IoError as they are, anything else as IoError (exit 3). */
export function asReadError(error: unknown, path: string): unknown {
  if (error instanceof InputError || error instanceof IoError) return error;
  return new IoError(`cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
}
