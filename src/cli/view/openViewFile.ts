import { closeSync, constants, fstatSync, openSync } from "node:fs";

import { MAX_VIEW_FILE_BYTES, type ViewFile, type ViewFileRefusal } from "./checkViewFile.js";

/**
 * Opens a checked {@link ViewFile} for streaming: non-blocking and without following a symlink
 * in its last component, then fstat must show a regular file with the device and inode that
 * were checked (so a file swapped for a FIFO or for a link elsewhere since is refused) and at
 * most `maxBytes`. The caller streams `size` bytes from `fd` and closes it.
 */
export function openViewFile(
  file: ViewFile,
  maxBytes: number = MAX_VIEW_FILE_BYTES,
): { readonly fd: number; readonly size: number } | ViewFileRefusal {
  let fd: number;
  try {
    fd = openSync(file.path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    return {
      refused: "missing",
      detail: error instanceof Error && "code" in error ? String((error as { code: unknown }).code) : "error",
    };
  }
  try {
    const st = fstatSync(fd);
    let refusal: ViewFileRefusal | undefined;
    if (!st.isFile()) refusal = { refused: "not-regular", detail: "not a regular file" };
    else if (st.dev !== file.dev || st.ino !== file.ino)
      refusal = { refused: "outside-roots", detail: `${file.path} was replaced after it was checked` };
    else if (st.size > maxBytes) refusal = { refused: "too-large", detail: `${st.size} bytes` };
    if (refusal === undefined) return { fd, size: st.size };
    closeSync(fd);
    return refusal;
  } catch (error) {
    closeSync(fd);
    return {
      refused: "missing",
      detail: error instanceof Error && "code" in error ? String((error as { code: unknown }).code) : "error",
    };
  }
}
