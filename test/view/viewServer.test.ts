// robokit view is a local service with a boundary. Every test talks to a real server
// (startViewServer in-process, or the CLI in a child process) over TCP.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequire } from "node:module";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { UsageError } from "../../src/cli/errors.js";
import { loadViewScene } from "../../src/cli/view/loadViewScene.js";
import { startViewServer, type ViewServer } from "../../src/cli/view/startViewServer.js";
import { runCliProcess } from "../support/runCliProcess.js";

const tmp = mkdtempSync(join(tmpdir(), "robokit-view-server-"));
const servers: ViewServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(tmp, { recursive: true, force: true });
});

const SECRET = "SECRET-OUTSIDE-THE-ROBOT-FOLDER";
const pageDir = join(tmp, "page");
// The robot's package `p`: urdf/r.urdf, meshes/, a DAE with a texture beside it.
const pkg = join(tmp, "ws", "p");
const urdfFile = join(pkg, "urdf", "r.urdf");

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One raw HTTP request: the path is sent as given (no normalisation, no re-encoding). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((ok, fail) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: "GET", headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", fail);
      },
    );
    req.on("error", fail);
    req.end();
  });
}

const urdf = (meshes: readonly string[], extra = ""): string =>
  `<robot name="r"><material name="skin"><texture filename="http://evil.example/skin.png"/></material>
${meshes.map((m, i) => `<link name="l${i}"><visual><geometry><mesh filename="${m}"/></geometry></visual></link>`).join("\n")}
${extra}</robot>\n`;

// Every way a mesh URI used to reach the secret, and the ones that must still work.
const outside = [
  "../../../secret.stl",
  join(tmp, "secret.stl"),
  `file://${join(tmp, "secret.stl")}`,
  "package://p/../../secret.stl",
  "../meshes/escape.stl", // a symlink inside the package pointing out
];

/** Codes of the diagnostics whose message names `text` (the validator's RESOURCE_* ones too). */
const codesAbout = (diagnostics: readonly { code: string; message: string }[], text: string): string[] =>
  diagnostics.filter((d) => d.message.includes(text)).map((d) => d.code);

let server: ViewServer;
let port: number;
let base: string;

beforeAll(async () => {
  mkdirSync(pageDir);
  writeFileSync(join(pageDir, "index.html"), "<!doctype html><title>page</title>\n");
  writeFileSync(join(pageDir, "viewer.js"), "// page\n");
  writeFileSync(join(tmp, "secret.stl"), SECRET);
  writeFileSync(join(tmp, "secret.png"), SECRET);
  mkdirSync(join(pkg, "urdf"), { recursive: true });
  mkdirSync(join(pkg, "meshes"));
  writeFileSync(join(pkg, "package.xml"), "<package format='3'><name>p</name></package>\n");
  writeFileSync(join(pkg, "meshes", "base.stl"), "solid base\nendsolid base\n");
  writeFileSync(join(pkg, "meshes", "arm.dae"), "<COLLADA/>");
  writeFileSync(join(pkg, "meshes", "arm.png"), "PNG-BESIDE-THE-DAE");
  symlinkSync(join(tmp, "secret.stl"), join(pkg, "meshes", "escape.stl"));
  symlinkSync(join(tmp, "secret.png"), join(pkg, "meshes", "leak.png"));
  execFileSync("mkfifo", [join(pkg, "meshes", "fifo.stl")]);
  writeFileSync(
    urdfFile,
    urdf(
      [
        "package://p/meshes/base.stl",
        "../meshes/arm.dae",
        "../meshes/fifo.stl",
        ...outside,
        "http://evil.example/remote.stl",
      ],
      // A '>' inside an earlier attribute hid the filename from a regular expression.
      `<link name="tricky"><visual><geometry><mesh note="a>b" filename="https://evil.example/tricky.stl"/></geometry><material name="m"><TEXTURE filename="//evil.example/t.png"/></material></visual></link>`,
    ),
  );
  server = await startViewServer({ pageDir, load: () => loadViewScene(urdfFile, null, 0, { env: {} }), watch: false });
  servers.push(server);
  const url = new URL(server.url);
  port = Number(url.port);
  base = url.pathname;
});

describe("robokit view: a token, a Host and an Origin on every request", () => {
  it("prints a URL with a long random token, and a second server gets another one", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{43}\/$/);
    const other = await startViewServer({
      pageDir,
      load: () => loadViewScene(urdfFile, null, 0, { env: {} }),
      watch: false,
    });
    servers.push(other);
    expect(new URL(other.url).pathname).not.toBe(base);
    // Each token opens only its own server.
    expect((await get(Number(new URL(other.url).port), `${base}api/scene`)).status).toBe(403);
  });

  it("answers 403 without the token, with a wrong or truncated one, and 200 with it", async () => {
    for (const path of [
      "/",
      "/index.html",
      "/api/scene",
      "/files/0/base.stl",
      `/${"A".repeat(43)}/api/scene`,
      `${base.slice(0, -2)}/api/scene`,
    ]) {
      const a = await get(port, path);
      expect(a.status, path).toBe(403);
      expect(a.body).not.toContain("solid base");
    }
    expect((await get(port, base)).status).toBe(200);
    expect((await get(port, `${base}api/scene`)).status).toBe(200);
    // Without the trailing slash: sent to the page, still below the token.
    const bare = await get(port, base.slice(0, -1));
    expect([bare.status, bare.headers["location"]]).toEqual([308, base]);
  });

  it("refuses DNS rebinding (a foreign Host), a foreign Origin and cross-site fetches, even with the token", async () => {
    const scene = `${base}api/scene`;
    expect((await get(port, scene, { host: `evil.example:${port}` })).status).toBe(403);
    expect((await get(port, scene, { host: "127.0.0.1" })).status).toBe(403);
    expect((await get(port, scene, { host: `127.0.0.1:${port + 1}` })).status).toBe(403);
    expect((await get(port, scene, { origin: "http://evil.example" })).status).toBe(403);
    expect((await get(port, scene, { origin: `http://127.0.0.1:${port + 1}` })).status).toBe(403);
    expect((await get(port, scene, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await get(port, scene, { "sec-fetch-site": "same-site" })).status).toBe(403);
    expect(
      (
        await get(port, scene, {
          host: `localhost:${port}`,
          origin: `http://localhost:${port}`,
          "sec-fetch-site": "same-origin",
        })
      ).status,
    ).toBe(200);
    expect((await get(port, scene, { origin: `http://127.0.0.1:${port}` })).status).toBe(200);
  });

  it("sends the page with a Content-Security-Policy that allows no other host", async () => {
    const page = await get(port, base);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toMatch(/default-src 'self'/);
    for (const directive of csp.split(";").map((d) => d.trim())) {
      // Only 'self', data:, blob:, 'none' and the inline styles of index.html: no host, no scheme of the network.
      for (const source of directive.split(/\s+/).slice(1))
        expect(["'self'", "'none'", "data:", "blob:", "'unsafe-inline'"], directive).toContain(source);
    }
    expect(csp).toMatch(/connect-src 'self'/);
    expect(csp).toMatch(/img-src 'self'/);
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
  });
});

describe("robokit view serves only regular files below the robot's roots", () => {
  it("serves the package's mesh and the texture beside a DAE", async () => {
    const scene = JSON.parse((await get(port, `${base}api/scene`)).body) as { urdf: string };
    expect(scene.urdf).toContain('filename="files/0/base.stl"');
    expect(scene.urdf).toContain('filename="files/1/arm.dae"');
    expect((await get(port, `${base}files/0/base.stl`)).body).toBe("solid base\nendsolid base\n");
    expect((await get(port, `${base}files/1/arm.png`)).body).toBe("PNG-BESIDE-THE-DAE");
  });

  it("refuses ../, absolute, file://, package://p/../ and a symlink out of the package, and says so in the page's diagnostics", async () => {
    const scene = JSON.parse((await get(port, `${base}api/scene`)).body) as {
      urdf: string;
      diagnostics: { code: string; message: string }[];
    };
    expect(scene.urdf).not.toContain("secret");
    for (const uri of outside) {
      expect(codesAbout(scene.diagnostics, uri), uri).toContain("VIEW_FILE_OUTSIDE_ROOTS");
    }
    // No index the scene hands out leads to the secret.
    for (let i = 0; i < 10; i++) expect((await get(port, `${base}files/${i}/secret.stl`)).body).not.toContain(SECRET);
    // Nor does a path beside a served mesh: .., an encoded slash, a symlink out.
    for (const path of [
      `${base}files/0/../../secret.stl`,
      `${base}files/0/..%2F..%2F..%2Fsecret.stl`,
      `${base}files/0/%2E%2E/secret.stl`,
      `${base}files/0/leak.png`,
      `${base}..%2F..%2Fsecret.stl`,
    ]) {
      const a = await get(port, path);
      expect(a.status, path).toBeGreaterThanOrEqual(400);
      expect(a.body).not.toContain(SECRET);
    }
    const after = JSON.parse((await get(port, `${base}api/scene`)).body) as {
      diagnostics: { code: string; message: string }[];
    };
    expect(codesAbout(after.diagnostics, "leak.png")).toContain("VIEW_FILE_OUTSIDE_ROOTS");
  });

  it("never opens a FIFO mesh: VIEW_FILE_NOT_REGULAR, and the server keeps answering", async () => {
    const scene = JSON.parse((await get(port, `${base}api/scene`)).body) as {
      urdf: string;
      diagnostics: { code: string; message: string }[];
    };
    expect(codesAbout(scene.diagnostics, "fifo.stl")).toContain("VIEW_FILE_NOT_REGULAR");
    expect(scene.urdf).not.toContain('fifo.stl"');
    expect((await get(port, `${base}files/0/fifo.stl`)).status).toBe(403);
    expect((await get(port, `${base}api/scene`)).status).toBe(200);
  });

  it("drops every network URL (mesh, <texture>, a mesh behind an attribute holding '>'): VIEW_URL_REMOTE, nothing of evil.example reaches the page", async () => {
    const scene = JSON.parse((await get(port, `${base}api/scene`)).body) as {
      urdf: string;
      diagnostics: { code: string; message: string }[];
    };
    expect(scene.urdf).not.toContain("evil.example");
    expect(scene.urdf).not.toMatch(/<texture/i);
    for (const uri of [
      "http://evil.example/skin.png",
      "http://evil.example/remote.stl",
      "https://evil.example/tricky.stl",
    ]) {
      expect(codesAbout(scene.diagnostics, uri), uri).toContain("VIEW_URL_REMOTE");
    }
    // Every URL left in the scene is relative to the page: files/ or missing/.
    for (const m of scene.urdf.matchAll(/filename="([^"]*)"/g)) expect(m[1]).toMatch(/^(files|missing)\//);
  });
});

describe("robokit view survives bad requests", () => {
  it("answers malformed escapes, unknown paths, bad methods and huge headers with 4xx, and keeps serving", async () => {
    expect((await get(port, `${base}%E0%A4%A`)).status).toBe(400);
    expect((await get(port, `${base}files/0/%E0%A4%A`)).status).toBe(400);
    expect((await get(port, "/%E0%A4%A")).status).toBe(403);
    expect((await get(port, `${base}no/such/thing`)).status).toBe(404);
    expect((await get(port, `${base}files/99999999999/x.stl`)).status).toBe(404);
    expect((await get(port, `${base}api/ik?vx=1`)).status).toBe(404);
    const huge = await get(port, `${base}api/scene`, { "x-filler": "a".repeat(100_000) });
    expect(huge.status).toBe(431);
    const garbage = await new Promise<string>((ok) => {
      const socket = connect(port, "127.0.0.1", () => socket.end("NOT HTTP AT ALL\r\n\r\n"));
      let text = "";
      socket.on("data", (d: Buffer) => (text += d.toString()));
      socket.on("close", () => ok(text));
    });
    expect(garbage).toMatch(/^HTTP\/1\.1 400/);
    expect((await get(port, `${base}api/scene`)).status).toBe(200);
  });

  it("a handler that throws answers 500 and the server keeps serving", async () => {
    const real = await loadViewScene(urdfFile, null, 0, { env: {} });
    // A drive the IK cannot use: steeredIk throws on it inside the request handler.
    const broken = await startViewServer({
      pageDir,
      load: async () => ({ ...real, drive: { type: "steered" } as unknown as typeof real.drive }),
      watch: false,
    });
    servers.push(broken);
    const u = new URL(broken.url);
    const answer = await get(Number(u.port), `${u.pathname}api/ik?vx=1&vy=0&wz=0`);
    expect(answer.status).toBe(500);
    expect(answer.body).not.toMatch(/at .*\.ts:\d+/);
    expect((await get(Number(u.port), `${u.pathname}api/scene`)).status).toBe(200);
  });

  it("a busy --port is a usage error: startViewServer throws UsageError, the CLI exits 2 with one line", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((ok) => blocker.listen(0, "127.0.0.1", () => ok()));
    const busy = (blocker.address() as { port: number }).port;
    try {
      await expect(
        startViewServer({
          pageDir,
          load: () => loadViewScene(urdfFile, null, 0, { env: {} }),
          watch: false,
          port: busy,
        }),
      ).rejects.toBeInstanceOf(UsageError);
      const run = runCliProcess(["view", "mario", "--port", String(busy)]);
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toMatch(new RegExp(`--port ${busy}: the port is in use`));
    } finally {
      blocker.close();
    }
  });
});

describe("robokit view with a FIFO or /dev/zero as package.xml", () => {
  // In a child process: a blocking read of a FIFO would stop this test's own event loop.
  const root = join(fileURLToPath(import.meta.url), "..", "..", "..");
  const tsx = pathToFileURL(createRequire(join(root, "package.json")).resolve("tsx")).href;

  /** Starts `robokit view FILE`, resolves with the printed address, or rejects after 30 s or an early exit. */
  function serve(file: string): Promise<{ url: string; stop: () => Promise<void> }> {
    const child = spawn(
      process.execPath,
      ["--import", tsx, join(root, "src", "cli", "main.ts"), "view", file, "--no-watch"],
      { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ROS_PACKAGE_PATH: "" } },
    );
    let out = "";
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    return new Promise((ok, fail) => {
      const timer = setTimeout(
        () => (child.kill("SIGKILL"), fail(new Error(`no address within 30 s (hung)\n${out}\n${err}`))),
        30_000,
      );
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        const m = /robokit view: (\S+)/.exec(out);
        if (m?.[1] !== undefined) {
          clearTimeout(timer);
          ok({ url: m[1], stop: () => new Promise((done) => (child.on("exit", () => done()), child.kill("SIGINT"))) });
        }
      });
      child.on(
        "exit",
        (code) => (clearTimeout(timer), fail(new Error(`exited ${code} before serving\n${out}\n${err}`))),
      );
    });
  }

  for (const kind of ["fifo", "/dev/zero"] as const) {
    it(`${kind} named package.xml beside the robot: the view starts and the mesh is looked up by folder name`, async () => {
      const dir = join(tmp, `pkg-${kind === "fifo" ? "fifo" : "zero"}`, "q");
      mkdirSync(join(dir, "meshes"), { recursive: true });
      if (kind === "fifo") execFileSync("mkfifo", [join(dir, "package.xml")]);
      else symlinkSync("/dev/zero", join(dir, "package.xml"));
      writeFileSync(join(dir, "meshes", "m.stl"), "solid m\nendsolid m\n");
      const file = join(dir, "r.urdf");
      writeFileSync(file, urdf(["package://q/meshes/m.stl"]));
      const view = await serve(file);
      try {
        const u = new URL(view.url);
        const scene = JSON.parse((await get(Number(u.port), `${u.pathname}api/scene`)).body) as { urdf: string };
        expect(scene.urdf).toContain('filename="files/0/m.stl"');
        expect((await get(Number(u.port), `${u.pathname}files/0/m.stl`)).body).toBe("solid m\nendsolid m\n");
      } finally {
        await view.stop();
      }
    }, 60_000);
  }
});
