import { writeSync } from "node:fs";

import { IoError } from "./errors.js";
import { readerClosed, stdoutFailure } from "./stdoutFailure.js";

/** Slice size of {@link writeStdoutSync}, as writeStdout's. */
const SLICE = 1 << 20;

/**
 * Writes a generated file to file descriptor 1 with blocking writes, without process.stdout:
 * `robokit xacro` starts faster without Node's stream modules, which process.stdout loads. A
 * failed write (`> /dev/full`) throws an {@link IoError} with the line main.ts prints for
 * process.stdout's failures (exit 3); a reader that closed the pipe (`| head`) ends the output
 * quietly, as main.ts does.
 *
 * @param text - the whole output, written in 1 MiB slices (a surrogate pair is never split).
 */
export function writeStdoutSync(text: string): void {
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + SLICE);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    if (!writeAll(Buffer.from(text.slice(at, end), "utf8"))) return;
    at = end;
  }
}

/** Writes every byte; false when the reader has closed the pipe. */
function writeAll(bytes: Buffer): boolean {
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(1, bytes, done);
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      // A non-blocking stdout that is full for now: wait a millisecond and write on.
      if (e.code === "EAGAIN") Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      else if (readerClosed(e)) return false;
      else throw new IoError(stdoutFailure(e));
    }
  }
  return true;
}
