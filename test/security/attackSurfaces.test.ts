// The attack suite on the surfaces a stranger's input reaches: import's code generation, the view server, the xacro
// budgets and a hostile output folder for `robokit build`. Each part draws its cases from the
// same seed as attackSuite.test.ts (ROBOKIT_FUZZ_SEED, fixed in CI) and states its expected
// outcome in its title. A case that fails becomes a fixed test in this folder.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";

import { IoError } from "../../src/cli/errors.js";
import { loadViewScene } from "../../src/cli/view/loadViewScene.js";
import { startViewServer } from "../../src/cli/view/startViewServer.js";
import { writePackage } from "../../src/cli/writePackage.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { compareRobots } from "../../src/import/compareRobots.js";
import { robotToTypeScript } from "../../src/import/robotToTypeScript.js";
import { robotToYaml } from "../../src/import/robotToYaml.js";
import { checkNames } from "../../src/model/checkNames.js";
import type { Link } from "../../src/model/Link.js";
import type { Joint } from "../../src/model/Joint.js";
import { readRobotDocument } from "../../src/model/readRobotDocument.js";
import type { Robot } from "../../src/model/Robot.js";
import { RobotModelError } from "../../src/model/RobotModelError.js";
import { box } from "../../src/model/shapes.js";
import { solidLink } from "../../src/model/solidLink.js";
import { expandXacro } from "../../src/parse/xacro/expandXacro.js";
import { XACRO_LIMITS } from "../../src/parse/xacro/XacroBudget.js";
import { runCliProcess } from "../support/runCliProcess.js";
import { runGeneratedModule } from "../support/runGeneratedModule.js";
import { twoLinkRobot } from "../support/twoLinkRobot.js";
import { prng } from "./hostileInputs.js";

const SEED = Number(
  process.env["ROBOKIT_FUZZ_SEED"] ?? (process.env["CI"] === "true" ? 20261123 : Date.now() % 2 ** 31),
);
const tmp = mkdtempSync(join(tmpdir(), "robokit-surfaces-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const int = (rnd: () => number, lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));

// ---------------------------------------------------------------------------------------------
// 1. Code generation
// ---------------------------------------------------------------------------------------------

/** Pieces the name rules allow, weighted to what breaks generated code (comment ends, helper names, prototype keys). */
const ALLOWED = [
  "*/",
  "/*",
  "//",
  "*/globalThis.pwned=1//",
  "=",
  "(",
  ")",
  "[",
  "]",
  "-",
  "+",
  "@",
  "__proto__",
  "constructor",
  "toString",
  "box",
  "solidLink",
  "RobotBuilder",
  "robot",
  "robokit",
  "require",
  "exports",
  "\u0085",
  "\u202e",
  "\u2066",
  "é",
  "😀",
  "ß",
  "x",
  "0",
];
/** Pieces the name rules reject; in the places nothing checks (visual names, URIs, file name, notes) they must still be inert. */
const HOSTILE = [
  "\u2028",
  "\u2029",
  "${",
  "`",
  '"',
  "'",
  "\\",
  "\n",
  "\r",
  "\u0000",
  "\u001b",
  "\ufeff",
  "\ud800",
  "</script>",
  "${globalThis.pwned=1}",
  "`+(globalThis.pwned=1)+`",
  "'+(globalThis.pwned=1)+'",
  "\\u0027",
  "#",
  ": x",
  "- y",
  "&a",
  "*a",
  "!!js/function",
];

const text = (rnd: () => number, pieces: readonly string[], max = 4): string =>
  Array.from({ length: int(rnd, 1, max) }, () => pick(rnd, pieces)).join("");

/** A small valid robot whose names (valid ones, or with one rejected piece) and free texts are hostile. */
function hostileRobot(rnd: () => number, withRejected: boolean): Robot {
  const links: Link[] = [solidLink("base", { shape: box(1, 0.5, 0.2), mass: 10 })];
  const joints: Joint[] = [];
  const materials = [
    {
      name: text(rnd, ALLOWED),
      rgba: [0.1, 0.2, 0.3, 1] as [number, number, number, number],
      texture: text(rnd, [...ALLOWED, ...HOSTILE]),
    },
  ];
  const n = int(rnd, 1, 3);
  for (let i = 0; i < n; i++) {
    const raw = withRejected && i === 0 ? `${text(rnd, ALLOWED, 2)}${pick(rnd, HOSTILE)}` : text(rnd, ALLOWED);
    const name = `${raw}~${i}`;
    const free = text(rnd, [...ALLOWED, ...HOSTILE]);
    links.push({
      name,
      visuals: [
        {
          name: free,
          geometry: { type: "mesh", uri: `m${text(rnd, [...ALLOWED, ...HOSTILE])}`, scale: [1, 1, 1] },
          material: materials[0]!.name,
        },
      ],
      inertial: { mass: 1, inertia: { ixx: 0.01, ixy: 0, ixz: 0, iyy: 0.01, iyz: 0, izz: 0.01 } },
    });
    joints.push({
      name: `${raw}_j~${i}`,
      type: "revolute",
      parent: "base",
      child: name,
      origin: { xyz: [0, 0, i], rpy: [0, 0, 0] },
      axis: [0, 0, 1],
      limit: { lower: -1, upper: 1, effort: 1, velocity: 1 },
    });
  }
  return { name: text(rnd, ALLOWED), materials, links, joints };
}

/** Characters that must never appear raw in generated code: controls, line and paragraph separators, bidi controls, BOM, lone surrogates. */
const RAW_FORBIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;

const IMPORT_FROM = "robokit";

describe(`attack suite: import code generation (seed ${SEED})`, () => {
  it("hostile names, URIs, file names and notes: TS parses cleanly, has no raw control or separator, runs with no side effect to the same robot (or NAME_INVALID); YAML reads back the same robot", () => {
    const rnd = prng(SEED ^ 0xc0de);
    const failures: string[] = [];
    for (let i = 0; i < 150 && failures.length < 10; i++) {
      const withRejected = i % 3 === 2;
      const robot = hostileRobot(rnd, withRejected);
      const from = text(rnd, [...ALLOWED, ...HOSTILE]);
      const notes = Array.from({ length: int(rnd, 0, 2) }, () => text(rnd, [...ALLOWED, ...HOSTILE]));
      const fail = (why: string): void =>
        void failures.push(
          `#${i} ${why}\n  robot: ${JSON.stringify(robot)}\n  from: ${JSON.stringify(from)} notes: ${JSON.stringify(notes)}`,
        );
      const valid = checkNames(robot).length === 0;
      const tsText = robotToTypeScript(robot, { from, notes, importFrom: IMPORT_FROM });
      const out = ts.transpileModule(tsText, {
        reportDiagnostics: true,
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
      });
      if ((out.diagnostics ?? []).length > 0) {
        fail(`TS syntax: ${ts.flattenDiagnosticMessageText(out.diagnostics![0]!.messageText, "\n")}`);
        continue;
      }
      const raw = RAW_FORBIDDEN.exec(tsText);
      if (raw !== null) {
        fail(`raw U+${raw[0].codePointAt(0)!.toString(16)} in the TS`);
        continue;
      }
      const run = runGeneratedModule(out.outputText);
      if (run.newGlobals.length > 0 || "pwned" in globalThis) {
        fail(`side effect: new globals ${run.newGlobals.join(", ")}`);
        continue;
      }
      if (valid) {
        if (run.error !== undefined) {
          fail(`the module threw ${String(run.error)}`);
          continue;
        }
        const diff = compareRobots(robot, run.robot!);
        if (diff.length > 0) {
          fail(`TS robot differs: ${diff.slice(0, 3).join("; ")}`);
          continue;
        }
      } else if (
        !(run.error instanceof RobotModelError) ||
        !run.error.diagnostics.some((d) => d.code === "NAME_INVALID")
      ) {
        fail(`a rejected name gave ${String(run.error)}`);
        continue;
      }
      const yamlText = robotToYaml(robot, { from, notes });
      const rawY = RAW_FORBIDDEN.exec(yamlText.replace(/\u0085|\u202e|\u2066/g, ""));
      if (rawY !== null) {
        fail(`raw U+${rawY[0].codePointAt(0)!.toString(16)} in the YAML`);
        continue;
      }
      const back = readRobotDocument(yamlText, "r.yaml");
      if (valid) {
        if (back.robot === undefined) {
          fail(`YAML does not read back: ${back.diagnostics.map((d) => d.message).join("; ")}`);
          continue;
        }
        const diff = compareRobots(robot, back.robot);
        if (diff.length > 0) fail(`YAML robot differs: ${diff.slice(0, 3).join("; ")}`);
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// 2. The view server
// ---------------------------------------------------------------------------------------------

const SECRET = "SECRET-PLANTED-OUTSIDE-THE-ROOTS";

interface RawAnswer {
  readonly status: number;
  readonly text: string;
}

/** One request written byte for byte on a socket (no client-side checks), the answer read until close or `ms`. */
function rawRequest(port: number, head: string, ms = 5_000): Promise<RawAnswer | "timeout"> {
  return new Promise((ok) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1");
    const timer = setTimeout(() => {
      socket.destroy();
      ok("timeout");
    }, ms);
    socket.on("data", (c: Buffer) => chunks.push(c));
    const done = (): void => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      ok({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    };
    socket.on("close", done);
    socket.on("error", () => undefined);
    socket.write(head, "latin1");
  });
}

describe(`attack suite: requests against a running view server (seed ${SEED})`, () => {
  it("no 2xx without the token, a good Host/Origin/Sec-Fetch-Site and GET/HEAD; never the secret; never a 5xx; still answers 200 at the end", async () => {
    const dir = join(tmp, "view");
    const pageDir = join(dir, "page");
    const pkg = join(dir, "ws", "p");
    mkdirSync(pageDir, { recursive: true });
    mkdirSync(join(pkg, "urdf"), { recursive: true });
    mkdirSync(join(pkg, "meshes"));
    writeFileSync(join(pageDir, "index.html"), "<!doctype html><title>page</title>\n");
    writeFileSync(join(pageDir, "viewer.js"), "// page\n");
    writeFileSync(join(dir, "secret.stl"), SECRET);
    writeFileSync(join(dir, "ws", "secret.png"), SECRET);
    writeFileSync(join(pkg, "package.xml"), "<package format='3'><name>p</name></package>\n");
    writeFileSync(join(pkg, "meshes", "base.stl"), "solid base\nendsolid base\n");
    writeFileSync(join(pkg, "meshes", "arm.dae"), "<COLLADA/>");
    symlinkSync(join(dir, "secret.stl"), join(pkg, "meshes", "escape.stl"));
    symlinkSync(join(dir, "ws", "secret.png"), join(pkg, "meshes", "leak.png"));
    const meshes = [
      "package://p/meshes/base.stl",
      "../meshes/arm.dae",
      "../../../secret.stl",
      join(dir, "secret.stl"),
      `file://${join(dir, "secret.stl")}`,
      "package://p/../../secret.stl",
      "../meshes/escape.stl",
      "../meshes/%2e%2e/x.stl",
      "http://evil.example/r.stl",
    ];
    writeFileSync(
      join(pkg, "urdf", "r.urdf"),
      `<robot name="r">${meshes.map((m, i) => `<link name="l${i}"><visual><geometry><mesh filename="${m}"/></geometry></visual></link>`).join("")}</robot>\n`,
    );
    const server = await startViewServer({
      pageDir,
      load: () => loadViewScene(join(pkg, "urdf", "r.urdf"), null, 0, { env: {} }),
      watch: false,
    });
    try {
      const url = new URL(server.url);
      const port = Number(url.port);
      const token = url.pathname.split("/")[1]!;
      const rnd = prng(SEED ^ 0x71e3);
      const goodHosts = [`127.0.0.1:${port}`, `localhost:${port}`];
      const hosts = [
        ...goodHosts,
        ...goodHosts,
        "127.0.0.1",
        `evil.example:${port}`,
        `127.0.0.1:${port + 1}`,
        `LOCALHOST:${port}`,
        `127.0.0.1:${port}.evil.example`,
        "",
        `127.0.0.1:${port}\u0000`,
      ];
      const origins = [
        undefined,
        undefined,
        `http://127.0.0.1:${port}`,
        `http://localhost:${port}`,
        "null",
        "http://evil.example",
        `https://127.0.0.1:${port}`,
        `http://127.0.0.1:${port}/`,
      ];
      const sites = [undefined, undefined, "same-origin", "none", "cross-site", "same-site", "SAME-ORIGIN"];
      const methods = [
        "GET",
        "GET",
        "GET",
        "HEAD",
        "POST",
        "PUT",
        "DELETE",
        "OPTIONS",
        "TRACE",
        "CONNECT",
        "PROPFIND",
        "get",
      ];
      const tokens = [
        token,
        token,
        token,
        "",
        token.slice(0, -1),
        `${token}x`,
        token.toUpperCase(),
        encodeURIComponent(token).replace(/A/g, "%41"),
      ];
      const tails = [
        "",
        "index.html",
        "viewer.js",
        "api/scene",
        "api/ik?vx=1",
        "api/ik?vx=1e999",
        "files/0/base.stl",
        "files/1/arm.dae",
        "files/2/secret.stl",
        "files/3/secret.stl",
        "files/6/escape.stl",
        "files/1/leak.png",
        "files/0/..%2f..%2f..%2fsecret.stl",
        "files/0/%2e%2e/%2e%2e/secret.stl",
        "files/0/..",
        "files/00/base.stl",
        "files/99999999999/base.stl",
        "files/-1/base.stl",
        "files/0/base.stl%00.png",
        "files/0//base.stl",
        "..",
        "../..",
        "%2e%2e/%2e%2e/secret.stl",
        "%",
        "%zz",
        "%c0%ae%c0%ae/",
        "api/scene/../../secret.stl",
        "files/1/..\\..\\secret.png",
        "x".repeat(20_000),
        "api//scene",
        "./api/scene",
        "api/%73cene",
        "files/0/base.stl?x=../../secret",
        `files/1/${encodeURIComponent(join(dir, "ws", "secret.png"))}`,
      ];
      const paths = (): string => {
        const tail = pick(rnd, tails);
        const t = pick(rnd, tokens);
        const r = rnd();
        if (r < 0.1) return `//${t}/${tail}`;
        if (r < 0.15) return `/${tail}`;
        if (r < 0.2) return `http://evil.example/${t}/${tail}`;
        if (r < 0.25) return `/${t}/${tail}\u0000`;
        return `/${t}/${tail}`;
      };
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      const N = 300;
      const started = performance.now();
      for (let i = 0; i < N && failures.length < 10; i++) {
        // Half the requests pass the gate (token, Host, no Origin, GET), so their paths reach the routes.
        const straight = rnd() < 0.5;
        const method = straight ? "GET" : pick(rnd, methods);
        const path = straight ? `/${token}/${pick(rnd, tails)}` : paths();
        const host = straight ? goodHosts[0]! : pick(rnd, hosts);
        const origin = straight ? undefined : pick(rnd, origins);
        const site = straight ? undefined : pick(rnd, sites);
        const head = `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\n${origin === undefined ? "" : `Origin: ${origin}\r\n`}${site === undefined ? "" : `Sec-Fetch-Site: ${site}\r\n`}Connection: close\r\n\r\n`;
        const a = await rawRequest(port, head);
        const what = `#${i} ${JSON.stringify(head.length > 300 ? `${head.slice(0, 300)}…` : head)}`;
        if (a === "timeout") {
          failures.push(`${what}: no answer in 5 s`);
          continue;
        }
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        if (a.status >= 500) failures.push(`${what}: ${a.status}`);
        if (a.text.includes(SECRET)) failures.push(`${what}: the secret leaked`);
        const allowed =
          goodHosts.includes(host) &&
          (origin === undefined || origin === `http://${host}`) &&
          (site === undefined || site === "same-origin" || site === "none") &&
          (method === "GET" || method === "HEAD") &&
          path.startsWith(`/${token}/`);
        if (a.status >= 200 && a.status < 300 && !allowed)
          failures.push(`${what}: ${a.status} without the token, Host, Origin or method`);
      }
      const last = await rawRequest(
        port,
        `GET /${token}/api/scene HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
      );
      expect(last === "timeout" ? "timeout" : last.status, "a final valid request").toBe(200);
      console.log(
        `robokit attack suite: ${N} view requests in ${(performance.now() - started).toFixed(0)} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(failures, `seed ${SEED}`).toEqual([]);
      // The draw reaches past the gate too (some answers are 200), so the checks above are not vacuous.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// 3. xacro budgets
// ---------------------------------------------------------------------------------------------

const BUDGET_CODES = ["XACRO_VALUE_TOO_LARGE", "XACRO_TOO_MANY_STEPS", "XACRO_TOO_DEEP", "XACRO_OUTPUT_TOO_LARGE"];
const XACRO_CASE_MS = 8_000;

/** A size near a bound: far under, just under, at, just over, or far over. */
function around(rnd: () => number, bound: number): number {
  const r = rnd();
  if (r < 0.2) return Math.max(1, Math.floor(bound * rnd() * 0.5));
  if (r < 0.4) return bound - int(rnd, 0, 2);
  if (r < 0.6) return bound + int(rnd, 1, 2);
  if (r < 0.8) return Math.floor(bound * (1 + rnd()));
  return Math.floor(bound * 10 ** int(rnd, 1, 4));
}

const xacroDoc = (body: string): string =>
  `<?xml version="1.0"?>\n<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">\n${body}\n<link name="a"/>\n</robot>\n`;

/** Expression and element generators that multiply sizes, each with its n drawn around the bound it tests. */
const XACRO_GENERATORS: ((rnd: () => number) => string)[] = [
  (rnd) => `<link name="\${len('x'*${around(rnd, XACRO_LIMITS.maxStringLength)})}"/>`,
  (rnd) => `<link name="\${len([0]*${around(rnd, XACRO_LIMITS.maxSequenceLength)})}"/>`,
  (rnd) => `<link name="\${len(range(${around(rnd, XACRO_LIMITS.maxSequenceLength)}))}"/>`,
  (rnd) => `<link name="\${len(str(2**${around(rnd, XACRO_LIMITS.maxIntBits)}))}"/>`,
  (rnd) => `<link name="\${(2**${around(rnd, 256)})**${around(rnd, 256)}}"/>`,
  (rnd) => {
    const a = around(rnd, 3_000);
    return `<link name="\${len([[i*j for i in range(${a})] for j in range(${around(rnd, Math.floor(XACRO_LIMITS.maxSteps / 3 / a))})])}"/>`;
  },
  (rnd) =>
    `<xacro:macro name="down" params="n"><xacro:if value="\${n > 0}"><xacro:down n="\${n-1}"/></xacro:if></xacro:macro><xacro:down n="${around(rnd, XACRO_LIMITS.maxMacroDepth)}"/>`,
  // 2^n calls, from far under the step budget to far past it (n = 26: 1.7 billion steps asked).
  (rnd) =>
    `<xacro:macro name="twice" params="n"><xacro:if value="\${n > 0}"><xacro:twice n="\${n-1}"/><xacro:twice n="\${n-1}"/></xacro:if><x/></xacro:macro><xacro:twice n="${int(rnd, 6, 26)}"/>`,
  () =>
    `<xacro:macro name="m" params="*b"><xacro:m><xacro:insert_block name="b"/></xacro:m></xacro:macro><xacro:m><y/></xacro:m>`,
  () =>
    `<xacro:macro name="m" params="**b"><xacro:insert_block name="b"/><xacro:m><b><xacro:insert_block name="b"/></b></xacro:m></xacro:macro><xacro:m><b><y/></b></xacro:m>`,
  (rnd) =>
    `<xacro:property name="s" value="\${'x'*${around(rnd, 1 << 20)}}"/><xacro:macro name="w" params="n"><xacro:if value="\${n > 0}"><t v="\${s}"/><xacro:w n="\${n-1}"/></xacro:if></xacro:macro><xacro:w n="${around(rnd, 40)}"/>`,
  (rnd) => {
    const d = around(rnd, XACRO_LIMITS.maxDepth);
    return `<link name="\${len(str(${"[".repeat(d)}0${"]".repeat(d)}))}"/>`;
  },
];

describe(`attack suite: xacro expressions that multiply sizes (seed ${SEED})`, () => {
  it(`a value or one of ${BUDGET_CODES.join(", ")}; never an exception; each case under ${XACRO_CASE_MS / 1000} s; heap bounded`, () => {
    const rnd = prng(SEED ^ 0xbad6e7);
    const host = { readFile: () => undefined, findPackage: () => undefined, env: () => undefined };
    const failures: string[] = [];
    const seen = new Set<string>();
    let slowest = 0;
    let heapPeak = 0;
    for (let i = 0; i < 2 * XACRO_GENERATORS.length && failures.length < 10; i++) {
      const body = XACRO_GENERATORS[i % XACRO_GENERATORS.length]!(rnd);
      const shown = JSON.stringify(body.length > 300 ? `${body.slice(0, 300)}…` : body);
      const started = performance.now();
      try {
        const r = expandXacro(xacroDoc(body), "b.urdf.xacro", { path: "/x/b.urdf.xacro", host });
        const errors = r.diagnostics.filter((d) => d.severity === "error");
        for (const e of errors)
          if (!BUDGET_CODES.includes(e.code)) failures.push(`#${i} ${shown}: ${e.code} ${e.message}`);
        seen.add(errors[0]?.code ?? "value");
        if (errors.length === 0 && r.root === undefined) failures.push(`#${i} ${shown}: no document and no error`);
      } catch (error) {
        failures.push(`#${i} ${shown}: threw ${String(error)}`);
      }
      const ms = performance.now() - started;
      slowest = Math.max(slowest, ms);
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      if (process.env["ROBOKIT_ATTACK_TRACE"] !== undefined)
        console.log(`xacro #${i} gen ${i % XACRO_GENERATORS.length}: ${ms.toFixed(0)} ms ${shown.slice(0, 120)}`);
      if (ms > XACRO_CASE_MS) failures.push(`#${i} ${shown}: took ${ms.toFixed(0)} ms`);
    }
    console.log(
      `robokit attack suite: xacro outcomes ${[...seen].join(", ")}; slowest ${slowest.toFixed(0)} ms; heap peak ${(heapPeak / 2 ** 20).toFixed(0)} MiB`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(heapPeak).toBeLessThan(1536 * 2 ** 20);
  }, 300_000);

  // Found by this suite (seed 20261123): a macro that calls itself twice, n deep, is stopped by
  // XACRO_TOO_MANY_STEPS, but only after 13-23 s on a loaded 2-core machine (n = 20..29). Steps
  // grow as n * 2^n (every node is moved up once per level, as ROS's xacro does); one step costs
  // 0.65 us at n = 16 (6.0 M steps, 393 k elements, 3.9 s) and more once the kept nodes fill
  // hundreds of MiB, so the 10,000,000-step budget is more than a few seconds of work. Not fixed:
  // a smaller step budget, or steps that charge retained nodes, is a change to XACRO_LIMITS.
});

// ---------------------------------------------------------------------------------------------
// 4. Hostile output folders
// ---------------------------------------------------------------------------------------------

const sha = (path: string): string =>
  existsSync(path) ? createHash("sha256").update(readFileSync(path)).digest("hex") : "absent";

/** A listing of a folder tree (type, size for files), by lstat: what changed outside the output folder. */
function tree(root: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      const s = lstatSync(p);
      out.push(
        `${p.slice(root.length)} ${s.isSymbolicLink() ? "link" : s.isDirectory() ? "dir" : s.isFIFO() ? "fifo" : s.isSocket() ? "socket" : `file ${sha(p)}`} ${(s.mode & 0o777).toString(8)}`,
      );
      if (s.isDirectory() && !s.isSymbolicLink()) walk(p);
    }
  };
  walk(root);
  return out;
}

type Plant = "symlink-file" | "symlink-dir" | "symlink-dangling" | "dir" | "readonly" | "fifo" | "socket";

/** lstat that says "nothing there" instead of throwing. */
const entry = (p: string): ReturnType<typeof lstatSync> | undefined => lstatSync(p, { throwIfNoEntry: false });

/**
 * Plants `kind` at `out/rel` (a file build writes, or one of its folders); outside targets live in
 * `outside`. Skipped when something is already planted there or on the way (never follow a
 * planted link: the test itself must not write outside).
 */
function plant(kind: Plant, out: string, rel: string, outside: string): boolean {
  const parts = rel.split("/");
  let dir = out;
  for (const p of parts.slice(0, -1)) {
    dir = join(dir, p);
    const s = entry(dir);
    if (s === undefined) mkdirSync(dir);
    else if (!s.isDirectory()) return false;
  }
  const path = join(out, rel);
  if (entry(path) !== undefined) return false;
  if (kind === "symlink-file") symlinkSync(join(outside, "precious.txt"), path);
  else if (kind === "symlink-dir") symlinkSync(join(outside, "folder"), path);
  else if (kind === "symlink-dangling") symlinkSync(join(outside, "nowhere", "x"), path);
  else if (kind === "dir") mkdirSync(join(path, "inner"), { recursive: true });
  else if (kind === "readonly") {
    writeFileSync(path, "read-only\n");
    chmodSync(path, 0o444);
  } else if (kind === "fifo") spawnSync("mkfifo", [path]);
  // Node removes its socket file on close; a bound, never-listening socket stays.
  else if (kind === "socket")
    spawnSync("python3", ["-c", "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", path]);
  return true;
}

const PLANTS: readonly Plant[] = [
  "symlink-file",
  "symlink-dir",
  "symlink-dangling",
  "dir",
  "readonly",
  "fifo",
  "socket",
];

/** Plants 1–4 random hostile entries at paths build writes (files, or the folders above them). */
async function plantAll(
  rnd: () => number,
  out: string,
  outside: string,
  paths: readonly string[],
  kinds: readonly Plant[],
): Promise<string[]> {
  const done: string[] = [];
  for (let k = int(rnd, 1, 4); k > 0; k--) {
    const file = pick(rnd, paths);
    const parts = file.split("/");
    // Sometimes a folder on the way (a symlink instead of `urdf/`), mostly the file itself.
    const at = parts.length > 1 && rnd() < 0.3 ? parts.slice(0, int(rnd, 1, parts.length - 1)).join("/") : file;
    const kind = pick(rnd, kinds);
    if (plant(kind, out, at, outside)) done.push(`${kind} at ${at}`);
  }
  return done;
}

function makeOutside(base: string): string {
  const outside = join(base, "outside");
  mkdirSync(join(outside, "folder"), { recursive: true });
  writeFileSync(join(outside, "precious.txt"), "precious\n");
  writeFileSync(join(outside, "folder", "keep.txt"), "keep\n");
  return outside;
}

describe(`attack suite: hostile output folders (seed ${SEED})`, () => {
  const robot = twoLinkRobot();
  const artifacts = buildArtifacts(robot, { target: "gz" });
  const paths = artifacts.map((a) => a.path);

  it("writePackage in-process (no FIFOs: it could only hang the test): writes or throws an I/O error; nothing outside changes; no temporary left", async () => {
    const rnd = prng(SEED ^ 0x0f01);
    const failures: string[] = [];
    for (let i = 0; i < 24 && failures.length < 10; i++) {
      const base = join(tmp, `w${i}`);
      const outside = makeOutside(base);
      const out = join(base, "out");
      mkdirSync(out);
      const planted = await plantAll(
        rnd,
        out,
        outside,
        paths,
        PLANTS.filter((p) => p !== "fifo"),
      );
      const before = tree(outside);
      const what = `#${i} ${planted.join(", ")}`;
      try {
        writePackage(out, artifacts);
      } catch (error) {
        if (!(error instanceof IoError)) failures.push(`${what}: threw ${String(error)}`);
      }
      if (JSON.stringify(tree(outside)) !== JSON.stringify(before)) failures.push(`${what}: the outside changed`);
      const temps = tree(out).filter((l) => /\.robokit-|\.tmp/.test(l.split(" ")[0]!));
      if (temps.length > 0) failures.push(`${what}: temporaries left: ${temps.join(", ")}`);
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 120_000);

  it("robokit build --out DIR (child process, FIFOs and sockets too): exit 0-3, no hang, nothing outside changes, no temporary left", async () => {
    const rnd = prng(SEED ^ 0x0f02);
    const failures: string[] = [];
    for (let i = 0; i < 4; i++) {
      const base = join(tmp, `c${i}`);
      const outside = makeOutside(base);
      const out = join(base, "out");
      mkdirSync(out);
      writeFileSync(join(base, "r.yaml"), stringify(robot));
      const planted = await plantAll(rnd, out, outside, paths, PLANTS);
      const before = tree(outside);
      const started = performance.now();
      const r = runCliProcess(["build", "r.yaml", "--out", "out"], base);
      console.log(`robokit attack suite: build into ${planted.join(", ")}: exit ${r.status}`);
      const what = `#${i} ${planted.join(", ")} (${(performance.now() - started).toFixed(0)} ms)\n${r.stderr}`;
      if (r.status === null) failures.push(`${what}: hung (killed after the timeout)`);
      else if (![0, 1, 2, 3].includes(r.status)) failures.push(`${what}: exit ${r.status}`);
      if (/\n\s+at /.test(r.stderr)) failures.push(`${what}: stack trace`);
      if (JSON.stringify(tree(outside)) !== JSON.stringify(before)) failures.push(`${what}: the outside changed`);
      const temps = tree(out).filter((l) => /\.robokit-|\.tmp/.test(l.split(" ")[0]!));
      if (temps.length > 0) failures.push(`${what}: temporaries left: ${temps.join(", ")}`);
      if (readdirSync(base).sort().join() !== "out,outside,r.yaml")
        failures.push(`${what}: wrote beside the folder: ${readdirSync(base).join(", ")}`);
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 300_000);
});
