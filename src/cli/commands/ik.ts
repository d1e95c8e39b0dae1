import { Command, InvalidArgumentError } from "commander";

import { canonicalAtan2 } from "../../kinematics/wrapAngle.js";
import { driveModeOf } from "../../kinematics/classifyDriveMode.js";
import { foldWheelState } from "../../kinematics/foldWheelState.js";
import { OmniDriveKinematics } from "../../kinematics/OmniDriveKinematics.js";
import { SteeredDriveKinematics } from "../../kinematics/SteeredDriveKinematics.js";
import type { Robot } from "../../model/Robot.js";
import { wheelLayout, type WheelLayout } from "../../model/wheelLayout.js";
import { formatNumber } from "../../util/formatNumber.js";
import { InputError } from "../errors.js";
import { loadRobot } from "../loadRobot.js";

/** Steered drive read from the model: kinematics plus per-module joint data. */
export interface SteeredDriveFromModel {
  readonly type: "steered";
  readonly kinematics: SteeredDriveKinematics;
  readonly layout: Extract<WheelLayout, { type: "steered" }>;
  /** Lateral wheel offsets from the steering axes (m), as passed to the kinematics. */
  readonly offsets: readonly number[];
}

/** Omni drive read from the model. */
export interface OmniDriveFromModel {
  readonly type: "omni";
  readonly kinematics: OmniDriveKinematics;
  readonly layout: Extract<WheelLayout, { type: "omni" }>;
}

/**
 * Builds the kinematics of a robot's drive from its model only (wheelLayout): steering-axis
 * positions, lateral wheel offsets and radii for a steered drive; wheel angles, distance,
 * radius and gear ratio for an omni drive. Throws InputError when the model has no usable
 * drive geometry.
 */
export function driveFromModel(robot: Robot, source: string): SteeredDriveFromModel | OmniDriveFromModel {
  let layout: WheelLayout;
  try {
    layout = wheelLayout(robot);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new InputError(`${source}: ${message}`, [{ code: "REFERENCE_INVALID", severity: "error", message, file: source, jsonPath: "/drive" }]);
  }
  const unsupported = (message: string, jsonPath: string): InputError =>
    new InputError(`${source}: ${message}`, [{ code: "FEATURE_UNSUPPORTED", severity: "error", message, file: source, jsonPath }]);
  switch (layout.type) {
    case "steered": {
      const offsets = layout.modules.map((m, i) => {
        const along = m.position[0] - m.pivot[0];
        if (Math.abs(along) > 1e-6) {
          throw unsupported(`module ${i} ("${m.steerJoint}"): the wheel is ${formatNumber(along)} m ahead of its steering axis (caster trail); only sideways offsets are supported`, `/drive/modules/${i}`);
        }
        return m.position[1] - m.pivot[1];
      });
      const first = layout.modules[0];
      if (first === undefined) throw unsupported("the steered drive has no modules", "/drive/modules");
      const kinematics = new SteeredDriveKinematics(
        layout.modules.map((m) => ({ x: m.pivot[0], y: m.pivot[1] })),
        first.radius,
        { wheelOffsets: offsets },
      );
      return { type: "steered", kinematics, layout, offsets };
    }
    case "omni": {
      const r = layout.wheels.map((w) => w.distance);
      const mean = r.reduce((a, b) => a + b, 0) / Math.max(1, r.length);
      const radius = layout.wheels[0]?.radius ?? 0;
      layout.wheels.forEach((w, i) => {
        if (Math.abs(w.distance - mean) > 1e-6) throw unsupported(`omni wheel "${w.joint}" is ${formatNumber(w.distance)} m from the centre, others ${formatNumber(mean)} m: all wheels must sit on one circle`, `/drive/wheels/${i}`);
        if (Math.abs(w.radius - radius) > 1e-9) throw unsupported(`omni wheel "${w.joint}" has radius ${formatNumber(w.radius)} m, others ${formatNumber(radius)} m`, `/drive/wheels/${i}`);
      });
      const kinematics = new OmniDriveKinematics({
        wheelAngles: layout.wheels.map((w) => w.angle),
        robotRadius: mean,
        wheelRadius: radius,
        gearRatio: layout.gearRatio,
        convention: "ccw",
      });
      return { type: "omni", kinematics, layout };
    }
  }
}

/** Parses a finite number option value (commander custom parser). */
export function finiteNumber(value: string): number {
  const n = value.trim() === "" ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) throw new InvalidArgumentError(`"${value}" is not a finite number`);
  return n;
}

interface IkOptions {
  readonly vx: number;
  readonly vy: number;
  readonly wz: number;
  readonly json?: boolean;
  readonly limits: boolean;
}

/**
 * `robokit ik <robot> --vx --vy --wz [--json] [--no-limits]`: per-wheel commands for a body
 * twist (REP-103 base frame, m/s and rad/s). Geometry comes from the robot model.
 */
export function ikCommand(): Command {
  return new Command("ik")
    .description("inverse kinematics: per-wheel steering angle and speed for a body twist (base_link, REP-103)")
    .argument("<robot>", "bundled example name, robot document (.json/.yaml) or module (.ts/.js)")
    .option("--vx <m/s>", "forward velocity of base_link (m/s)", finiteNumber, 0)
    .option("--vy <m/s>", "leftward velocity of base_link (m/s)", finiteNumber, 0)
    .option("--wz <rad/s>", "yaw rate, CCW positive (rad/s)", finiteNumber, 0)
    .option("--json", "print JSON instead of a table")
    .option("--no-limits", "ignore the model's steering limits and wheel speed limits")
    .action(async (robotArg: string, opts: IkOptions) => {
      const robot = await loadRobot(robotArg);
      const drive = driveFromModel(robot, robotArg);
      const report = drive.type === "steered" ? steeredIk(drive, opts) : omniIk(drive, opts);
      const header = { robot: robot.name, drive: drive.type, command: { vx: opts.vx, vy: opts.vy, wz: opts.wz } };
      if (opts.json === true) {
        process.stdout.write(`${JSON.stringify({ ...header, ...report.json }, (_k, v: unknown) => (typeof v === "number" ? Number(formatNumber(v)) : v), 2)}\n`);
      } else {
        process.stdout.write(
          `robot ${robot.name} (${drive.type} drive), command vx ${formatNumber(opts.vx)} m/s, vy ${formatNumber(opts.vy)} m/s, wz ${formatNumber(opts.wz)} rad/s\n${report.text}`,
        );
      }
    });
}

interface Report {
  readonly json: Record<string, unknown>;
  readonly text: string;
}

function steeredIk(drive: SteeredDriveFromModel, opts: IkOptions): Report {
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
      const f = foldWheelState({ angle: angles[i] as number, speed: speeds[i] as number, angularSpeed: rates[i] as number }, m.steerLimits[0], m.steerLimits[1]);
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
  const cor = mode === "general" ? { x: -opts.vy / opts.wz, y: opts.vx / opts.wz } : mode === "zero-turn" ? { x: 0, y: 0 } : null;
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
  const json = { mode, centerOfRotation: cor, feasible: infeasible.length === 0, infeasibleJoints: infeasible, speedScale: scale, wheels };
  const lines = [
    `mode ${mode}${cor === null ? "" : `, centre of rotation (${formatNumber(cor.x)}, ${formatNumber(cor.y)}) m`}`,
    opts.limits
      ? infeasible.length === 0
        ? `steering limits: ok; speed limits: scale ${formatNumber(scale)}`
        : `steering limits: INFEASIBLE for ${infeasible.join(", ")} (no equivalent angle fits; brake or re-plan)`
      : "limits: ignored (--no-limits)",
    table(
      ["steer joint", "angle (rad)", "angle (deg)", "wheel joint", "speed (m/s)", "joint rate (rad/s)"],
      wheels.map((w) => [w.steerJoint, formatNumber(w.angle), formatNumber((w.angle * 180) / Math.PI), w.wheelJoint, formatNumber(w.speed), formatNumber(w.wheelRate)]),
    ),
  ];
  return { json, text: `${lines.join("\n")}\n` };
}

function omniIk(drive: OmniDriveFromModel, opts: IkOptions): Report {
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
      wheels.map((w) => [w.wheelJoint, formatNumber((w.angle * 180) / Math.PI), formatNumber(w.speed), formatNumber(w.wheelRate), formatNumber(w.motorRpm)]),
    ),
  ];
  return { json, text: `${text.join("\n")}\n` };
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? "").length)));
  const line = (cells: readonly string[]) => cells.map((v, c) => v.padEnd(widths[c] ?? 0)).join("  ").trimEnd();
  return [line(head), ...rows.map(line)].join("\n");
}
