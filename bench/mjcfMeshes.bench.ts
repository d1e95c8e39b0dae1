// `robokit convert ROBOT -f mjcf -o DIR/robot.xml` on a 30-link chain whose meshes (generated
// here, never committed) weigh about 20 MB: a third binary STL (copied), a third ASCII STL and a
// third COLLADA (both converted to binary STL). Timed as a user runs it (compiled CLI, new
// process), beside MuJoCo 2.2.2 compiling the MJCF it wrote (mujoco-compile), in the same run.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { binaryStl } from "../src/emit/mesh/binaryStl.js";
import type { TriangleMesh } from "../src/parse/mesh/TriangleMesh.js";
import { median } from "./support/median.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const LINKS = 30;
/** Triangles per mesh: 2·S·(S−1) for a UV sphere of S segments; S = 60 gives 7,080 (0.35–1.3 MB a file, 20 MB in all). */
const SEGMENTS = process.env["ROBOKIT_BENCH_SMOKE"] === "1" ? 8 : 60;

/** A closed UV sphere of radius `r` (m) centred at the origin. */
function sphere(r: number, s: number): TriangleMesh {
  const positions: number[] = [];
  for (let i = 0; i <= s; i++)
    for (let j = 0; j < s; j++) {
      const theta = (Math.PI * i) / s;
      const phi = (2 * Math.PI * j) / s;
      positions.push(r * Math.sin(theta) * Math.cos(phi), r * Math.sin(theta) * Math.sin(phi), r * Math.cos(theta));
    }
  const indices: number[] = [];
  const at = (i: number, j: number): number => i * s + (j % s);
  for (let i = 0; i < s; i++)
    for (let j = 0; j < s; j++) {
      if (i > 0) indices.push(at(i, j), at(i + 1, j), at(i, j + 1));
      if (i < s - 1) indices.push(at(i, j + 1), at(i + 1, j), at(i + 1, j + 1));
    }
  return { positions: Float64Array.from(positions), indices: Uint32Array.from(indices) };
}

function asciiStl(mesh: TriangleMesh): string {
  const p = mesh.positions;
  const out = ["solid bench"];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    out.push(" facet normal 0 0 0", "  outer loop");
    for (let k = 0; k < 3; k++) {
      const v = 3 * mesh.indices[t + k]!;
      out.push(`   vertex ${p[v]!.toPrecision(9)} ${p[v + 1]!.toPrecision(9)} ${p[v + 2]!.toPrecision(9)}`);
    }
    out.push("  endloop", " endfacet");
  }
  out.push("endsolid bench", "");
  return out.join("\n");
}

/** COLLADA in millimetres, placed by a node that turns it, so the converter applies both. */
function collada(mesh: TriangleMesh): string {
  const mm = [...mesh.positions].map((v) => (v * 1000).toPrecision(9)).join(" ");
  return `<?xml version="1.0"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<asset><unit meter="0.001"/><up_axis>Z_UP</up_axis></asset>
<library_geometries><geometry id="g"><mesh>
<source id="p"><float_array id="pa" count="${mesh.positions.length}">${mm}</float_array>
<technique_common><accessor source="#pa" count="${mesh.positions.length / 3}" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
<vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
<triangles count="${mesh.indices.length / 3}"><input semantic="VERTEX" source="#v" offset="0"/><p>${[...mesh.indices].join(" ")}</p></triangles>
</mesh></geometry></library_geometries>
<library_visual_scenes><visual_scene id="s"><node id="n"><rotate>0 0 1 30</rotate><instance_geometry url="#g"/></node></visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#s"/></scene>
</COLLADA>
`;
}

/** Writes the chain's URDF and meshes into `dir`; returns the URDF path and the meshes' bytes. */
export function writeRobot(dir: string): { urdf: string; bytes: number } {
  mkdirSync(join(dir, "meshes"), { recursive: true });
  const mesh = sphere(0.05, SEGMENTS);
  const links: string[] = [];
  const inertia = '<inertia ixx="0.001" iyy="0.001" izz="0.001" ixy="0" ixz="0" iyz="0"/>';
  for (let k = 0; k < LINKS; k++) {
    const kind = k % 3;
    const file = kind === 0 ? `l${k}.stl` : kind === 1 ? `l${k}_ascii.stl` : `l${k}.dae`;
    const content = kind === 0 ? binaryStl(mesh) : kind === 1 ? asciiStl(mesh) : collada(mesh);
    writeFileSync(join(dir, "meshes", file), content);
    const geometry = `<geometry><mesh filename="package://bench/meshes/${file}"/></geometry>`;
    links.push(
      `<link name="l${k}"><inertial><mass value="1"/>${inertia}</inertial><visual>${geometry}</visual><collision>${geometry}</collision></link>`,
    );
    if (k > 0)
      links.push(
        `<joint name="j${k}" type="revolute"><parent link="l${k - 1}"/><child link="l${k}"/><origin xyz="0 0 0.1"/><axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="10" velocity="1"/></joint>`,
      );
  }
  writeFileSync(join(dir, "package.xml"), '<package format="3"><name>bench</name></package>\n');
  const urdf = join(dir, "urdf", "chain.urdf");
  mkdirSync(dirname(urdf), { recursive: true });
  writeFileSync(urdf, `<?xml version="1.0"?>\n<robot name="chain">\n${links.join("\n")}\n</robot>\n`);
  const bytes = readdirSync(join(dir, "meshes")).reduce((s, f) => s + statSync(join(dir, "meshes", f)).size, 0);
  return { urdf, bytes };
}

function wallMs(command: string, args: readonly string[]): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(command, args, { encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  // mujoco-compile says "Done" and exits 0 even when it prints an error.
  if (r.status !== 0 || /error/i.test(`${r.stdout}${r.stderr}`))
    throw new Error(`${command} ${args.join(" ")} failed: ${r.stderr}${r.stdout}`);
  return ms;
}

/** Runs the benchmark and prints a markdown table. */
export async function runBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "robokit-bench-mjcf-"));
  try {
    const { urdf, bytes } = writeRobot(dir);
    const cli = join(root, "dist", "src", "bundle", "robokit.cjs");
    const out = join(dir, "out", "robot.xml");
    const mujoco = spawnSync("sh", ["-c", "command -v mujoco-compile"]).status === 0;
    const runs = process.env["ROBOKIT_BENCH_SMOKE"] === "1" ? 1 : 5;
    const convert: number[] = [];
    const compile: number[] = [];
    // Interleaved, run by run, after one warm-up each: machine load hits both sides alike.
    for (let i = 0; i <= runs; i++) {
      const c = wallMs(process.execPath, [cli, "convert", urdf, "-f", "mjcf", "-o", out]);
      const m = mujoco ? wallMs("mujoco-compile", [out, join(dir, "compiled.mjb")]) : Number.NaN;
      if (i === 0) continue;
      convert.push(c);
      compile.push(m);
    }
    const written = readdirSync(join(dir, "out")).length - 1;
    const c = median(convert);
    const m = median(compile);
    console.log(
      `| links | mesh files | meshes (MB) | convert -f mjcf (ms) | MB/s | mujoco-compile of its output (ms) | ratio |`,
    );
    console.log("|---:|---:|---:|---:|---:|---:|---:|");
    console.log(
      `| ${LINKS} | ${written} | ${(bytes / 1e6).toFixed(1)} | ${c.toFixed(0)} | ${(bytes / 1e6 / (c / 1000)).toFixed(1)} | ${mujoco ? m.toFixed(0) : "n/a"} | ${mujoco ? (c / m).toFixed(2) : "n/a"} |`,
    );
    console.log(`\nMedian of ${runs} runs each (new process, compiled CLI, one warm-up).`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
