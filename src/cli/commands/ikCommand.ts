import { Command, InvalidArgumentError, Option } from "commander";

import { driveModeOf } from "../../kinematics/classifyDriveMode.js";
import {
  type AckermannDriveFromModel,
  type BicycleDriveFromModel,
  type DifferentialDriveFromModel,
  type DriveFromModel,
  driveFromModel,
  type MecanumDriveFromModel,
  type OmniDriveFromModel,
  type SteeredDriveFromModel,
  type TricycleDriveFromModel,
} from "../../kinematics/driveFromModel.js";
import { twistAtPointInto } from "../../kinematics/shiftTwist.js";
import { unachievableTwist } from "../../kinematics/unachievableTwist.js";
import type { DriveSteering, DriveWheel } from "../../model/driveGeometry.js";
import { assertNever } from "../../util/assertNever.js";
import { foldWheelState } from "../../kinematics/foldWheelState.js";
import type { Robot } from "../../model/Robot.js";
import { formatNumber } from "../../util/formatNumber.js";
import { canonicalAtan2 } from "../../util/wrapAngle.js";
import { InputError } from "../errors.js";
import { loadRobot } from "../loadRobot.js";
import { setsOption } from "../optionAlias.js";
import { requireMagnitude } from "../requireMagnitude.js";
import { escapeTerminal } from "../../diagnostics/escapeTerminal.js";
import { helpExamples } from "../helpExamples.js";

/** The drive's kinematics from the model, or InputError (exit 1) naming the file and JSON pointer. */
export function requireDrive(robot: Robot, source: string): DriveFromModel {
  const result = driveFromModel(robot);
  if (result.drive !== undefined) return result.drive;
  throw new InputError(`${source}: ${result.diagnostic.message}`, [{ ...result.diagnostic, file: source }]);
}

/**
 * Parses a number option value (commander custom parser): text that is not a number is a usage
 * error (exit 2); a number too large to be finite (`1e999`, `Infinity`) is returned, for
 * {@link requireMagnitude} to refuse with the option's name (exit 1).
 */
export function numberOption(value: string): number {
  const n = value.trim() === "" ? Number.NaN : Number(value);
  if (Number.isNaN(n)) throw new InvalidArgumentError(`"${value}" is not a number`);
  return n;
}

/** Options of `robokit ik` that shape the answer. */
export interface IkOptions {
  readonly vx: number;
  readonly vy: number;
  readonly wz: number;
  readonly format?: "text" | "json";
  readonly limits: boolean;
}

/**
 * `robokit ik <robot> --vx --vy --wz [--json] [--no-limits]`: per-wheel commands for a body
 * twist (REP-103 base frame, m/s and rad/s). Geometry comes from the robot model.
 */
export function ikCommand(): Command {
  return new Command("ik")
    .description("inverse kinematics: per-wheel steering angle and speed for a body twist (base_link, REP-103)")
    .addHelpText(
      "after",
      helpExamples("robokit ik mario --vx 0.5 --vy 0.2 --wz 0.3", "robokit ik robotino --vx 0.5 --wz 0.8 -f json"),
    )
    .argument("<robot>", "bundled example name, robot document (.json/.yaml) or module (.ts/.js)")
    .option("--vx <m/s>", "forward velocity of base_link (m/s)", numberOption, 0)
    .option("--vy <m/s>", "leftward velocity of base_link (m/s)", numberOption, 0)
    .option("--wz <rad/s>", "yaw rate, CCW positive (rad/s)", numberOption, 0)
    .addOption(new Option("-f, --format <format>", "output format").choices(["text", "json"]).default("text"))
    .addOption(new Option("--json").hideHelp())
    .on("option:json", setsOption("format", "json"))
    .option("--no-limits", "ignore the model's steering limits and wheel speed limits")
    .action(async (robotArg: string, opts: IkOptions) => {
      requireMagnitude("--vx", opts.vx, "m/s");
      requireMagnitude("--vy", opts.vy, "m/s");
      requireMagnitude("--wz", opts.wz, "rad/s");
      const robot = await loadRobot(robotArg);
      const drive = requireDrive(robot, robotArg);
      const report = driveIk(drive, opts, robotArg);
      const header = { robot: robot.name, drive: drive.type, command: { vx: opts.vx, vy: opts.vy, wz: opts.wz } };
      if (opts.format === "json") {
        process.stdout.write(
          `${JSON.stringify({ ...header, ...report.json }, (_k, v: unknown) => (typeof v === "number" ? Number(formatNumber(v)) : v), 2)}\n`,
        );
      } else {
        process.stdout.write(
          `robot ${robot.name} (${drive.type} drive), command vx ${formatNumber(opts.vx)} m/s, vy ${formatNumber(opts.vy)} m/s, wz ${formatNumber(opts.wz)} rad/s\n${escapeTerminal(report.text, true)}`,
        );
      }
    });
}

/** `robokit ik`'s answer: the JSON body (without the header) and the text table. */
export interface IkReport {
  readonly json: Record<string, unknown>;
  readonly text: string;
}

/**
 * `robokit ik`'s answer for any drive. A twist the drive cannot follow (a sideways vy for a
 * differential or car-like base, turning on the spot for a bicycle) is an InputError (exit 1)
 * naming what the drive cannot do: the command is not projected silently.
 * @param source - the robot argument, to name in the message.
 */
export function driveIk(drive: DriveFromModel, opts: IkOptions, source: string): IkReport {
  switch (drive.type) {
    case "steered":
      return steeredIk(drive, opts);
    case "omni":
      return omniIk(drive, opts);
    case "mecanum":
      return mecanumIk(drive, opts);
    case "differential":
    case "ackermann":
    case "bicycle":
    case "tricycle": {
      // The drive's own twist is that of its kinematic centre (the traction axle's, the wheels' midpoint).
      const [cx, cy] = drive.centre;
      const t = twistAtPointInto(new Float64Array(3), cx, cy, opts.vx, opts.vy, opts.wz);
      const problem = unachievableTwist(drive.type, t[0] as number, t[1] as number, t[2] as number);
      if (problem !== undefined) {
        const at =
          Math.hypot(cx, cy) > 1e-9
            ? ` (at its kinematic centre (${formatNumber(cx)}, ${formatNumber(cy)}) m in the base frame the twist is vx ${formatNumber(t[0] as number)} m/s, vy ${formatNumber(t[1] as number)} m/s)`
            : "";
        throw new InputError(`${source}: ${problem}${at}`);
      }
      return drive.type === "differential"
        ? differentialIk(drive, opts, t[0] as number)
        : carLikeIk(drive, opts, t[0] as number);
    }
    default:
      return assertNever(drive, "drive");
  }
}

/** One wheel's entry: contact speed along +x (m/s) and joint rate (rad/s), desaturated by `scale`. */
function wheelEntry<E extends object>(
  w: DriveWheel,
  speed: number,
  radius: number,
  extra: E,
): { wheelJoint: string } & E & { speed: number; wheelRate: number } {
  return { wheelJoint: w.joint, ...extra, speed, wheelRate: (w.direction * speed) / radius };
}

/** The factor (≤ 1) that keeps every wheel within its joint's velocity limit, ratios kept. */
function speedScale(wheels: readonly { readonly w: DriveWheel; readonly rate: number }[], limits: boolean): number {
  let scale = 1;
  if (!limits) return scale;
  for (const { w, rate } of wheels)
    if (w.maxSpeed !== undefined && Math.abs(rate) > 0) scale = Math.min(scale, w.maxSpeed / Math.abs(rate));
  return scale;
}

function limitsLine(opts: IkOptions, infeasible: readonly string[], scale: number): string {
  if (!opts.limits) return "limits: ignored (--no-limits)";
  if (infeasible.length > 0)
    return `steering limits: INFEASIBLE for ${infeasible.join(", ")} (the angle is outside the joint's limits)`;
  return `speed limits: scale ${formatNumber(scale)}`;
}

/** `robokit ik` for a differential (or skid-steer) drive; `vx` is the wheels' midpoint's (m/s). */
export function differentialIk(drive: DifferentialDriveFromModel, opts: IkOptions, vx: number): IkReport {
  const { kinematics: k, geometry: g } = drive;
  const u = k.toWheelSpeedsInto(new Float64Array(2), vx, opts.wz);
  const sides = [
    ...g.left.map((w) => ({ w, side: "left", speed: u[0] as number })),
    ...g.right.map((w) => ({ w, side: "right", speed: u[1] as number })),
  ];
  const scale = speedScale(
    sides.map((s) => ({ w: s.w, rate: s.speed / g.wheelRadius })),
    opts.limits,
  );
  const wheels = sides.map((s) => wheelEntry(s.w, s.speed * scale, g.wheelRadius, { side: s.side }));
  const json = { mode: driveModeOf(opts.vx, opts.vy, opts.wz), speedScale: scale, wheels };
  const text = [
    `mode ${json.mode}; ${g.left.length + g.right.length > 2 ? "skid-steer: every wheel on a side turns alike; " : ""}${limitsLine(opts, [], scale)}`,
    table(
      ["wheel joint", "side", "speed (m/s)", "joint rate (rad/s)"],
      wheels.map((w) => [w.wheelJoint, w.side, formatNumber(w.speed), formatNumber(w.wheelRate)]),
    ),
  ];
  return { json, text: `${text.join("\n")}\n` };
}

/** `robokit ik` for a mecanum drive: each wheel's speed along its rolling direction (m/s) and joint rate. */
export function mecanumIk(drive: MecanumDriveFromModel, opts: IkOptions): IkReport {
  const { kinematics: k, geometry: g } = drive;
  const u = k.toWheelSpeedsInto(new Float64Array(4), opts.vx, opts.vy, opts.wz);
  const named = [
    ["front-left", g.frontLeft],
    ["front-right", g.frontRight],
    ["rear-left", g.rearLeft],
    ["rear-right", g.rearRight],
  ] as const;
  const scale = speedScale(
    named.map(([, w], i) => ({ w, rate: (u[i] as number) / g.wheelRadius })),
    opts.limits,
  );
  const wheels = named.map(([where, w], i) => wheelEntry(w, (u[i] as number) * scale, g.wheelRadius, { where }));
  const json = { mode: driveModeOf(opts.vx, opts.vy, opts.wz), speedScale: scale, wheels };
  const text = [
    `mode ${json.mode}; ${limitsLine(opts, [], scale)}`,
    table(
      ["wheel joint", "where", "speed (m/s)", "joint rate (rad/s)"],
      wheels.map((w) => [w.wheelJoint, w.where, formatNumber(w.speed), formatNumber(w.wheelRate)]),
    ),
  ];
  return { json, text: `${text.join("\n")}\n` };
}

/**
 * `robokit ik` for an Ackermann, bicycle or tricycle drive; `vx` is the traction axle
 * centre's (m/s). Steering entries give the joint position (`angle`, rad, the joint's sign
 * applied) and, for the steered wheel they carry, its rolling speed and joint rate (passive:
 * not commanded); traction entries give the commanded wheel rates.
 */
export function carLikeIk(
  drive: AckermannDriveFromModel | BicycleDriveFromModel | TricycleDriveFromModel,
  opts: IkOptions,
  vx: number,
): IkReport {
  const g = drive.geometry;
  const w = opts.wz;
  let angles: readonly number[];
  let rates: readonly number[];
  if (drive.type === "ackermann") {
    const o = drive.kinematics.toWheelSpeedsInto(new Float64Array(4), vx, w);
    angles = [o[0] as number, o[1] as number];
    rates = [o[2] as number, o[3] as number];
  } else if (drive.type === "tricycle") {
    const o = drive.kinematics.toWheelSpeedsInto(new Float64Array(3), vx, w);
    angles = [o[0] as number];
    rates = [o[1] as number, o[2] as number];
  } else {
    const o = drive.kinematics.toWheelSpeedsInto(new Float64Array(2), vx, w);
    angles = [o[0] as number];
    rates = [o[1] as number];
  }
  const steering: readonly DriveSteering[] =
    drive.type === "ackermann" ? drive.geometry.steering : [drive.geometry.steering];
  const traction: readonly DriveWheel[] =
    drive.type === "bicycle" ? [drive.geometry.traction] : drive.geometry.traction;
  const scale = speedScale(
    traction.map((t, i) => ({ w: t, rate: rates[i] as number })),
    opts.limits,
  );
  const infeasible: string[] = [];
  const [cx, cy] = drive.centre;
  const steered = steering.map((s, i) => {
    const delta = angles[i] as number;
    const angle = s.direction * delta;
    const [lo, hi] = s.limits ?? [-Infinity, Infinity];
    if (opts.limits && !(angle >= lo - 1e-12 && angle <= hi + 1e-12)) infeasible.push(s.joint);
    // The steered wheel rolls at its pivot's speed along its heading.
    const px = s.pivot[0] - cx;
    const py = s.pivot[1] - cy;
    const speed = ((vx - w * py) * Math.cos(delta) + w * px * Math.sin(delta)) * scale;
    const radius = s.wheelRadius;
    return {
      steerJoint: s.joint,
      ...(s.wheel === undefined ? {} : { wheelJoint: s.wheel.joint }),
      angle,
      driven: false,
      speed,
      ...(s.wheel !== undefined && radius !== undefined ? { wheelRate: (s.wheel.direction * speed) / radius } : {}),
    };
  });
  const driven = traction.map((t, i) =>
    wheelEntry(t, (rates[i] as number) * g.wheelRadius * scale, g.wheelRadius, { driven: true }),
  );
  const wheels = [...steered, ...driven];
  const mode = driveModeOf(opts.vx, opts.vy, opts.wz);
  const json = { mode, feasible: infeasible.length === 0, infeasibleJoints: infeasible, speedScale: scale, wheels };
  const text = [
    `mode ${mode}; ${limitsLine(opts, infeasible, scale)}; the steered wheels roll passively`,
    table(
      ["steer joint", "angle (rad)", "angle (deg)", "wheel joint", "speed (m/s)", "joint rate (rad/s)", "driven"],
      wheels.map((e) => [
        "steerJoint" in e ? e.steerJoint : "",
        "angle" in e ? formatNumber(e.angle) : "",
        "angle" in e ? formatNumber((e.angle * 180) / Math.PI) : "",
        e.wheelJoint ?? "",
        formatNumber(e.speed),
        e.wheelRate === undefined ? "" : formatNumber(e.wheelRate),
        e.driven ? "yes" : "no",
      ]),
    ),
  ];
  return { json, text: `${text.join("\n")}\n` };
}

/** `robokit ik` for a steered drive: angles (rad) folded into the steering limits, speeds (m/s). */
export function steeredIk(drive: SteeredDriveFromModel, opts: IkOptions): IkReport {
  const { kinematics: k, layout } = drive;
  const n = layout.modules.length;
  const angles = new Float64Array(n);
  const speeds = new Float64Array(n);
  const rates = new Float64Array(n);
  const mode = k.toWheelStatesInto(angles, speeds, rates, opts.vx, opts.vy, opts.wz);
  const infeasible: string[] = [];
  let scale = 1;
  if (opts.limits) {
    layout.modules.forEach((m, i) => {
      if (m.steerLimits === undefined) return;
      const f = foldWheelState(
        { angle: angles[i] as number, speed: speeds[i] as number, angularSpeed: rates[i] as number },
        m.steerLimits[0],
        m.steerLimits[1],
      );
      if (f.status === "ok") angles[i] = f.state.angle;
      else infeasible.push(m.steerJoint);
    });
    // Speeds for the final angles (a folded module has its wheel on the other side of the axis).
    k.wheelSpeedsForAnglesInto(speeds, rates, angles, opts.vx, opts.vy, opts.wz);
    // Ratio-preserving desaturation against each wheel joint's velocity limit.
    layout.modules.forEach((m, i) => {
      const s = Math.abs(speeds[i] as number);
      if (m.maxWheelSpeed !== undefined && s > 0) scale = Math.min(scale, (m.maxWheelSpeed * m.radius) / s);
    });
    if (scale < 1) for (let i = 0; i < n; i++) speeds[i] = (speeds[i] as number) * scale;
  }
  const cor =
    mode === "general" ? { x: -opts.vy / opts.wz, y: opts.vx / opts.wz } : mode === "zero-turn" ? { x: 0, y: 0 } : null;
  const wheels = layout.modules.map((m, i) => {
    const speed = speeds[i] as number;
    return {
      steerJoint: m.steerJoint,
      wheelJoint: m.wheelJoint,
      angle: angles[i] as number,
      speed,
      wheelRate: (m.wheelDirection * speed) / m.radius,
    };
  });
  const json = {
    mode,
    centerOfRotation: cor,
    feasible: infeasible.length === 0,
    infeasibleJoints: infeasible,
    speedScale: scale,
    wheels,
  };
  const lines = [
    `mode ${mode}${cor === null ? "" : `, centre of rotation (${formatNumber(cor.x)}, ${formatNumber(cor.y)}) m`}`,
    opts.limits
      ? infeasible.length === 0
        ? `steering limits: ok; speed limits: scale ${formatNumber(scale)}`
        : `steering limits: INFEASIBLE for ${infeasible.join(", ")} (no equivalent angle fits; brake or re-plan)`
      : "limits: ignored (--no-limits)",
    table(
      ["steer joint", "angle (rad)", "angle (deg)", "wheel joint", "speed (m/s)", "joint rate (rad/s)"],
      wheels.map((w) => [
        w.steerJoint,
        formatNumber(w.angle),
        formatNumber((w.angle * 180) / Math.PI),
        w.wheelJoint,
        formatNumber(w.speed),
        formatNumber(w.wheelRate),
      ]),
    ),
  ];
  return { json, text: `${lines.join("\n")}\n` };
}

/** `robokit ik` for an omni drive: contact speeds (m/s) and joint rates (rad/s). */
export function omniIk(drive: OmniDriveFromModel, opts: IkOptions): IkReport {
  const { kinematics: k, layout } = drive;
  const u = k.toWheelSpeedsInto(new Float64Array(layout.wheels.length), opts.vx, opts.vy, opts.wz, "m/s");
  const mode = driveModeOf(opts.vx, opts.vy, opts.wz);
  const wheels = layout.wheels.map((w, i) => {
    const speed = u[i] as number;
    const wheelRate = (w.wheelDirection * speed) / w.radius;
    return {
      wheelJoint: w.joint,
      angle: canonicalAtan2(w.position[1], w.position[0]),
      speed,
      wheelRate,
      motorRpm: (wheelRate * layout.gearRatio * 60) / (2 * Math.PI),
    };
  });
  const json = { mode, wheels };
  const text = [
    `mode ${mode}; speed = contact speed along the CCW tangent, joint rate signed as the model's wheel joint`,
    table(
      ["wheel joint", "at angle (deg)", "speed (m/s)", "joint rate (rad/s)", "motor (rpm)"],
      wheels.map((w) => [
        w.wheelJoint,
        formatNumber((w.angle * 180) / Math.PI),
        formatNumber(w.speed),
        formatNumber(w.wheelRate),
        formatNumber(w.motorRpm),
      ]),
    ),
  ];
  return { json, text: `${text.join("\n")}\n` };
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((v, c) => v.padEnd(widths[c] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(head), ...rows.map(line)].join("\n");
}
