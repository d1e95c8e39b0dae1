import { existsSync, readFileSync, watch, type FSWatcher } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve } from "node:path";

import { steeredIk, omniIk } from "../commands/ikCommand.js";
import type { Diagnostic } from "../../validate/Diagnostic.js";
import type { LoadedScene } from "./loadViewScene.js";
import { readRegularFile } from "../resolve/readRegularFile.js";

/** Largest mesh file the page is served, bytes (256 MiB: far above any robot mesh). */
const MAX_MESH_BYTES = 256 * 1024 * 1024;

/** A running `robokit view` server. */
export interface ViewServer {
  /** `http://127.0.0.1:<port>/`. */
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
  /** TCP port; 0 (default) picks a free one. */
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
  ".stl": "model/stl",
  ".dae": "model/vnd.collada+xml",
  ".obj": "model/obj",
  ".png": "image/png",
  ".jpg": "image/jpeg",
};

/**
 * Serves the viewer on 127.0.0.1: the static page, `GET /api/scene` (the scene JSON),
 * `GET /api/ik?vx=&vy=&wz=` (`robokit ik --json`'s body for the model's drive),
 * `GET /api/events` (server-sent events: `reload` after a watched file changed) and
 * `GET /files/<i>/<name>` (resolved meshes). Nothing else on disk is reachable.
 */
export async function startViewServer(options: ViewServerOptions): Promise<ViewServer> {
  let generation = 0;
  let loaded = await options.load(0);
  let sceneJson = JSON.stringify({ ...loaded.scene, generation });
  const clients = new Set<ServerResponse>();
  let watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;

  const reload = async (): Promise<void> => {
    generation++;
    try {
      loaded = await options.load(generation);
      sceneJson = JSON.stringify({ ...loaded.scene, generation });
    } catch (error) {
      options.onReloadError?.(error);
      const diagnostics = error !== null && typeof error === "object" && "diagnostics" in error ? (error as { diagnostics: unknown }).diagnostics : [];
      const message = error instanceof Error ? error.message : String(error);
      sceneJson = JSON.stringify({
        ...loaded.scene,
        generation,
        diagnostics: [{ code: "VIEW_RELOAD_FAILED", severity: "error", message, file: loaded.scene.source } satisfies Diagnostic, ...(Array.isArray(diagnostics) ? diagnostics : [])],
      });
    }
    rewatch();
    for (const c of clients) c.write(`event: reload\ndata: ${generation}\n\n`);
  };
  const rewatch = (): void => {
    if (options.watch === false) return;
    for (const w of watchers) w.close();
    watchers = loaded.watch.filter((p) => existsSync(p)).map((p) =>
      watch(p, { persistent: false }, () => {
        clearTimeout(timer);
        timer = setTimeout(() => void reload(), 120);
      }),
    );
  };
  rewatch();

  const pageDir = resolve(options.pageDir);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const send = (status: number, type: string, body: string | Buffer): void => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      res.end(body);
    };
    if (url.pathname === "/api/scene") return send(200, TYPES[".json"] ?? "", sceneJson);
    if (url.pathname === "/api/events") {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
      res.write(`event: hello\ndata: ${generation}\n\n`);
      clients.add(res);
      req.on("close", () => clients.delete(res));
      return;
    }
    if (url.pathname === "/api/ik") {
      const drive = loaded.drive;
      if (drive === undefined) return send(404, "application/json", JSON.stringify({ error: "the model has no steered or omni drive" }));
      const num = (k: string): number => Number(url.searchParams.get(k) ?? 0);
      const opts = { vx: num("vx"), vy: num("vy"), wz: num("wz"), limits: url.searchParams.get("limits") !== "false" };
      if (![opts.vx, opts.vy, opts.wz].every(Number.isFinite)) return send(400, "application/json", JSON.stringify({ error: "vx, vy, wz must be finite numbers" }));
      const report = drive.type === "steered" ? steeredIk(drive, opts) : omniIk(drive, opts);
      return send(200, "application/json", JSON.stringify({ drive: drive.type, command: { vx: opts.vx, vy: opts.vy, wz: opts.wz }, ...report.json }));
    }
    const file = /^\/files\/(\d+)\//.exec(url.pathname);
    if (file !== null) {
      const path = loaded.files[Number(file[1])];
      // Only a regular file of bounded size is served: a mesh URI naming a FIFO or a device must not hang or fill the server.
      const read = path === undefined ? undefined : readRegularFile(path, MAX_MESH_BYTES);
      if (path === undefined || read === undefined || !("bytes" in read)) return send(404, "text/plain", "not found");
      return send(200, TYPES[extname(path).toLowerCase()] ?? "application/octet-stream", read.bytes);
    }
    const rel = url.pathname === "/" ? "index.html" : normalize(decodeURIComponent(url.pathname)).replace(/^[/\\]+/, "");
    const path = join(pageDir, rel);
    if (!path.startsWith(pageDir) || !existsSync(path) || rel.includes("..")) return send(404, "text/plain", "not found");
    return send(200, TYPES[extname(path)] ?? "application/octet-stream", readFileSync(path));
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? 0, "127.0.0.1", () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
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
