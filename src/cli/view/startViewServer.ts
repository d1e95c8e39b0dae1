import { randomBytes, timingSafeEqual } from "node:crypto";
import { closeSync, createReadStream, existsSync, realpathSync, watch, type FSWatcher } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, dirname, extname, join, resolve } from "node:path";

import { driveIk } from "../commands/ikCommand.js";
import { InputError, UsageError } from "../errors.js";
import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { checkViewFile, type ViewFile, type ViewFileRefusal } from "./checkViewFile.js";
import type { LoadedScene } from "./loadViewScene.js";
import { openViewFile } from "./openViewFile.js";
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

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".stl": "model/stl",
  ".dae": "model/vnd.collada+xml",
  ".obj": "model/obj",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

/**
 * The page's Content-Security-Policy: scripts, styles (the page's own inline <style> too),
 * images and fetches only from the server itself (plus data: and blob: URLs, which three.js
 * makes from bytes it already has). No remote host can be reached, no frame can embed it.
 */
export const VIEW_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' data: blob:; " +
  "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Headers on every answer: no caching, no sniffing, no referrer (the token is in the path), the CSP. */
const COMMON_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
  "x-frame-options": "DENY",
  "content-security-policy": VIEW_CSP,
} as const;

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
 *   mesh i of the scene, or a file beside it (a DAE's textures), only regular files below the
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
  const allowedHosts = (): string[] => [`127.0.0.1:${port}`, `localhost:${port}`];

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const send = (status: number, type: string, body: string | Buffer): void => {
      res.writeHead(status, { ...COMMON_HEADERS, "content-type": type, "content-length": Buffer.byteLength(body) });
      res.end(req.method === "HEAD" ? undefined : body);
    };
    const deny = (why: string): void => send(403, "text/plain; charset=utf-8", `forbidden: ${why}\n`);
    // DNS rebinding: a page of evil.example whose name now points at 127.0.0.1 still sends its own Host.
    if (!allowedHosts().includes(req.headers.host ?? ""))
      return deny("Host must be 127.0.0.1 or localhost with this port");
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts().some((h) => origin === `http://${h}`)) return deny("foreign Origin");
    const site = req.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin" && site !== "none") return deny("cross-site request");
    if (req.method !== "GET" && req.method !== "HEAD")
      return send(405, "text/plain; charset=utf-8", "only GET and HEAD\n");
    const raw = req.url ?? "/";
    const q = raw.indexOf("?");
    const pathname = q < 0 ? raw : raw.slice(0, q);
    const query = new URLSearchParams(q < 0 ? "" : raw.slice(q + 1));
    const segments = pathname.split("/");
    // segments[0] is "" (the leading slash); segments[1] must be the token.
    const given = Buffer.from(segments[1] ?? "");
    if (!(given.length === tokenBytes.length && timingSafeEqual(given, tokenBytes)))
      return deny("missing or wrong token (open the address robokit view printed)");
    if (segments.length === 2) {
      res.writeHead(308, {
        ...COMMON_HEADERS,
        location: `/${token}/${q < 0 ? "" : raw.slice(q)}`,
        "content-length": 0,
      });
      return void res.end();
    }
    let parts: string[];
    try {
      parts = segments.slice(2).map((s) => decodeURIComponent(s));
    } catch {
      return send(400, "text/plain; charset=utf-8", "malformed percent-escape in the path\n");
    }
    if (parts.some((p) => p === ".." || p === "." || p.includes("/") || p.includes("\\") || p.includes("\0")))
      return send(400, "text/plain; charset=utf-8", "bad path\n");
    const rest = parts.join("/");

    if (rest === "api/scene") return send(200, TYPES[".json"] ?? "", sceneJson());
    if (rest === "api/events") {
      res.writeHead(200, { ...COMMON_HEADERS, "content-type": "text/event-stream", connection: "keep-alive" });
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
      if (name === basename(mesh.path)) return streamFile(mesh, name);
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
      return streamFile(beside.file, name);
    }
    // The page itself: a file directly in pageDir.
    const page = rest === "" ? "index.html" : rest;
    if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(page)) return send(404, "text/plain; charset=utf-8", "not found\n");
    const checked = checkViewFile(join(pageDir, page), [pageDir]);
    if ("refused" in checked) return send(404, "text/plain; charset=utf-8", "not found\n");
    return streamFile(checked.file, page);

    function streamFile(file: ViewFile, name: string): void {
      const opened = openViewFile(file);
      if ("refused" in opened) {
        if (opened.refused !== "missing") refuse(`file ${name}`, opened);
        return send(
          opened.refused === "missing" ? 404 : 403,
          "text/plain; charset=utf-8",
          `not served: ${opened.refused}\n`,
        );
      }
      res.writeHead(200, {
        ...COMMON_HEADERS,
        "content-type": TYPES[extname(name).toLowerCase()] ?? "application/octet-stream",
        "content-length": opened.size,
      });
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
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      // A bug in a handler answers 500; the server keeps serving.
      if (!res.headersSent) {
        res.writeHead(500, { ...COMMON_HEADERS, "content-type": "text/plain; charset=utf-8" });
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
  await new Promise<void>((ok, fail) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE")
        fail(
          new UsageError(
            `--port ${options.port ?? 0}: the port is in use on 127.0.0.1; choose another or leave --port out for a free one`,
          ),
        );
      else if (error.code === "EACCES")
        fail(new UsageError(`--port ${options.port ?? 0}: not allowed to listen on this port; choose one above 1023`));
      else fail(error);
    });
    server.listen(options.port ?? 0, "127.0.0.1", () => ok());
  });
  port = (server.address() as AddressInfo).port;
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
