import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";

import { expect } from "vitest";

import { loadMujoco } from "../../src/sim/mujoco/loadMujoco.js";
import { haveTool, runTool } from "./tools.js";

/** A hinge or slide joint at the home pose, seen from the root body's frame (see test/support/mjJointProbe.c). */
export interface ProbedJoint {
  readonly type: "hinge" | "slide";
  /** Unit axis in the root body's frame. */
  readonly axis: readonly [number, number, number];
  readonly limited: boolean;
  readonly range: readonly [number, number];
  /** Mass (kg) of the subtree the joint's body carries. */
  readonly subtreeMass: number;
  /** Its centre of mass in the root body's frame (m). */
  readonly com: readonly [number, number, number];
}

/** What MuJoCo made of a model: its mesh count and joints by name, or why it refused the model. */
export type Probe =
  | { readonly loaded: true; readonly meshes: number; readonly joints: ReadonlyMap<string, ProbedJoint> }
  | { readonly loaded: false; readonly error: string };

const here = dirname(new URL(import.meta.url).pathname);
let program: string | undefined;

/** Removes the probe built by {@link probeMujoco222} (call it in afterAll). */
export function disposeMujocoProbe(): void {
  if (program !== undefined) rmSync(dirname(program), { recursive: true, force: true });
  program = undefined;
}

/** True when the C compiler and MuJoCo 2.2.2's headers are here (a loud skip otherwise; a failure in CI). */
export function haveMujoco222(): boolean {
  return (
    haveTool("cc", "MuJoCo 2.2.2 joint probe (C compiler)") &&
    haveTool("mujoco-compile", "MuJoCo 2.2.2 (libmujoco-dev) joint probe")
  );
}

/**
 * Loads `model` (MJCF or URDF, absolute path) in MuJoCo 2.2.2 through a small C program
 * (test/support/mjJointProbe.c, built once per process) run from `cwd`, so that a model naming
 * its meshes relative to the working directory rather than to itself fails.
 */
export function probeMujoco222(model: string, rootBody: string, cwd: string): Probe {
  if (program === undefined) {
    const out = join(mkdtempSync(join(tmpdir(), "robokit-mjprobe-")), "mjJointProbe");
    const build = runTool("cc", ["-O1", "-o", out, join(here, "mjJointProbe.c"), "-lmujoco"]);
    expect(build.status, build.stderr).toBe(0);
    program = out;
  }
  const run = runTool(program, [model, rootBody], { cwd });
  if (run.status !== 0) return { loaded: false, error: `${run.stderr}${run.stdout}`.trim() };
  return parseProbe(run.stdout);
}

function parseProbe(text: string): Probe {
  const joints = new Map<string, ProbedJoint>();
  let meshes = 0;
  for (const line of text.split("\n")) {
    const f = line.split(" ");
    if (f[0] === "meshes") meshes = Number(f[1]);
    if (f[0] !== "joint") continue;
    const n = f.slice(3).map(Number);
    joints.set(f[1] ?? "", {
      type: f[2] === "slide" ? "slide" : "hinge",
      axis: [n[0]!, n[1]!, n[2]!],
      limited: n[3] === 1,
      range: [n[4]!, n[5]!],
      subtreeMass: n[6]!,
      com: [n[7]!, n[8]!, n[9]!],
    });
  }
  return { loaded: true, meshes, joints };
}

/**
 * Loads the MJCF `xmlName` of folder `dir` (the MJCF and its mesh files) in mujoco-js, the
 * WebAssembly MuJoCo that `robokit sim` runs: the folder is copied into its virtual file
 * system, the working directory set to another folder, and the file loaded by absolute path;
 * the same quantities as {@link probeMujoco222} are read after mj_forward at qpos0.
 */
export async function probeMujocoJs(dir: string, xmlName: string, rootBody: string): Promise<Probe> {
  const mj = await loadMujoco();
  const fs = mj.FS;
  const base = `/robokit-probe-${Math.random().toString(36).slice(2)}`;
  const elsewhere = `${base}-cwd`;
  fs.mkdir(base);
  fs.mkdir(elsewhere);
  for (const file of filesBelow(dir)) {
    const rel = relative(dir, file);
    let at = base;
    for (const part of rel.split("/").slice(0, -1)) {
      at = `${at}/${part}`;
      if (!fs.analyzePath(at, false).exists) fs.mkdir(at);
    }
    fs.writeFile(`${base}/${rel}`, readFileSync(file));
  }
  fs.chdir(elsewhere);
  let model: ReturnType<typeof mj.MjModel.loadFromXML> | null = null;
  try {
    model = mj.MjModel.loadFromXML(`${base}/${xmlName}`);
  } catch (error) {
    return { loaded: false, error: String(error) };
  } finally {
    fs.chdir("/");
  }
  if (model === null) return { loaded: false, error: "mujoco-js could not load the model" };
  const data = new mj.MjData(model);
  try {
    mj.mj_forward(model, data);
    const root = mj.mj_name2id(model, 1 /* mjOBJ_BODY */, rootBody);
    if (root < 0) return { loaded: false, error: `no body named ${rootBody}` };
    const xpos = data.xpos as Float64Array;
    const xmat = data.xmat as Float64Array;
    const inRoot = (v: ArrayLike<number>, point: boolean): [number, number, number] => {
      const r = [0, 1, 2].map((k) => (v[k] ?? 0) - (point ? (xpos[3 * root + k] ?? 0) : 0));
      return [0, 1, 2].map((c) =>
        [0, 1, 2].reduce((s, k) => s + (xmat[9 * root + 3 * k + c] ?? 0) * (r[k] ?? 0), 0),
      ) as [number, number, number];
    };
    const joints = new Map<string, ProbedJoint>();
    const types = model.jnt_type as Int32Array;
    for (let j = 0; j < model.njnt; j++) {
      const type = types[j];
      if (type !== 2 && type !== 3) continue; // mjJNT_SLIDE = 2, mjJNT_HINGE = 3
      const b = (model.jnt_bodyid as Int32Array)[j] ?? 0;
      const range = model.jnt_range as Float64Array;
      joints.set(mj.mj_id2name(model, 3 /* mjOBJ_JOINT */, j), {
        type: type === 3 ? "hinge" : "slide",
        axis: inRoot((data.xaxis as Float64Array).subarray(3 * j, 3 * j + 3), false),
        limited: ((model.jnt_limited as Uint8Array)[j] ?? 0) !== 0,
        range: [range[2 * j] ?? 0, range[2 * j + 1] ?? 0],
        subtreeMass: (model.body_subtreemass as Float64Array)[b] ?? 0,
        com: inRoot((data.subtree_com as Float64Array).subarray(3 * b, 3 * b + 3), true),
      });
    }
    return { loaded: true, meshes: model.nmesh, joints };
  } finally {
    data.delete();
    model.delete();
  }
}

function filesBelow(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...filesBelow(path));
    else out.push(path);
  }
  return out;
}

/**
 * A copy of a URDF (at `out`) that MuJoCo's own URDF compiler can read as the robot's users
 * mean it: each mesh filename rewritten by `locate` (`package://` and the like made absolute
 * paths), and a `<mujoco><compiler>` that keeps fixed links as bodies (fusestatic="false"),
 * keeps visual geoms, does not strip mesh paths and takes the URDF's inertials as they are.
 */
export function mujocoImportableUrdf(urdf: string, out: string, locate: (uri: string) => string): void {
  const text = readFileSync(urdf, "utf8")
    .replace(
      /(<mesh\b[^>]*\bfilename\s*=\s*)(["'])(.*?)\2/g,
      (_all, head: string, q: string, uri: string) => `${head}${q}${locate(uri)}${q}`,
    )
    .replace(
      /<robot\b[^>]*>/,
      (tag) =>
        `${tag}<mujoco><compiler fusestatic="false" discardvisual="false" strippath="false" inertiafromgeom="false"/></mujoco>`,
    );
  writeFileSync(out, text);
}

/**
 * Asserts that two probes of one robot agree on every moving joint: the same hinge and slide
 * joints, each with its axis, limits, subtree mass and subtree centre of mass within `tolerance`.
 */
export function expectJointsAgree(ours: Probe, theirs: Probe, tolerance = 1e-6): void {
  if (!ours.loaded) throw new Error(`robokit's MJCF did not load: ${ours.error}`);
  if (!theirs.loaded) throw new Error(`MuJoCo's import did not load: ${theirs.error}`);
  expect([...ours.joints.keys()].sort()).toEqual([...theirs.joints.keys()].sort());
  expect(ours.joints.size).toBeGreaterThan(0);
  for (const [name, a] of ours.joints) {
    const b = theirs.joints.get(name)!;
    const near = (x: number, y: number, what: string): void =>
      expect(Math.abs(x - y), `${name} ${what}: ${x} vs ${y}`).toBeLessThanOrEqual(
        tolerance * Math.max(1, Math.abs(y)),
      );
    expect(a.type, name).toBe(b.type);
    expect(a.limited, `${name} limited`).toBe(b.limited);
    a.axis.forEach((v, k) => near(v, b.axis[k]!, `axis[${k}]`));
    if (a.limited) a.range.forEach((v, k) => near(v, b.range[k]!, `range[${k}]`));
    near(a.subtreeMass, b.subtreeMass, "subtree mass");
    a.com.forEach((v, k) => near(v, b.com[k]!, `subtree com[${k}]`));
  }
}
