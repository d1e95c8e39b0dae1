/** One line for a failed write to stdout (EPIPE, ENOSPC, EIO, …). */
export function stdoutFailure(error: NodeJS.ErrnoException): string {
  const why =
    error.code === "EPIPE"
      ? "the reader closed the pipe"
      : error.code === "ENOSPC"
        ? "no space left on the device"
        : "the write failed";
  return `cannot write to stdout: ${why} (${error.code ?? "error"}); the output is incomplete`;
}

/**
 * Whether a failed write to stdout means only that its reader stopped reading (`| head`): EPIPE,
 * or a write after that to the stream Node then closed. That is the reader's choice, not a failure.
 */
export function readerClosed(error: NodeJS.ErrnoException): boolean {
  return error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED";
}
