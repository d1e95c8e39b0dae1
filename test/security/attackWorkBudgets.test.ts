// The attack suite on work per byte: inputs small in bytes and large in the work they ask for
// (COLLADA node graphs, vertices crafted for a hash table, coordinates and scales that overflow,
// sweep globs, manifests and CSVs, load_yaml aliases and tags). Same seed as attackSuite.test.ts
// (ROBOKIT_FUZZ_SEED, 20261123 in CI); each case must end within its time, never throw, and give
// a result or the documented diagnostic.
import { describe, expect, it } from "vitest";

import { checkClosedMesh } from "../../src/parse/mesh/checkClosedMesh.js";
import { meshMassProperties } from "../../src/parse/mesh/meshMassProperties.js";
import { readMesh } from "../../src/parse/mesh/readMesh.js";
import { loadYamlText } from "../../src/parse/xacro/loadYamlText.js";
import { globMatcher } from "../../src/sim/sweep/globMatcher.js";
import { readSweepManifest } from "../../src/sim/sweep/readSweepManifest.js";
import { parseSweepCsv, sweepCsv } from "../../src/sim/sweep/sweepTable.js";
import { csvField } from "../../src/util/csvField.js";
import { collidingVertices } from "../support/collidingVertices.js";
import { prng } from "./hostileInputs.js";

const SEED = Number(
  process.env["ROBOKIT_FUZZ_SEED"] ?? (process.env["CI"] === "true" ? 20261123 : Date.now() % 2 ** 31),
);
const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const int = (rnd: () => number, lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));
const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Runs `f`, expecting it to finish within `ms` on a loaded 2-core machine. */
function timed<T>(what: string, ms: number, f: () => T): T {
  const t = performance.now();
  const out = f();
  const took = performance.now() - t;
  expect(took, `${what}: ${took.toFixed(0)} ms`).toBeLessThan(ms);
  return out;
}

/** Every number a mass-property result holds is finite, or there is none and an error says why. */
function expectFiniteOrError(result: ReturnType<typeof meshMassProperties>, what: string): void {
  const p = result.properties;
  if (p === undefined) {
    expect(
      result.diagnostics.some((d) => d.severity === "error"),
      what,
    ).toBe(true);
    return;
  }
  const u = p.unitInertia;
  expect([p.volume, ...p.com, ...p.size, u.ixx, u.iyy, u.izz, u.ixy, u.ixz, u.iyz].every(Number.isFinite), what).toBe(
    true,
  );
}

const MESH_CODES = new Set(["MESH_TOO_LARGE", "MESH_INVALID", "NUMBER_NOT_FINITE", "MESH_FEATURE_IGNORED"]);

/** A COLLADA scene of nodes instantiating the next `fanout` times, `depth` deep, with hostile transforms. */
function colladaGraph(rnd: () => number): string {
  const depth = int(rnd, 1, 40);
  const fanout = int(rnd, 1, 3);
  const scales = ["1 1 1", "2 2 2", "1e100 1e100 1e100", "1e200 1e200 1e200", "0 1 1", "1e-300 1 1", "-1 1 1"];
  const nodes = Array.from({ length: depth }, (_, i) => {
    const transform = rnd() < 0.3 ? `<scale>${pick(rnd, scales)}</scale>` : `<translate>${i} 0 0</translate>`;
    const body =
      i === depth - 1
        ? rnd() < 0.8
          ? '<instance_geometry url="#g"/>'.repeat(int(rnd, 1, 3))
          : ""
        : `<instance_node url="#n${i + 1}"/>`.repeat(fanout);
    return `<node id="n${i}">${transform}${body}</node>`;
  });
  return `<?xml version="1.0"?><COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<library_geometries><geometry id="g"><mesh>
<source id="p"><float_array id="pa" count="12">0 0 0 1 0 0 0 1 0 0 0 1</float_array><technique_common><accessor source="#pa" count="4" stride="3"/></technique_common></source>
<vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
<triangles count="4"><input semantic="VERTEX" source="#v" offset="0"/><p>0 2 1 0 1 3 0 3 2 1 2 3</p></triangles>
</mesh></geometry></library_geometries>
<library_nodes>${nodes.join("")}</library_nodes>
<library_visual_scenes><visual_scene id="s"><node><instance_node url="#n0"/></node></visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#s"/></scene></COLLADA>`;
}

describe(`attack suite: work budgets of meshes (seed ${SEED})`, () => {
  it("COLLADA node graphs up to 2^40 instances: a mesh or MESH_TOO_LARGE/NUMBER_NOT_FINITE, each in seconds; finite properties or an error", () => {
    const rnd = prng(SEED ^ 0xdae);
    for (let i = 0; i < 16; i++) {
      const dae = colladaGraph(rnd);
      const read = timed(`graph ${i}`, 8000, () => readMesh(text(dae), "graph.dae"));
      for (const d of read.diagnostics) expect(MESH_CODES.has(d.code), `${d.code}: ${d.message}`).toBe(true);
      if (read.mesh !== undefined) expectFiniteOrError(meshMassProperties(read.mesh, "graph.dae"), `graph ${i}`);
    }
  });

  it("coordinates and scales of any magnitude in OBJ and STL: finite properties or an error, never an exception", () => {
    const rnd = prng(SEED ^ 0x0b1);
    for (let i = 0; i < 200; i++) {
      const e = int(rnd, -320, 320);
      const c = (): string => `${pick(rnd, ["", "-"])}${(1 + rnd()).toFixed(3)}e${e + int(rnd, -3, 3)}`;
      const corners = Array.from({ length: 4 }, () => `${c()} ${c()} ${c()}`);
      const obj = `${corners.map((v) => `v ${v}`).join("\n")}\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n`;
      const stl = `solid s\n${[
        [0, 2, 1],
        [0, 1, 3],
        [0, 3, 2],
        [1, 2, 3],
      ]
        .map(
          (f) =>
            `facet normal 0 0 0\nouter loop\n${f.map((k) => `vertex ${corners[k]}`).join("\n")}\nendloop\nendfacet`,
        )
        .join("\n")}\nendsolid s\n`;
      const s = 10 ** int(rnd, -200, 200) * pick(rnd, [1, -1]);
      for (const [name, bytes] of [
        ["t.obj", obj],
        ["t.stl", stl],
      ] as const) {
        const read = readMesh(text(bytes), name);
        if (read.mesh === undefined) continue;
        expectFiniteOrError(meshMassProperties(read.mesh, name, { scale: [s, s, s] }), `${name} ${e} ${s}`);
      }
    }
  });

  it("vertex sets of one repeated value, few values or all distinct weld in time and as exact comparison says", () => {
    const rnd = prng(SEED ^ 0x3e1d);
    for (let i = 0; i < 8; i++) {
      const n = int(rnd, 10, 100_000);
      const distinct = pick(rnd, [1, 2, 17, n, -1]);
      // -1: every vertex distinct, all hashing alike under a MurmurHash3-style table.
      const positions = distinct < 0 ? collidingVertices(n) : new Float64Array(3 * n);
      for (let v = 0; v < n && distinct > 0; v++) {
        const k = v % distinct;
        positions.set([k * 0.5, -k, pick(rnd, [0, -0]) + k / 3], 3 * v);
      }
      const indices = new Uint32Array(3 * Math.floor(n / 3)).map((_, j) => j);
      const check = timed(`weld ${n}/${distinct}`, 8000, () => checkClosedMesh({ positions, indices }));
      expect(check.degenerateTriangles === Math.floor(n / 3), `weld ${n}/${distinct}`).toBe(
        distinct > 0 && distinct < 3,
      );
    }
  });
});

describe(`attack suite: sweep inputs (seed ${SEED})`, () => {
  it("globs of up to 60 characters and 30 stars against 256-character names: answered at once, as a regular expression would on short names", () => {
    const rnd = prng(SEED ^ 0x610b);
    for (let i = 0; i < 300; i++) {
      const pattern = Array.from({ length: int(rnd, 0, 60) }, () => pick(rnd, ["*", "*", "a", "b", "."])).join("");
      const long = Array.from({ length: 256 }, () => pick(rnd, ["a", "a", "b"])).join("");
      timed(`glob ${pattern}`, 1000, () => globMatcher(pattern)(long));
      const short = long.slice(0, int(rnd, 0, 12));
      const re = new RegExp(
        `^${pattern
          .split("*")
          .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
          .join(".*")}$`,
        "s",
      );
      if (pattern.length <= 12) expect(globMatcher(pattern)(short), `${pattern} ~ ${short}`).toBe(re.test(short));
    }
  });

  it("mutated manifests and runs.csv files: refused with a reason or read, never an exception; every CSV field written is inert", () => {
    const rnd = prng(SEED ^ 0x5ee9);
    const csv = sweepCsv(
      ["friction"],
      [0, 1, 2].map((run) => ({ run, seed: 1 + run, values: [0.5], metricNames: ["a"], metrics: [run] })),
    );
    const valid: Record<string, unknown> = {
      format: "robokit-sweep/1",
      robokitVersion: "0.1.0",
      robot: "mario",
      robotSha256: "a".repeat(64),
      scenario: "paper",
      scenarioSha256: "a".repeat(64),
      parameters: ["friction"],
      variationSha256: null,
      seedBase: 1,
      runs: 3,
      duration: null,
      rate: null,
      shard: { index: 0, count: 1 },
      runIndices: [0, 1, 2],
      runsCsvSha256: "a".repeat(64),
    };
    const hostile = ["=1+1", "@SUM(A1)", "-2", "+cmd", 1e12, -1, 2 ** 53, "3", null, [], {}, 1.5, "\r\n", true];
    for (let i = 0; i < 300; i++) {
      const key = pick(rnd, Object.keys(valid));
      const read = readSweepManifest(JSON.stringify({ ...valid, [key]: pick(rnd, hostile) }));
      if (!read.ok) expect(read.problems.length).toBeGreaterThan(0);
      const lines = csv.split("\n");
      const at = int(rnd, 0, lines.length - 2);
      const cells = lines[at]!.split(",");
      cells[int(rnd, 0, cells.length - 1)] = String(pick(rnd, hostile));
      lines[at] = cells.join(pick(rnd, [",", ",", "\r,"]));
      try {
        parseSweepCsv(lines.join("\n"));
      } catch (error) {
        expect(error).toBeInstanceOf(RangeError);
      }
      const field = csvField(String(pick(rnd, hostile)) + String(pick(rnd, hostile)));
      expect(field.replace(/^"/, "")).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});

describe(`attack suite: load_yaml (seed ${SEED})`, () => {
  it("anchors, aliases and tags: data within the alias budget or a refusal, never an exception, linear time", () => {
    const rnd = prng(SEED ^ 0x7a31);
    const tags = ["", "", "!!str ", "!!python/object:os.system ", "!foo ", "!!binary ", "!!timestamp "];
    for (let i = 0; i < 10; i++) {
      const pairs = int(rnd, 1, 5_000);
      const doubling = rnd() < 0.3;
      const lines = doubling
        ? [
            "l0: &l0 [1, 1]",
            ...Array.from({ length: int(rnd, 1, 30) }, (_, k) => `l${k + 1}: &l${k + 1} [*l${k}, *l${k}]`),
          ]
        : Array.from({ length: pairs }, (_, k) => `a${k}: &x${k} ${pick(rnd, tags)}[1, 2]\nb${k}: *x${k}`);
      const loaded = timed(`yaml ${i}`, 15_000, () => loadYamlText(`${lines.join("\n")}\n`, [], 1_000_000));
      if (!loaded.ok) expect(loaded.message).toMatch(/aliases expand|constructor for the tag|Unresolved|tag/i);
    }
  });
});
