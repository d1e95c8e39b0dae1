import { Command, InvalidArgumentError, Option } from "commander";

import { driveModeOf } from "../../kinematics/classifyDriveMode.js";
import {
  driveFromModel,
  type OmniDriveFromModel,
  type SteeredDriveFromModel,
} from "../../kinematics/driveFromModel.js";
import { foldWheelState } from "../../kinematics/foldWheelState.js";
import type { Robot } from "../../model/Robot.js";
import { formatNumber } from "../../util/formatNumber.js";
import { canonicalAtan2 } from "../../util/wrapAngle.js";
import { InputError } from "../errors.js";
import { loadRobot } from "../loadRobot.js";
import { setsOption } from "../optionAlias.js";
import { escapeTerminal } from "../../diagnostics/escapeTerminal.js";
import { helpExamples } from "../helpExamples.js";

/** The drive's kinematics from the model, or InputError (exit 1) naming the file and JSON pointer. */
export function requireDrive(robot: Robot, source: string): SteeredDriveFromModel | OmniDriveFromModel {
  const result = driveFromModel(robot);
  if (result.drive !== undefined) return result.drive;
  throw new InputError(`${source}: ${result.diagnostic.message}`, [{ ...result.diagnostic, file: source }]);
}

/** Parses a finite number option value (commander custom parser). */
export function finiteNumber(value: string): number {
  const n = value.trim() === "" ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) throw new InvalidArgumentError(`"${value}" is not a finite number`);
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
    .option("--vx <m/s>", "forward velocity of base_link (m/s)", finiteNumber, 0)
    .option("--vy <m/s>", "leftward velocity of base_link (m/s)", finiteNumber, 0)
    .option("--wz <rad/s>", "yaw rate, CCW positive (rad/s)", finiteNumber, 0)
    .addOption(new Option("-f, --format <format>", "output format").choices(["text", "json"]).default("text"))
    .addOption(new Option("--json").hideHelp())
    .on("option:json", setsOption("format", "json"))
    .option("--no-limits", "ignore the model's steering limits and wheel speed limits")
    .action(async (robotArg: string, opts: IkOptions) => {
      const robot = await loadRobot(robotArg);
      const drive = requireDrive(robot, robotArg);
      const report = drive.type === "steered" ? steeredIk(drive, opts) : omniIk(drive, opts);
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
