import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { haveTool, runTool } from "./tools.js";

/** One compiled body, as MuJoCo 2.2.2 reports it (frames: body_* in the body frame, x* in the world at qpos0). */
export interface ProbedBody {
  readonly name: string;
  readonly parent: string;
  readonly mass: number;
  readonly ipos: number[];
  /** [w, x, y, z] */
  readonly iquat: number[];
  readonly inertia: number[];
  readonly xipos: number[];
  /** Row-major 3×3. */
  readonly ximat: number[];
  readonly subtreecom: number[];
  readonly subtreemass: number;
  readonly jntnum: number;
}

/** One compiled joint. */
export interface ProbedJoint {
  readonly name: string;
  readonly body: string;
  /** mjtJoint: 0 free, 1 ball, 2 slide, 3 hinge. */
  readonly type: number;
  readonly limited: number;
  readonly axis: number[];
  readonly range: number[];
  readonly damping: number;
  readonly frictionloss: number;
}

/** What MuJoCo 2.2.2 compiled of an MJCF. */
export interface ProbedModel {
  readonly bodies: ProbedBody[];
  readonly joints: ProbedJoint[];
  readonly equalities: { name: string; type: number; obj1: string; obj2: string; data: number[] }[];
  readonly actuators: {
    name: string;
    joint: string;
    ctrllimited: number;
    forcelimited: number;
    gain: number;
    bias: number[];
    ctrlrange: number[];
    forcerange: number[];
    gear: number;
  }[];
  readonly sensors: { name: string; type: number }[];
  readonly geoms: { name: string; body: string; contype: number; conaffinity: number; group: number }[];
}

let program: string | undefined;

/**
 * A C program compiled against the system MuJoCo (libmujoco-dev, 2.2.2 on Debian) that loads an
 * MJCF with mj_loadXML and prints the compiled model at full precision (test/mjcf/mjModelProbe.c).
 * Undefined, with a loud skip (a failure in CI), when the compiler or MuJoCo is missing.
 */
export function mujocoProbe(purpose: string): ((xml: string) => ProbedModel) | undefined {
  if (!haveTool("cc", `${purpose} (C compiler)`) || !haveTool("mujoco-compile", purpose)) return undefined;
  ensureProgram();
  return (xml: string): ProbedModel => {
    const [one] = probeAll(ensureProgram(), [xml]);
    if (typeof one === "string") throw new Error(`MuJoCo refused the MJCF: ${one}`);
    return one!;
  };
}

/**
 * Like {@link mujocoProbe}, for many models in one process: each result is the compiled model
 * or MuJoCo's error message.
 */
export function mujocoProbeMany(purpose: string): ((xmls: readonly string[]) => (ProbedModel | string)[]) | undefined {
  if (mujocoProbe(purpose) === undefined) return undefined;
  return (xmls) => probeAll(ensureProgram(), xmls);
}

/** The probe's executable, compiled again when a cleaner removed it. */
function ensureProgram(): string {
  if (program !== undefined && existsSync(program)) return program;
  const out = join(mkdtempSync(join(tmpdir(), "robokit-mjprobe-")), "mjModelProbe");
  const run = runTool("cc", ["-O1", "-o", out, join(import.meta.dirname, "..", "mjcf", "mjModelProbe.c"), "-lmujoco"]);
  if (run.status !== 0) throw new Error(`building the MuJoCo probe failed: ${run.stderr}`);
  program = out;
  return out;
}

function probeAll(exe: string, xmls: readonly string[]): (ProbedModel | string)[] {
  // A folder per batch: other processes may clean the temporary folder meanwhile.
  const dir = mkdtempSync(join(tmpdir(), "robokit-mjprobe-"));
  try {
    const files = xmls.map((xml, k) => {
      const file = join(dir, `model${k}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    const run = runTool(exe, files);
    if (run.status !== 0) throw new Error(`the MuJoCo probe failed: ${run.stderr}`);
    const parts = run.stdout.split(/^model \d+\n/m).slice(1);
    if (parts.length !== xmls.length)
      throw new Error(`the MuJoCo probe printed ${parts.length} models of ${xmls.length}`);
    return parts.map((p) => (p.startsWith("error ") ? p.slice(6).trim() : parseProbe(p)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const KEYS = new Set(
  "parent mass ipos iquat inertia xipos ximat subtreecom subtreemass jntnum body type limited axis range damping frictionloss obj1 obj2 data joint ctrllimited forcelimited gain bias ctrlrange forcerange gear contype conaffinity group".split(
    " ",
  ),
);
/** Keys followed by one name, which may itself look like a key. */
const NAME_KEYS = new Set(["parent", "body", "obj1", "obj2", "joint"]);

function fields(rest: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let k = 0; k < rest.length; k++) {
    const key = rest[k]!;
    if (!KEYS.has(key)) continue;
    if (NAME_KEYS.has(key)) {
      out.set(key, [rest[++k] ?? ""]);
      continue;
    }
    const values: string[] = [];
    while (k + 1 < rest.length && !KEYS.has(rest[k + 1]!)) values.push(rest[++k]!);
    out.set(key, values);
  }
  return out;
}

/** The probe writes spaces and percent signs in names as %20 and %25. */
function unescapeName(word: string): string {
  return word.replace(/%(20|25)/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

function parseProbe(text: string): ProbedModel {
  const model: ProbedModel = { bodies: [], joints: [], equalities: [], actuators: [], sensors: [], geoms: [] };
  for (const line of text.split("\n")) {
    const [kind, word0 = "", ...rest] = line.split(" ");
    const name = unescapeName(word0);
    const f = fields(rest);
    const nums = (k: string): number[] => (f.get(k) ?? []).map(Number);
    const one = (k: string): number => nums(k)[0] ?? Number.NaN;
    const word = (k: string): string => unescapeName(f.get(k)?.[0] ?? "");
    if (kind === "body")
      model.bodies.push({
        name,
        parent: word("parent"),
        mass: one("mass"),
        ipos: nums("ipos"),
        iquat: nums("iquat"),
        inertia: nums("inertia"),
        xipos: nums("xipos"),
        ximat: nums("ximat"),
        subtreecom: nums("subtreecom"),
        subtreemass: one("subtreemass"),
        jntnum: one("jntnum"),
      });
    else if (kind === "joint")
      model.joints.push({
        name,
        body: word("body"),
        type: one("type"),
        limited: one("limited"),
        axis: nums("axis"),
        range: nums("range"),
        damping: one("damping"),
        frictionloss: one("frictionloss"),
      });
    else if (kind === "equality")
      model.equalities.push({ name, type: one("type"), obj1: word("obj1"), obj2: word("obj2"), data: nums("data") });
    else if (kind === "actuator")
      model.actuators.push({
        name,
        joint: word("joint"),
        ctrllimited: one("ctrllimited"),
        forcelimited: one("forcelimited"),
        gain: one("gain"),
        bias: nums("bias"),
        ctrlrange: nums("ctrlrange"),
        forcerange: nums("forcerange"),
        gear: one("gear"),
      });
    else if (kind === "sensor") model.sensors.push({ name, type: one("type") });
    else if (kind === "geom")
      model.geoms.push({
        name,
        body: word("body"),
        contype: one("contype"),
        conaffinity: one("conaffinity"),
        group: one("group"),
      });
  }
  return model;
}
