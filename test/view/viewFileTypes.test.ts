import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { loadViewScene } from "../../src/cli/view/loadViewScene.js";
import { startViewServer, type ViewServer } from "../../src/cli/view/startViewServer.js";

const tmp = mkdtempSync(join(tmpdir(), "robokit-view-types-"));
const servers: ViewServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(tmp, { recursive: true, force: true });
});

function get(url: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  const u = new URL(url);
  return new Promise((ok, fail) => {
    const req = request({ host: "127.0.0.1", port: u.port, path: u.pathname, headers: { host: u.host } }, (res) => {
      res.resume();
      res.on("end", () => ok({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", fail);
    req.end();
  });
}

describe("robokit view serves meshes and textures as bytes, never as pages", () => {
  it("a mesh named *.html and a *.js beside it: application/octet-stream, nosniff, a sandbox CSP", async () => {
    const pageDir = join(tmp, "page");
    mkdirSync(pageDir);
    writeFileSync(join(pageDir, "index.html"), "<!doctype html><title>page</title>\n");
    writeFileSync(join(pageDir, "viewer.js"), "// page\n");
    const dir = join(tmp, "robot");
    mkdirSync(dir);
    writeFileSync(join(dir, "mesh.html"), "<script src='evil.js'></script>");
    writeFileSync(join(dir, "evil.js"), "fetch('api/scene')");
    writeFileSync(join(dir, "skin.png"), "PNG");
    const urdf = join(dir, "r.urdf");
    writeFileSync(
      urdf,
      `<robot name="r"><link name="l"><visual><geometry><mesh filename="mesh.html"/></geometry></visual></link></robot>\n`,
    );
    const server = await startViewServer({
      pageDir,
      load: () => loadViewScene(urdf, null, 0, { env: {} }),
      watch: false,
    });
    servers.push(server);
    for (const name of ["mesh.html", "evil.js", "skin.png"]) {
      const a = await get(`${server.url}files/0/${name}`);
      expect(a.status, name).toBe(200);
      expect(a.headers["content-type"], name).toBe("application/octet-stream");
      expect(a.headers["x-content-type-options"], name).toBe("nosniff");
      expect(String(a.headers["content-security-policy"]), name).toMatch(/^sandbox; default-src 'none'/);
    }
    // The page itself keeps its types and its own policy.
    const page = await get(server.url);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(String(page.headers["content-security-policy"])).toMatch(/^default-src 'self'; script-src 'self'/);
    expect((await get(`${server.url}viewer.js`)).headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });
});
