import { closeSync, readSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";

import { asReadError, openInputFile } from "./openInputFile.js";

/** Bytes read from the file at a time. */
const CHUNK_BYTES = 1 << 20;

/**
 * Reads a UTF-8 text input file a chunk at a time and calls `onLine` with each line (without
 * its `\n` or `\r\n`) and its 1-based number, so memory stays bounded by the longest line and
 * what `onLine` keeps, not by the file. The file gets {@link openInputFile}'s checks (a regular
 * file of at most `maxBytes`; never a FIFO) and is read no further than the size it had when
 * opened, so a file that grows while read cannot exceed the limit.
 */
export function forEachInputLine(
  path: string,
  maxBytes: number,
  onLine: (line: string, lineNumber: number) => void,
): void {
  const { fd, size } = openInputFile(path, maxBytes);
  const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(size, 1)));
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let lineNumber = 0;
  const emit = (text: string): void => {
    let start = 0;
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", start)) {
      const line = pending + text.slice(start, nl);
      pending = "";
      onLine(line.endsWith("\r") ? line.slice(0, -1) : line, ++lineNumber);
      start = nl + 1;
    }
    pending += text.slice(start);
  };
  try {
    for (let at = 0; at < size; ) {
      const n = readChunk(fd, buffer, Math.min(buffer.length, size - at), at, path);
      if (n === 0) break;
      at += n;
      emit(decoder.write(buffer.subarray(0, n)));
    }
    emit(decoder.end());
  } finally {
    closeSync(fd);
  }
  if (pending !== "") onLine(pending.endsWith("\r") ? pending.slice(0, -1) : pending, ++lineNumber);
}

/** One read; a file-system error is an IoError (exit 3), while what `onLine` throws passes unchanged. */
function readChunk(fd: number, buffer: Buffer, length: number, at: number, path: string): number {
  try {
    return readSync(fd, buffer, 0, length, at);
  } catch (error) {
    throw asReadError(error, path);
  }
}
