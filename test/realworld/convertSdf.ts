// `robokit convert robot.urdf --to sdf` on the real URDFs of test/data/realworld that check_urdf and
// libsdformat both load, checked against libsdformat 12.3: `ign sdf -k` on robokit's output, and
// links, joints, total mass and model-frame link poses against `ign sdf -p` of the original URDF.
// Used by convertSdfRealworld.test.ts and scripts/realworld-convert.ts (writes CONVERT.md).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { lumpedFramesExtension } from "../../src/emit/sdf/lumpedFramesExtension.js";
import { lumpFixedJoints } from "../../src/model/lumpFixedJoints.js";
import { composePoses, IDENTITY_POSE, poseToMatrix, type Pose } from "../../src/model/Pose.js";
import type { Robot } from "../../src/model/Robot.js";
import { descriptionToModel } from "../../src/parse/descriptionToModel.js";
import { readXml } from "../../src/parse/readXml.js";
import { attr, child, childrenNamed, type XmlElement } from "../../src/parse/XmlDocument.js";
import { realworldRoot } from "./realworld.js";

/** Tolerances of the comparison: relative for mass, absolute (m, and rotation-matrix entries) for poses. */
export const MASS_TOLERANCE = 1e-6;
/** See {@link MASS_TOLERANCE}. */
export const POSE_TOLERANCE = 1e-6;

/** The distinct URDFs (MANIFEST.tsv dup_of empty) that check_urdf and libsdformat both accept. */
export function convertibleUrdfs(): string[] {
  const rows = readFileSync(join(realworldRoot, "expectations.tsv"), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => l.split("\t"));
  const dupOf = new Map(
    readFileSync(join(realworldRoot, "MANIFEST.tsv"), "utf8")
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => l.split("\t"))
      .map((c) => [c[0] ?? "", c[6] ?? ""]),
  );
  return rows
    .filter(
      ([path = "", kind, , cu, sc]) => kind === "urdf" && cu === "0" && sc === "0" && (dupOf.get(path) ?? "") === "",
    )
    .map(([path = ""]) => path);
}

/** One link, joint and mass table of an SDF model, poses resolved into the model frame. */
export interface SdfSummary {
  readonly links: ReadonlyMap<string, { readonly pose: Pose; readonly mass: number }>;
  /** name → type (continuous read as revolute: both write ±1e16 limits before SDF 1.10) and child. */
  readonly joints: ReadonlyMap<string, { readonly type: string; readonly child: string }>;
  readonly frames: readonly string[];
}

/** Reads the first `<model>` of SDF 1.7+ text (pose `relative_to` links, joints, frames and `__model__`). */
export function summarizeSdf(text: string): SdfSummary | undefined {
  const model = readXml(text, "out.sdf").document.root?.children.find((c) => c.name === "model");
  if (model === undefined) return undefined;
  const graph = new Map<string, { relativeTo: string; pose: Pose }>();
  const pose = (el: XmlElement, fallback: string): { relativeTo: string; pose: Pose } => {
    const p = child(el, "pose");
    const v = (p?.text.trim() ?? "0 0 0 0 0 0").split(/\s+/).map(Number);
    return {
      relativeTo: (p === undefined ? undefined : attr(p, "relative_to")) ?? fallback,
      pose: { xyz: [v[0] ?? 0, v[1] ?? 0, v[2] ?? 0], rpy: [v[3] ?? 0, v[4] ?? 0, v[5] ?? 0] },
    };
  };
  const links = childrenNamed(model, "link");
  const joints = childrenNamed(model, "joint");
  for (const l of links) graph.set(attr(l, "name") ?? "", pose(l, "__model__"));
  for (const j of joints) graph.set(attr(j, "name") ?? "", pose(j, child(j, "child")?.text.trim() ?? ""));
  for (const f of childrenNamed(model, "frame"))
    graph.set(attr(f, "name") ?? "", pose(f, attr(f, "attached_to") ?? "__model__"));
  const resolved = new Map<string, Pose>([
    ["__model__", IDENTITY_POSE],
    ["world", IDENTITY_POSE],
  ]);
  const resolve = (name: string, depth = 0): Pose => {
    const known = resolved.get(name);
    if (known !== undefined) return known;
    const node = graph.get(name);
    if (node === undefined || depth > 1000) return { xyz: [Number.NaN, Number.NaN, Number.NaN], rpy: [0, 0, 0] };
    const out = composePoses(resolve(node.relativeTo, depth + 1), node.pose);
    resolved.set(name, out);
    return out;
  };
  return {
    links: new Map(
      links.map((l) => [
        attr(l, "name") ?? "",
        {
          pose: resolve(attr(l, "name") ?? ""),
          mass: Number(child(l, "inertial")?.children.find((c) => c.name === "mass")?.text ?? 0),
        },
      ]),
    ),
    joints: new Map(
      joints.map((j) => [
        attr(j, "name") ?? "",
        {
          type: attr(j, "type") === "continuous" ? "revolute" : (attr(j, "type") ?? ""),
          child: child(j, "child")?.text.trim() ?? "",
        },
      ]),
    ),
    frames: childrenNamed(model, "frame").map((f) => attr(f, "name") ?? ""),
  };
}

/** What robokit's `convert --to sdf` (default: lumped) makes of a URDF, as the CLI does it. */
export function convertUrdf(text: string, path: string): { sdf: string; robot: Robot; lumped: number } | undefined {
  const read = descriptionToModel(text, path);
  if (read.robot === undefined) return undefined;
  const { robot, lumped } = lumpFixedJoints(read.robot, { keep: new Set(read.keepFixedJoints ?? []) });
  return {
    sdf: emitSdf(robot, { stamp: { from: path }, modelExtensions: [lumpedFramesExtension(lumped)] }),
    robot,
    lumped: lumped.length,
  };
}

/** One realworld URDF's outcome. */
export interface ConvertRow {
  readonly path: string;
  /** robokit read and wrote it. */
  readonly written: boolean;
  /** `ign sdf -k` on robokit's SDF: "" when accepted, else its first error line. */
  readonly ignError: string;
  readonly lumped: number;
  readonly links: { readonly ours: number; readonly theirs: number };
  /** Links libsdformat leaves out and robokit keeps: massless links below a moving joint, with their subtrees. */
  readonly droppedByThem: readonly string[];
  /** The massless links at the top of each dropped subtree. */
  readonly masslessRoots: readonly string[];
  /** Links only libsdformat has, or dropped links not explained by a massless link: disagreements. */
  readonly linkDiffs: readonly string[];
  /** Joints (on links both keep) whose presence or type differs. */
  readonly jointDiffs: readonly string[];
  readonly massOurs: number;
  readonly massTheirs: number;
  /** Mass of the links libsdformat drops (kg). */
  readonly massDropped: number;
  /** |ours − dropped − theirs| / theirs ≤ MASS_TOLERANCE. */
  readonly massAgrees: boolean;
  /** Largest difference of a common link's model-frame pose (m, or rotation-matrix entry). */
  readonly worstPose: number;
  readonly worstPoseLink: string;
}

type IgnResult = { rc: number; out: string; err: string };

/** Runs one command; resolves with its exit code and output. */
function run(command: string, args: readonly string[]): Promise<IgnResult> {
  return new Promise((resolve) => {
    const p = spawn(command, args);
    let out = "";
    let err = "";
    p.stdout.on("data", (d: Buffer) => (out += d.toString()));
    p.stderr.on("data", (d: Buffer) => (err += d.toString()));
    p.on("error", () => resolve({ rc: -1, out, err }));
    p.on("close", (rc) => resolve({ rc: rc ?? -1, out, err }));
  });
}

const batchScript = join(dirname(fileURLToPath(import.meta.url)), "..", "support", "ignSdfBatch.rb");

/**
 * `ign sdf <flag> file` for every file: libsdformat's own check / print functions called from one
 * Ruby process per half of the files (test/support/ignSdfBatch.rb; identical output to one `ign`
 * per file, measured on all 176 URDFs, ~4x faster). A file the batch did not finish (a crash)
 * is rerun with its own `ign` process.
 */
export async function ignAll(flag: "-k" | "-p", files: readonly string[]): Promise<Map<string, IgnResult>> {
  const results = new Map<string, IgnResult>();
  const half = Math.ceil(files.length / 2);
  await Promise.all(
    [files.slice(0, half), files.slice(half)].map(async (chunk) => {
      if (chunk.length === 0) return;
      const r = await run("nice", ["-n", "10", "ruby", batchScript, flag, ...chunk]);
      const outs = r.out.split(/\n@@robokit-ign-end rc=(-?\d+)@@\n/);
      const errs = r.err.split("\n@@robokit-ign-end@@\n");
      chunk.forEach((file, i) => {
        const rc = outs[2 * i + 1];
        if (rc !== undefined) results.set(file, { rc: Number(rc), out: outs[2 * i] ?? "", err: errs[i] ?? "" });
      });
    }),
  );
  for (const file of files)
    if (!results.has(file)) results.set(file, await run("nice", ["-n", "10", "ign", "sdf", flag, file]));
  return results;
}

function poseDifference(a: Pose, b: Pose): number {
  const ma = poseToMatrix(a);
  const mb = poseToMatrix(b);
  let worst = 0;
  for (let i = 0; i < 16; i++) worst = Math.max(worst, Math.abs((ma[i] ?? 0) - (mb[i] ?? 0)));
  return worst;
}

/** Converts, checks and compares every convertible realworld URDF (two ign processes at a time). */
export async function runConvertSdf(paths: readonly string[] = convertibleUrdfs()): Promise<ConvertRow[]> {
  const dir = mkdtempSync(join(tmpdir(), "robokit-convert-"));
  try {
    const converted = paths.map((path, i) => {
      const urdf = join(realworldRoot, path);
      const out = convertUrdf(readFileSync(urdf, "utf8"), path);
      const sdf = join(dir, `${i}.sdf`);
      if (out !== undefined) writeFileSync(sdf, out.sdf);
      return { path, urdf, sdf, out };
    });
    const written = converted.filter((c) => c.out !== undefined);
    const checked = await ignAll(
      "-k",
      written.map((w) => w.sdf),
    );
    const printed = await ignAll(
      "-p",
      converted.map((w) => w.urdf),
    );
    return converted.map(({ path, urdf, sdf, out }): ConvertRow => {
      const theirs = summarizeSdf(printed.get(urdf)?.out ?? "");
      const ours = out === undefined ? undefined : summarizeSdf(out.sdf);
      const empty: ConvertRow = {
        path,
        written: false,
        ignError: "",
        lumped: 0,
        links: { ours: 0, theirs: theirs?.links.size ?? 0 },
        droppedByThem: [],
        masslessRoots: [],
        linkDiffs: [],
        jointDiffs: [],
        massOurs: 0,
        massTheirs: 0,
        massDropped: 0,
        massAgrees: false,
        worstPose: Number.NaN,
        worstPoseLink: "",
      };
      if (out === undefined || ours === undefined || theirs === undefined) return empty;
      const k = checked.get(sdf);
      const ignError =
        k?.rc === 0
          ? ""
          : (
              (k?.err ?? "")
                .replace(/\u001b\[[0-9;]*m/g, "")
                .split("\n")
                .find((l) => /^Error/.test(l)) ?? `exit ${k?.rc ?? "?"}`
            ).trim();
      const droppedByThem = [...ours.links.keys()].filter((l) => !theirs.links.has(l));
      const dropped = new Set(droppedByThem);
      const parentOf = new Map((out.robot.joints ?? []).map((j) => [j.child, j] as const));
      const byName = new Map(out.robot.links.map((l) => [l.name, l] as const));
      const masslessRoots = droppedByThem.filter((l) => !dropped.has(parentOf.get(l)?.parent ?? ""));
      const unexplained = masslessRoots.filter((l) => {
        const link = byName.get(l);
        return (
          link === undefined ||
          (link.inertial !== undefined && link.inertial.mass > 0) ||
          parentOf.get(l)?.type === "fixed"
        );
      });
      const linkDiffs = [
        ...[...theirs.links.keys()].filter((l) => !ours.links.has(l)).map((l) => `only libsdformat has link ${l}`),
        ...unexplained.map((l) => `libsdformat drops link ${l}, which has mass`),
      ];
      const jointDiffs: string[] = [];
      for (const [name, j] of ours.joints) {
        if (dropped.has(j.child)) continue;
        const t = theirs.joints.get(name);
        if (t === undefined) jointDiffs.push(`only robokit has joint ${name}`);
        else if (t.type !== j.type) jointDiffs.push(`joint ${name}: robokit ${j.type}, libsdformat ${t.type}`);
      }
      for (const name of theirs.joints.keys())
        if (!ours.joints.has(name)) jointDiffs.push(`only libsdformat has joint ${name}`);
      const sum = (s: SdfSummary, only?: (name: string) => boolean): number =>
        [...s.links].filter(([n]) => only === undefined || only(n)).reduce((m, [, l]) => m + l.mass, 0);
      const massOurs = sum(ours);
      const massDropped = sum(ours, (n) => dropped.has(n));
      const massTheirs = sum(theirs);
      let worstPose = 0;
      let worstPoseLink = "";
      for (const [name, l] of theirs.links) {
        const o = ours.links.get(name);
        if (o === undefined) continue;
        const d = poseDifference(o.pose, l.pose);
        if (!(d <= worstPose)) {
          worstPose = d;
          worstPoseLink = name;
        }
      }
      return {
        path,
        written: true,
        ignError,
        lumped: out.lumped,
        links: { ours: ours.links.size, theirs: theirs.links.size },
        droppedByThem,
        masslessRoots,
        linkDiffs,
        jointDiffs,
        massOurs,
        massTheirs,
        massDropped,
        massAgrees: Math.abs(massOurs - massDropped - massTheirs) <= MASS_TOLERANCE * Math.max(massTheirs, 1e-300),
        worstPose,
        worstPoseLink,
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function mass(kg: number): string {
  return Number(kg.toPrecision(6)).toString();
}

/** The per-file report test/realworld/CONVERT.md (deterministic: pose agreement is bucketed, masses to 6 digits). */
export function renderConvertReport(rows: readonly ConvertRow[]): string {
  const written = rows.filter((r) => r.written);
  const accepted = written.filter((r) => r.ignError === "");
  const linksAgree = written.filter((r) => r.linkDiffs.length === 0);
  const exact = written.filter((r) => r.droppedByThem.length === 0 && r.linkDiffs.length === 0);
  const jointsAgree = written.filter((r) => r.jointDiffs.length === 0);
  const massAgrees = written.filter((r) => r.massAgrees);
  const massEqual = written.filter((r) => r.massAgrees && r.massDropped === 0);
  const posesAgree = written.filter((r) => r.worstPose <= POSE_TOLERANCE);
  const lines = [
    "# robokit convert --to sdf on real URDFs",
    "",
    "Generated by `npm run realworld:convert` (scripts/realworld-convert.ts); test/realworld/convertSdfRealworld.test.ts",
    "regenerates it in its batched run and compares. Input: the distinct URDFs of test/data/realworld that",
    "check_urdf (urdfdom 3.0.1) and libsdformat 12.3 both load. robokit's output (`robokit convert FILE --to sdf`:",
    "SDF 1.9, fixed joints lumped as libsdformat does) is checked with `ign sdf -k` and compared with `ign sdf -p FILE`",
    `(libsdformat's own conversion): links, joints and types (continuous read as revolute), total mass (relative ${MASS_TOLERANCE.toExponential()}) and`,
    `every common link's pose in the model frame (${POSE_TOLERANCE.toExponential()}, on position and rotation-matrix entries).`,
    "",
    "| Measure | Files |",
    "|---|---|",
    `| converted by robokit | ${written.length} of ${rows.length} |`,
    `| accepted by \`ign sdf -k\` | ${accepted.length} of ${written.length} |`,
    `| same links as \`ign sdf -p\` | ${exact.length} of ${written.length}; ${linksAgree.length - exact.length} more where libsdformat drops massless links robokit keeps (deliberate, below) |`,
    `| same joints and types (on the links both keep) | ${jointsAgree.length} of ${written.length} |`,
    `| same total mass | ${massEqual.length} of ${written.length}${massAgrees.length > massEqual.length ? `; ${massAgrees.length - massEqual.length} more once the mass libsdformat drops with massless links is left out` : ""} |`,
    `| every common link's model-frame pose within ${POSE_TOLERANCE.toExponential()} | ${posesAgree.length} of ${written.length} |`,
    `| links lumped by robokit (as by libsdformat) | ${written.reduce((m, r) => m + r.lumped, 0)} in ${written.filter((r) => r.lumped > 0).length} files |`,
    "",
    "**Deliberate difference.** libsdformat's URDF reader leaves out a link without `<inertial>` (or with mass 0)",
    'below a moving joint, with its joint and everything below it (sdformat#199; it warns "not modeled in sdf").',
    "robokit keeps the link and its joint: URDF consumers (urdfdom, RViz, MoveIt, pybullet) load them, the joint is",
    "what a controller drives, and `robokit validate` warns about the massless moving link. Such links are listed",
    "below; the mass compared is robokit's minus that of the dropped links.",
    "",
    "| File | ign -k | links robokit / libsdformat | lumped | joints | mass robokit / libsdformat (kg) | poses | differences and reasons |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const r of rows) {
    if (!r.written) {
      lines.push(`| ${r.path} | — | not read | — | — | — | — | robokit could not read the file |`);
      continue;
    }
    const reasons = [
      ...r.masslessRoots.map((l) => `deliberate: libsdformat drops massless link ${l} and its joint`),
      ...(r.droppedByThem.length > r.masslessRoots.length
        ? [`(${r.droppedByThem.length} links dropped with them in all)`]
        : []),
      ...r.linkDiffs,
      ...r.jointDiffs,
      ...(r.ignError === "" ? [] : [`ign sdf -k: ${r.ignError.replaceAll("|", "\\|")}`]),
      ...(r.massAgrees ? [] : ["total mass differs"]),
      ...(r.worstPose <= POSE_TOLERANCE
        ? []
        : [`pose of ${r.worstPoseLink} differs by ${r.worstPose.toExponential(2)}`]),
    ];
    const pose =
      r.worstPose <= 1e-9
        ? "≤ 1e-9"
        : r.worstPose <= POSE_TOLERANCE
          ? `≤ ${POSE_TOLERANCE.toExponential()}`
          : r.worstPose.toExponential(2);
    lines.push(
      `| ${r.path} | ${r.ignError === "" ? "valid" : "rejected"} | ${r.links.ours} / ${r.links.theirs} | ${r.lumped} | ${r.jointDiffs.length === 0 ? "same" : "differ"} | ${mass(r.massOurs)} / ${mass(r.massTheirs)}${r.massDropped > 0 ? ` (dropped ${mass(r.massDropped)})` : ""} | ${pose} | ${reasons.join("; ") || "—"} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}
