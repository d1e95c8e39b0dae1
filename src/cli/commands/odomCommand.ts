import { basename, dirname } from "node:path";

import { Command, Option } from "commander";

import type {
  AckermannDriveFromModel,
  BicycleDriveFromModel,
  DifferentialDriveFromModel,
  DriveFromModel,
  MecanumDriveFromModel,
  OmniDriveFromModel,
  SteeredDriveFromModel,
  TricycleDriveFromModel,
} from "../../kinematics/driveFromModel.js";
import { se2ExpInto } from "../../kinematics/se2Exp.js";
import { baseMotionFromPointInto } from "../../kinematics/shiftTwist.js";
import type { DriveWheel } from "../../model/driveGeometry.js";
import { assertNever } from "../../util/assertNever.js";
import { isKabschValid } from "../../kinematics/KabschResult.js";
import { KabschWheelOdometry } from "../../kinematics/KabschWheelOdometry.js";
import { Odometry } from "../../kinematics/Odometry.js";
import { formatNumber } from "../../util/formatNumber.js";
import { wrapAngle } from "../../util/wrapAngle.js";
import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { InputError } from "../errors.js";
import { loadRobot } from "../loadRobot.js";
import { readInputFile } from "../readInputFile.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import { writeArtifacts } from "../writeArtifacts.js";
import { requireDrive } from "./ikCommand.js";
import { escapeTerminal } from "../../diagnostics/escapeTerminal.js";
import { helpExamples } from "../helpExamples.js";

/** Odometry method for a steered drive. */
type OdomMethod = "kabsch" | "least-squares";

/** A parsed wheel-state CSV: times and one column per needed joint. */
interface WheelCsv {
  readonly t: Float64Array;
  readonly columns: ReadonlyMap<string, Float64Array>;
  /** 1-based file line of each data row, for messages. */
  readonly lines: readonly number[];
}

/**
 * `robokit odom <robot> <file.csv> [--method kabsch|least-squares] [-o out.csv]`.
 *
 * Input CSV (comma-separated, one header row, `#` comments and blank lines ignored):
 * - `t`: time (s), strictly increasing;
 * - one column per drive joint the odometry reads ({@link odomJoints}), named exactly as the
 *   joint in the model, holding the joint **position** as ros2_control's joint_states reports
 *   it: steering joints in rad (the steering angle), wheel joints in rad (accumulated wheel
 *   angle, any start value). Other columns are ignored; column order is free.
 * Output CSV: `t,x,y,theta` (odom frame = base_link at the first row; m, m, rad wrapped to
 * (−π, π]) plus `residual` (m, the weighted Kabsch fit residual) with the Kabsch method.
 * Geometry (axes, offsets, radii, joint directions) comes from the model only.
 */
export function odomCommand(): Command {
  return new Command("odom")
    .description("wheel odometry: CSV of joint positions in, CSV trajectory (t, x, y, theta) out")
    .addHelpText(
      "after",
      helpExamples(
        "robokit odom mario joint_states.csv -o trajectory.csv",
        "robokit odom mario joint_states.csv --method least-squares",
      ),
    )
    .argument("<robot>", "bundled example name, robot document (.json/.yaml) or module (.ts/.js)")
    .argument("<file.csv>", "columns t (s) and one per drive joint (position, rad); see docs/kinematics.md#cli")
    .addOption(
      new Option("--method <method>", "steered drives: Kabsch fit of contact points, or least squares + SE(2) exp")
        .choices(["kabsch", "least-squares"])
        .default("kabsch"),
    )
    .option("-o, --out <file>", "write the trajectory here (atomically) instead of stdout")
    .action(async (robotArg: string, csvPath: string, opts: { method: OdomMethod; out?: string }) => {
      const robot = await loadRobot(robotArg);
      const drive = requireDrive(robot, robotArg);
      const joints = odomJoints(drive);
      const text = readInputFile(csvPath, INPUT_LIMITS.maxCsvBytes).toString("utf8");
      const csv = parseWheelCsv(text, csvPath, joints);
      const out = driveOdometry(drive, csv, opts.method, csvPath);
      if (opts.out === undefined) {
        process.stdout.write(out);
      } else {
        writeArtifacts(dirname(opts.out), [{ path: basename(opts.out), content: out }]);
        process.stderr.write(`robokit: wrote ${csv.t.length} poses to ${escapeTerminal(opts.out)}\n`);
      }
    });
}

function fail(file: string, line: number, column: number, code: Diagnostic["code"], message: string): InputError {
  return new InputError(`${file}: invalid wheel-state CSV`, [{ code, severity: "error", message, file, line, column }]);
}

/** Parses the CSV strictly; every problem names file:line:col. */
export function parseWheelCsv(text: string, file: string, joints: readonly string[]): WheelCsv {
  const rawLines = text.split(/\r?\n/);
  let header: { names: string[]; starts: number[]; line: number } | undefined;
  const rows: { cells: string[]; starts: number[]; line: number }[] = [];
  rawLines.forEach((raw, index) => {
    if (raw.trim() === "" || raw.trimStart().startsWith("#")) return;
    const cells: string[] = [];
    const starts: number[] = [];
    let start = 0;
    for (const cell of raw.split(",")) {
      cells.push(cell.trim());
      starts.push(start + 1 + (cell.length - cell.trimStart().length));
      start += cell.length + 1;
    }
    if (header === undefined) header = { names: cells, starts, line: index + 1 };
    else rows.push({ cells, starts, line: index + 1 });
  });
  if (header === undefined)
    throw fail(file, 1, 1, "ELEMENT_MISSING", "empty CSV: expected a header row with t and the drive joint names");
  const h = header;
  const indexOf = (name: string): number => {
    const i = h.names.indexOf(name);
    if (i < 0)
      throw fail(file, h.line, 1, "ELEMENT_MISSING", `missing column "${name}" (header has: ${h.names.join(", ")})`);
    return i;
  };
  const tIndex = indexOf("t");
  const wanted = joints.map((j) => [j, indexOf(j)] as const);
  if (rows.length === 0) throw fail(file, h.line, 1, "ELEMENT_MISSING", "no data rows after the header");
  const t = new Float64Array(rows.length);
  const columns = new Map(joints.map((j) => [j, new Float64Array(rows.length)] as const));
  const value = (row: (typeof rows)[number], i: number, name: string): number => {
    const cell = row.cells[i];
    if (cell === undefined)
      throw fail(
        file,
        row.line,
        (row.starts.at(-1) ?? 1) + (row.cells.at(-1)?.length ?? 0),
        "ELEMENT_MISSING",
        `row has ${row.cells.length} fields, column "${name}" is field ${i + 1}`,
      );
    const v = cell === "" ? Number.NaN : Number(cell);
    if (!Number.isFinite(v))
      throw fail(
        file,
        row.line,
        row.starts[i] ?? 1,
        "NUMBER_NOT_FINITE",
        `column "${name}": "${cell}" is not a finite number`,
      );
    return v;
  };
  rows.forEach((row, k) => {
    t[k] = value(row, tIndex, "t");
    if (k > 0 && !((t[k] as number) > (t[k - 1] as number))) {
      throw fail(
        file,
        row.line,
        row.starts[tIndex] ?? 1,
        "VALUE_OUT_OF_RANGE",
        `t must increase strictly (${formatNumber(t[k] as number)} after ${formatNumber(t[k - 1] as number)})`,
      );
    }
    for (const [name, i] of wanted) (columns.get(name) as Float64Array)[k] = value(row, i, name);
  });
  return { t, columns, lines: rows.map((r) => r.line) };
}

function row(t: number, pose: Float64Array, residual?: number): string {
  const cells = [t, pose[0] as number, pose[1] as number, pose[2] as number].map(formatNumber);
  if (residual !== undefined) cells.push(formatNumber(residual));
  return `${cells.join(",")}\n`;
}

function steeredOdometry(drive: SteeredDriveFromModel, csv: WheelCsv, method: OdomMethod, file: string): string {
  const { layout, kinematics } = drive;
  const n = layout.modules.length;
  const steer = layout.modules.map((m) => csv.columns.get(m.steerJoint) as Float64Array);
  const wheel = layout.modules.map((m) => csv.columns.get(m.wheelJoint) as Float64Array);
  const kabsch = new KabschWheelOdometry(
    layout.modules.map((m) => ({ x: m.pivot[0], y: m.pivot[1] })),
    { wheelOffsets: drive.offsets },
  );
  const odom = new Odometry();
  const pose = new Float64Array(3);
  const start = new Float64Array(n);
  const end = new Float64Array(n);
  const travel = new Float64Array(n);
  const mid = new Float64Array(n);
  const twist = new Float64Array(3);
  const out4 = new Float64Array(4);
  let text = method === "kabsch" ? "t,x,y,theta,residual\n" : "t,x,y,theta\n";
  text += row(csv.t[0] as number, odom.poseInto(pose), method === "kabsch" ? 0 : undefined);
  for (let k = 1; k < csv.t.length; k++) {
    layout.modules.forEach((m, i) => {
      start[i] = (steer[i] as Float64Array)[k - 1] as number;
      end[i] = (steer[i] as Float64Array)[k] as number;
      // Contact travel along the heading: joint angle change × radius, signed by the joint direction.
      travel[i] =
        m.wheelDirection *
        m.radius *
        (((wheel[i] as Float64Array)[k] as number) - ((wheel[i] as Float64Array)[k - 1] as number));
      mid[i] = (start[i] as number) + wrapAngle((end[i] as number) - (start[i] as number)) / 2;
    });
    if (method === "kabsch") {
      const status = kabsch.estimateInto(out4, start, end, travel);
      if (!isKabschValid(status)) {
        throw fail(
          file,
          csv.lines[k] ?? 1,
          1,
          "VALUE_OUT_OF_RANGE",
          `no rigid motion fits the wheel travel of this step (Kabsch: ${status})`,
        );
      }
      odom.addDelta(out4[1] as number, out4[2] as number, out4[0] as number);
      text += row(csv.t[k] as number, odom.poseInto(pose), out4[3] as number);
    } else {
      // Least squares on the step's travel at the mid-step angles gives the twist × dt.
      kinematics.toChassisVelocityInto(twist, mid, travel);
      odom.addVelocity(twist[0] as number, twist[1] as number, twist[2] as number, 1);
      text += row(csv.t[k] as number, odom.poseInto(pose));
    }
  }
  return text;
}

function omniOdometry(drive: OmniDriveFromModel, csv: WheelCsv): string {
  const { layout, kinematics } = drive;
  const wheel = layout.wheels.map((w) => csv.columns.get(w.joint) as Float64Array);
  const odom = new Odometry();
  const pose = new Float64Array(3);
  const travel = new Float64Array(layout.wheels.length);
  const twist = new Float64Array(3);
  let text = "t,x,y,theta\n";
  text += row(csv.t[0] as number, odom.poseInto(pose));
  for (let k = 1; k < csv.t.length; k++) {
    layout.wheels.forEach((w, i) => {
      travel[i] =
        w.wheelDirection *
        w.radius *
        (((wheel[i] as Float64Array)[k] as number) - ((wheel[i] as Float64Array)[k - 1] as number));
    });
    // The omni FK is linear: travel in, (dx, dy, dθ) of the step out; integrate exactly.
    kinematics.toChassisVelocityInto(twist, travel, "m/s");
    odom.addVelocity(twist[0] as number, twist[1] as number, twist[2] as number, 1);
    text += row(csv.t[k] as number, odom.poseInto(pose));
  }
  return text;
}

/**
 * The joints whose positions `robokit odom` reads: steered modules' steering and wheel joints;
 * every wheel of an omni, differential or mecanum base; a car-like base's traction wheels
 * (their axle gives vx and ω) and, for a bicycle, its steering joint (ω = vx·tan δ/L).
 */
export function odomJoints(drive: DriveFromModel): readonly string[] {
  switch (drive.type) {
    case "steered":
      return drive.layout.modules.flatMap((m) => [m.steerJoint, m.wheelJoint]);
    case "omni":
      return drive.layout.wheels.map((w) => w.joint);
    case "differential":
      return [...drive.geometry.left, ...drive.geometry.right].map((w) => w.joint);
    case "mecanum": {
      const g = drive.geometry;
      return [g.frontLeft, g.frontRight, g.rearLeft, g.rearRight].map((w) => w.joint);
    }
    case "ackermann":
    case "tricycle":
      return drive.geometry.traction.map((w) => w.joint);
    case "bicycle":
      return [drive.geometry.steering.joint, drive.geometry.traction.joint];
    default:
      return assertNever(drive, "drive");
  }
}

function driveOdometry(drive: DriveFromModel, csv: WheelCsv, method: OdomMethod, file: string): string {
  switch (drive.type) {
    case "steered":
      return steeredOdometry(drive, csv, method, file);
    case "omni":
      return omniOdometry(drive, csv);
    case "mecanum":
    case "differential":
    case "ackermann":
    case "bicycle":
    case "tricycle":
      return planarOdometry(drive, csv);
    default:
      return assertNever(drive, "drive");
  }
}

/**
 * Odometry of a mecanum, differential or car-like base: each step's wheel travel through the
 * drive's forward kinematics gives the step's twist at the drive's kinematic centre, whose
 * exact arc (SE(2) exp) is carried to the base frame.
 */
function planarOdometry(
  drive:
    | MecanumDriveFromModel
    | DifferentialDriveFromModel
    | AckermannDriveFromModel
    | BicycleDriveFromModel
    | TricycleDriveFromModel,
  csv: WheelCsv,
): string {
  const odom = new Odometry();
  const pose = new Float64Array(3);
  const twist = new Float64Array(3);
  const arc = new Float64Array(3);
  const motion = new Float64Array(3);
  const [cx, cy] = drive.type === "mecanum" ? [0, 0] : drive.centre;
  /** Forward roll of a wheel over step k (rad). */
  const roll = (w: DriveWheel, k: number): number => {
    const c = csv.columns.get(w.joint) as Float64Array;
    return w.direction * ((c[k] as number) - (c[k - 1] as number));
  };
  let text = "t,x,y,theta\n";
  text += row(csv.t[0] as number, odom.poseInto(pose));
  for (let k = 1; k < csv.t.length; k++) {
    stepTwistInto(twist, drive, roll, csv, k);
    se2ExpInto(arc, twist[0] as number, twist[1] as number, twist[2] as number);
    baseMotionFromPointInto(motion, cx, cy, arc[0] as number, arc[1] as number, twist[2] as number);
    odom.addDelta(motion[0] as number, motion[1] as number, motion[2] as number);
    text += row(csv.t[k] as number, odom.poseInto(pose));
  }
  return text;
}

/** The twist (m, m, rad) of step k at the drive's kinematic centre (the base frame's for mecanum). */
function stepTwistInto(
  out: Float64Array,
  drive: Parameters<typeof planarOdometry>[0],
  roll: (w: DriveWheel, k: number) => number,
  csv: WheelCsv,
  k: number,
): Float64Array {
  switch (drive.type) {
    case "mecanum": {
      const g = drive.geometry;
      const travel = Float64Array.from(
        [g.frontLeft, g.frontRight, g.rearLeft, g.rearRight],
        (w) => roll(w, k) * g.wheelRadius,
      );
      return drive.kinematics.toChassisVelocityInto(out, travel);
    }
    case "differential": {
      // Skid-steer: each side's travel is the mean of its wheels'.
      const g = drive.geometry;
      const side = (ws: readonly DriveWheel[]): number =>
        (ws.reduce((a, w) => a + roll(w, k), 0) / ws.length) * g.wheelRadius;
      return drive.kinematics.toChassisVelocityInto(out, side(g.left), side(g.right));
    }
    case "ackermann":
    case "tricycle": {
      const [l, r] = drive.geometry.traction;
      return drive.kinematics.toChassisSpeedsInto(out, roll(l, k), roll(r, k));
    }
    case "bicycle": {
      const s = drive.geometry.steering;
      const c = csv.columns.get(s.joint) as Float64Array;
      const delta = (s.direction * ((c[k] as number) + (c[k - 1] as number))) / 2;
      return drive.kinematics.toChassisSpeedsInto(out, delta, roll(drive.geometry.traction, k));
    }
    default:
      return assertNever(drive, "drive");
  }
}
