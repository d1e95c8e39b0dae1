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
import { InputError } from "../errors.js";
import { loadRobot } from "../loadRobot.js";
import { forEachInputLine } from "../forEachInputLine.js";
import { TextChunks } from "../TextChunks.js";
import { type WheelCsv, WheelCsvParser } from "../WheelCsvParser.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import { writeArtifacts } from "../writeArtifacts.js";
import { requireDrive } from "./ikCommand.js";
import { escapeTerminal } from "../../diagnostics/escapeTerminal.js";
import { helpExamples } from "../helpExamples.js";

/** Odometry method for a steered drive. */
type OdomMethod = "kabsch" | "least-squares";

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
      // Read a line at a time into the needed columns only, and written a chunk at a time.
      const parser = new WheelCsvParser(csvPath, joints);
      forEachInputLine(csvPath, INPUT_LIMITS.maxCsvBytes, (line, n) => parser.line(line, n));
      const csv = parser.finish();
      if (opts.out === undefined) {
        const out = new TextChunks((chunk) => process.stdout.write(chunk));
        driveOdometry(drive, csv, opts.method, csvPath, out);
        out.end();
      } else {
        const out = new TextChunks();
        driveOdometry(drive, csv, opts.method, csvPath, out);
        writeArtifacts(dirname(opts.out), [{ path: basename(opts.out), content: out.end() }]);
        process.stderr.write(`robokit: wrote ${csv.t.length} poses to ${escapeTerminal(opts.out)}\n`);
      }
    });
}

function row(t: number, pose: Float64Array, residual?: number): string {
  const cells = [t, pose[0] as number, pose[1] as number, pose[2] as number].map(formatNumber);
  if (residual !== undefined) cells.push(formatNumber(residual));
  return `${cells.join(",")}\n`;
}

function steeredOdometry(
  drive: SteeredDriveFromModel,
  csv: WheelCsv,
  method: OdomMethod,
  file: string,
  out: TextChunks,
): void {
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
  out.push(method === "kabsch" ? "t,x,y,theta,residual\n" : "t,x,y,theta\n");
  out.push(row(csv.t[0] as number, odom.poseInto(pose), method === "kabsch" ? 0 : undefined));
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
        throw new InputError(`${file}: invalid wheel-state CSV`, [
          {
            code: "VALUE_OUT_OF_RANGE",
            severity: "error",
            message: `no rigid motion fits the wheel travel of this step (Kabsch: ${status})`,
            file,
            line: csv.lines[k] ?? 1,
            column: 1,
          },
        ]);
      }
      odom.addDelta(out4[1] as number, out4[2] as number, out4[0] as number);
      out.push(row(csv.t[k] as number, odom.poseInto(pose), out4[3] as number));
    } else {
      // Least squares on the step's travel at the mid-step angles gives the twist × dt.
      kinematics.toChassisVelocityInto(twist, mid, travel);
      odom.addVelocity(twist[0] as number, twist[1] as number, twist[2] as number, 1);
      out.push(row(csv.t[k] as number, odom.poseInto(pose)));
    }
  }
}

function omniOdometry(drive: OmniDriveFromModel, csv: WheelCsv, out: TextChunks): void {
  const { layout, kinematics } = drive;
  const wheel = layout.wheels.map((w) => csv.columns.get(w.joint) as Float64Array);
  const odom = new Odometry();
  const pose = new Float64Array(3);
  const travel = new Float64Array(layout.wheels.length);
  const twist = new Float64Array(3);
  out.push("t,x,y,theta\n");
  out.push(row(csv.t[0] as number, odom.poseInto(pose)));
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
    out.push(row(csv.t[k] as number, odom.poseInto(pose)));
  }
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

function driveOdometry(drive: DriveFromModel, csv: WheelCsv, method: OdomMethod, file: string, out: TextChunks): void {
  switch (drive.type) {
    case "steered":
      return steeredOdometry(drive, csv, method, file, out);
    case "omni":
      return omniOdometry(drive, csv, out);
    case "mecanum":
    case "differential":
    case "ackermann":
    case "bicycle":
    case "tricycle":
      return planarOdometry(drive, csv, out);
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
  out: TextChunks,
): void {
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
  out.push("t,x,y,theta\n");
  out.push(row(csv.t[0] as number, odom.poseInto(pose)));
  for (let k = 1; k < csv.t.length; k++) {
    stepTwistInto(twist, drive, roll, csv, k);
    se2ExpInto(arc, twist[0] as number, twist[1] as number, twist[2] as number);
    baseMotionFromPointInto(motion, cx, cy, arc[0] as number, arc[1] as number, twist[2] as number);
    odom.addDelta(motion[0] as number, motion[1] as number, motion[2] as number);
    out.push(row(csv.t[k] as number, odom.poseInto(pose)));
  }
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
