import { randomBytes } from "node:crypto";
import { existsSync, realpathSync, watch, type FSWatcher } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { basename, dirname, extname, join, resolve } from "node:path";

import { driveIk } from "../commands/ikCommand.js";
import { InputError } from "../errors.js";
import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { checkViewFile, type ViewFileRefusal } from "./checkViewFile.js";
import { checkViewRequest } from "./checkViewRequest.js";
import { listenOnLoopback } from "./listenOnLoopback.js";
import type { LoadedScene } from "./loadViewScene.js";
import { streamViewFile } from "./streamViewFile.js";
import { VIEW_COMMON_HEADERS, VIEW_FILE_CSP, VIEW_PAGE_TYPES } from "./viewHeaders.js";
import { viewRefusalDiagnostic } from "./viewRefusalDiagnostic.js";

/** A running `robokit view` server. */
export interface ViewServer {
  /** The page: `http://127.0.0.1:<port>/<token>/`. Everything the server answers lies below it. */
  readonly url: string;
  /** Reload count: the scene's generation, bumped by every successful or failed reload. */
  readonly generation: () => number;
  /** Stops watching and closes the server and its event streams. */
  readonly close: () => Promise<void>;
}

export { VIEW_CSP } from "./viewHeaders.js";

/** Options of {@link startViewServer}. */
export interface ViewServerOptions {
  /** Folder of the built page (index.html, viewer.js). */
  readonly pageDir: string;
  /** Loads (or reloads, with a growing generation) the scene. */
  readonly load: (generation: number) => Promise<LoadedScene>;
  /** TCP port; 0 (default) picks a free one. A port in use is a UsageError. */
  readonly port?: number;
  /** Watch the scene's files and push a reload to the page on change. Default true. */
  readonly watch?: boolean;
  /** Told about reload failures (the page shows them as diagnostics too). */
  readonly onReloadError?: (error: unknown) => void;
}

/** At most this many refusals found while serving are kept for the page (a DAE naming 10,000 textures is not a memory leak). */
const MAX_SERVED_REFUSALS = 100;

/**
 * Serves the viewer on 127.0.0.1 as a local service with a boundary (docs/security-view.md):
 * - every request needs the per-run token (32 random bytes) as its first path segment, a
 *   `Host` of `127.0.0.1:<port>` or `localhost:<port>` (no DNS rebinding), no foreign `Origin`
 *   and no cross-site `Sec-Fetch-Site`; otherwise 403;
 * - below `/<token>/`: the page (index.html, viewer.js), `api/scene` (the scene JSON),
 *   `api/ik?vx=&vy=&wz=` (`robokit ik --json`'s body for the model's drive), `api/events`
 *   (server-sent events: `reload`, and `refused` with a diagnostic), and `files/<i>/<name>`:
 *   mesh i of the scene, or a file beside it (a DAE's textures), as `application/octet-stream`
 *   in a CSP sandbox whatever its name, only regular files below the
 *   scene's roots (real paths), at most MAX_VIEW_FILE_BYTES, streamed;
 * - a handler error is a 4xx/5xx answer, never a dead server.
 */
export async function startViewServer(options: ViewServerOptions): Promise<ViewServer> {
  let generation = 0;
  let loaded = await options.load(0);
  /** Files refused while serving (beside a mesh, or changed since the scene checked them): shown with the scene's diagnostics. */
  const served: Diagnostic[] = [];
  /** After a failed reload: its diagnostics, shown instead of the last good scene's. */
  let reloadFailure: Diagnostic[] = [];
  // Written once per change, not per request: a big robot's scene is megabytes of JSON.
  let sceneCache: string | undefined;
  const sceneJson = (): string =>
    (sceneCache ??= JSON.stringify({
      ...loaded.scene,
      generation,
      diagnostics: reloadFailure.length > 0 ? reloadFailure : [...loaded.scene.diagnostics, ...served],
    }));
  const clients = new Set<ServerResponse>();
  let watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  const token = randomBytes(32).toString("base64url");
  const tokenBytes = Buffer.from(token);

  const reload = async (): Promise<void> => {
    generation++;
    try {
      loaded = await options.load(generation);
      reloadFailure = [];
      served.length = 0;
    } catch (error) {
      options.onReloadError?.(error);
      const diagnostics =
        error !== null && typeof error === "object" && "diagnostics" in error
          ? (error as { diagnostics: unknown }).diagnostics
          : [];
      const message = error instanceof Error ? error.message : String(error);
      reloadFailure = [
        { code: "VIEW_RELOAD_FAILED", severity: "error", message, file: loaded.scene.source } satisfies Diagnostic,
        ...(Array.isArray(diagnostics) ? (diagnostics as Diagnostic[]) : []),
      ];
    }
    sceneCache = undefined;
    rewatch();
    for (const c of clients) c.write(`event: reload\ndata: ${generation}\n\n`);
  };
  const rewatch = (): void => {
    if (options.watch === false) return;
    for (const w of watchers) w.close();
    watchers = loaded.watch
      .filter((p) => existsSync(p))
      .map((p) =>
        watch(p, { persistent: false }, () => {
          clearTimeout(timer);
          timer = setTimeout(() => void reload(), 120);
        }),
      );
  };
  rewatch();

  /** Records a file refused while serving and tells open pages (once per message). */
  const refuse = (what: string, refusal: ViewFileRefusal): void => {
    const d = viewRefusalDiagnostic(what, refusal, loaded.scene.source);
    if (d === undefined || served.length >= MAX_SERVED_REFUSALS || served.some((s) => s.message === d.message)) return;
    served.push(d);
    sceneCache = undefined;
    for (const c of clients) c.write(`event: refused\ndata: ${JSON.stringify(d)}\n\n`);
  };

  const pageDir = realpathSync(resolve(options.pageDir));
  let port = 0;

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const send = (status: number, type: string, body: string | Buffer): void => {
      res.writeHead(status, {
        ...VIEW_COMMON_HEADERS,
        "content-type": type,
        "content-length": Buffer.byteLength(body),
      });
      res.end(req.method === "HEAD" ? undefined : body);
    };
    const checked = checkViewRequest(req, port, tokenBytes);
    if (checked.kind === "answer") return send(checked.status, "text/plain; charset=utf-8", checked.message);
    if (checked.kind === "redirect") {
      res.writeHead(308, { ...VIEW_COMMON_HEADERS, location: checked.location, "content-length": 0 });
      return void res.end();
    }
    const { parts, rest, query } = checked.request;

    if (rest === "api/scene") return send(200, "application/json", sceneJson());
    if (rest === "api/events") {
      res.writeHead(200, { ...VIEW_COMMON_HEADERS, "content-type": "text/event-stream", connection: "keep-alive" });
      res.write(`event: hello\ndata: ${generation}\n\n`);
      clients.add(res);
      req.on("close", () => clients.delete(res));
      return;
    }
    if (rest === "api/ik") {
      const drive = loaded.drive;
      if (drive === undefined)
        return send(404, "application/json", JSON.stringify({ error: "the model declares no drive robokit can use" }));
      const num = (k: string): number => Number(query.get(k) ?? 0);
      const opts = { vx: num("vx"), vy: num("vy"), wz: num("wz"), limits: query.get("limits") !== "false" };
      if (![opts.vx, opts.vy, opts.wz].every(Number.isFinite))
        return send(400, "application/json", JSON.stringify({ error: "vx, vy, wz must be finite numbers" }));
      let report: ReturnType<typeof driveIk>;
      try {
        report = driveIk(drive, opts, loaded.scene.name);
      } catch (error) {
        // A twist this drive cannot follow (vy for a car-like base): the client's mistake.
        if (error instanceof InputError) return send(400, "application/json", JSON.stringify({ error: error.message }));
        throw error;
      }
      return send(
        200,
        "application/json",
        JSON.stringify({ drive: drive.type, command: { vx: opts.vx, vy: opts.vy, wz: opts.wz }, ...report.json }),
      );
    }
    if (parts[0] === "files" && parts.length >= 3) {
      const mesh = /^\d{1,9}$/.test(parts[1] ?? "") ? loaded.files[Number(parts[1])] : undefined;
      if (mesh === undefined) return send(404, "text/plain; charset=utf-8", "not found\n");
      const name = parts.slice(2).join("/");
      // Bytes for the viewer, never a page or a script, whatever the name says.
      const fileHeaders = { "content-type": "application/octet-stream", "content-security-policy": VIEW_FILE_CSP };
      const refused = (refusal: ViewFileRefusal): void => refuse(`file ${name}`, refusal);
      if (name === basename(mesh.path)) return streamViewFile(req, res, mesh, fileHeaders, refused);
      // A file the mesh names beside itself (a DAE's texture): the same checks as a scene file.
      const beside = checkViewFile(join(dirname(mesh.path), name), loaded.roots);
      if ("refused" in beside) {
        if (beside.refused !== "missing") refuse(`file ${name} beside ${basename(mesh.path)}`, beside);
        return send(
          beside.refused === "missing" ? 404 : 403,
          "text/plain; charset=utf-8",
          `not served: ${beside.refused}\n`,
        );
      }
      return streamViewFile(req, res, beside.file, fileHeaders, refused);
    }
    // The page itself: a file directly in pageDir.
    const page = rest === "" ? "index.html" : rest;
    if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(page)) return send(404, "text/plain; charset=utf-8", "not found\n");
    const pageFile = checkViewFile(join(pageDir, page), [pageDir]);
    if ("refused" in pageFile) return send(404, "text/plain; charset=utf-8", "not found\n");
    const type = VIEW_PAGE_TYPES[extname(page).toLowerCase()] ?? "application/octet-stream";
    return streamViewFile(req, res, pageFile.file, { "content-type": type }, (r) => refuse(`file ${page}`, r));
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      // A bug in a handler answers 500; the server keeps serving.
      if (!res.headersSent) {
        res.writeHead(500, { ...VIEW_COMMON_HEADERS, "content-type": "text/plain; charset=utf-8" });
        res.end("internal error\n");
      } else res.destroy();
    }
  });
  // Malformed requests (bad request lines, headers over Node's limit) get Node's 400/431 and a closed socket, nothing more.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return void socket.destroy();
    const status = error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  });
  port = await listenOnLoopback(server, options.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}/${token}/`,
    generation: () => generation,
    close: async () => {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      for (const c of clients) c.end();
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
