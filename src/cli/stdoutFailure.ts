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
