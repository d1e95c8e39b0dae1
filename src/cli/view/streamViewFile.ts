import { closeSync, createReadStream } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";

import type { ViewFile, ViewFileRefusal } from "./checkViewFile.js";
import { openViewFile } from "./openViewFile.js";
import { VIEW_COMMON_HEADERS } from "./viewHeaders.js";

/**
 * Answers with a checked file: opened without following a swap (the device and inode checked),
 * its size from `fstat`, streamed and never more than that size. `headers` add to or replace
 * the common ones (its content type, and a stricter CSP for meshes and textures). A file that
 * cannot be opened is 404 (gone) or 403, and `refuse` hears of it unless it is just missing.
 */
export function streamViewFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: ViewFile,
  headers: Readonly<Record<string, string>>,
  refuse: (refusal: ViewFileRefusal) => void,
): void {
  const opened = openViewFile(file);
  if ("refused" in opened) {
    if (opened.refused !== "missing") refuse(opened);
    const body = `not served: ${opened.refused}\n`;
    res.writeHead(opened.refused === "missing" ? 404 : 403, {
      ...VIEW_COMMON_HEADERS,
      "content-type": "text/plain; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    return void res.end(req.method === "HEAD" ? undefined : body);
  }
  res.writeHead(200, { ...VIEW_COMMON_HEADERS, ...headers, "content-length": opened.size });
  if (req.method === "HEAD" || opened.size === 0) {
    closeSync(opened.fd);
    return void res.end();
  }
  // Streamed, and never more than the size fstat saw: a file that grows meanwhile is cut there.
  const stream = createReadStream("", { fd: opened.fd, start: 0, end: opened.size - 1, autoClose: true });
  stream.on("error", () => res.destroy());
  res.on("close", () => stream.destroy());
  stream.pipe(res);
}
