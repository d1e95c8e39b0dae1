import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import {
  type AckermannGeometry,
  type BicycleGeometry,
  type DifferentialGeometry,
  type DriveGeometry,
  driveGeometry,
  type MecanumGeometry,
  type TricycleGeometry,
} from "../model/driveGeometry.js";
import type { Robot } from "../model/Robot.js";
import { driveKinematicProblems } from "../model/driveKinematicProblems.js";
import type { SteeredModuleLayout, Vec2, WheelLayout } from "../model/wheelLayout.js";
import { assertNever } from "../util/assertNever.js";
import { AckermannDriveKinematics } from "./AckermannDriveKinematics.js";
import { BicycleDriveKinematics } from "./BicycleDriveKinematics.js";
import { DifferentialDriveKinematics } from "./DifferentialDriveKinematics.js";
import { MecanumDriveKinematics } from "./MecanumDriveKinematics.js";
import { OmniDriveKinematics } from "./OmniDriveKinematics.js";
import { SteeredDriveKinematics } from "./SteeredDriveKinematics.js";
import { TricycleDriveKinematics } from "./TricycleDriveKinematics.js";

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
 * Differential (or skid-steer) drive read from the model. The kinematics' origin is
 * `centre`, midway between the left and right wheel groups.
 */
export interface DifferentialDriveFromModel {
  readonly type: "differential";
  readonly kinematics: DifferentialDriveKinematics;
  readonly geometry: DifferentialGeometry;
  /** Origin of the kinematics in the base frame (m). */
  readonly centre: Vec2;
}

/** Mecanum drive read from the model (the kinematics take the wheel positions in the base frame). */
export interface MecanumDriveFromModel {
  readonly type: "mecanum";
  readonly kinematics: MecanumDriveKinematics;
  readonly geometry: MecanumGeometry;
}

/** Ackermann drive read from the model; the kinematics' origin is the traction axle's centre, `centre`. */
export interface AckermannDriveFromModel {
  readonly type: "ackermann";
  readonly kinematics: AckermannDriveKinematics;
  readonly geometry: AckermannGeometry;
  /** Origin of the kinematics (the traction axle's centre) in the base frame (m). */
  readonly centre: Vec2;
}

/** Bicycle drive read from the model; the kinematics' origin is the rear wheel, `centre`. */
export interface BicycleDriveFromModel {
  readonly type: "bicycle";
  readonly kinematics: BicycleDriveKinematics;
  readonly geometry: BicycleGeometry;
  /** Origin of the kinematics (the rear wheel's centre) in the base frame (m). */
  readonly centre: Vec2;
}

/** Tricycle drive read from the model; the kinematics' origin is the rear axle's centre, `centre`. */
export interface TricycleDriveFromModel {
  readonly type: "tricycle";
  readonly kinematics: TricycleDriveKinematics;
  readonly geometry: TricycleGeometry;
  /** Origin of the kinematics (the rear axle's centre) in the base frame (m). */
  readonly centre: Vec2;
}

/** A drive's kinematics and geometry from the model; discriminated on `type`. */
export type DriveFromModel =
  | SteeredDriveFromModel
  | OmniDriveFromModel
  | DifferentialDriveFromModel
  | MecanumDriveFromModel
  | AckermannDriveFromModel
  | BicycleDriveFromModel
  | TricycleDriveFromModel;

/** The drive's kinematics, or why the model has none robokit can use. */
export type DriveFromModelResult =
  | { readonly drive: DriveFromModel; readonly diagnostic?: undefined }
  | { readonly drive?: undefined; readonly diagnostic: Diagnostic };

/**
 * Builds the kinematics of a robot's drive from its model only ({@link driveGeometry}):
 * steering-axis positions, lateral wheel offsets and radii for a steered drive; wheel angles,
 * distance, radius and gear ratio for an omni drive; radius and separation for a
 * differential drive; wheel positions for a mecanum drive; wheelbase, track widths and
 * radius for the car-like drives, whose kinematics sit at the traction axle's centre. A
 * model without usable drive geometry gives a diagnostic (JSON pointer into the model),
 * never an exception.
 */
export function driveFromModel(robot: Robot): DriveFromModelResult {
  let geometry: DriveGeometry;
  try {
    geometry = driveGeometry(robot);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { diagnostic: { code: "REFERENCE_INVALID", severity: "error", message, jsonPath: "/drive" } };
  }
  // The same problems the model check reports, in the same words.
  const problem = driveKinematicProblems(geometry)[0];
  if (problem !== undefined) return { diagnostic: { code: "FEATURE_UNSUPPORTED", severity: "error", ...problem } };
  try {
    return { drive: fromGeometry(geometry) };
  } catch (error) {
    // The kinematics refuse a non-positive length (a wheelbase or track read backwards).
    if (error instanceof RangeError)
      return {
        diagnostic: {
          code: "VALUE_OUT_OF_RANGE",
          severity: "error",
          message: `${robot.name}'s ${geometry.type} drive: ${error.message}`,
          jsonPath: "/drive",
        },
      };
    throw error;
  }
}

function fromGeometry(g: DriveGeometry): DriveFromModel {
  switch (g.type) {
    case "steered":
      return steered(g);
    case "omni":
      return omni(g);
    case "differential": {
      const centre: Vec2 = [
        mean([...g.left, ...g.right].map((w) => w.position[0])),
        (mean(g.left.map((w) => w.position[1])) + mean(g.right.map((w) => w.position[1]))) / 2,
      ];
      // The effective separation diff_drive_controller uses (wheel_separation_multiplier).
      const kinematics = new DifferentialDriveKinematics(
        g.wheelSeparation * g.wheelSeparationMultiplier,
        g.wheelRadius,
      );
      return { type: "differential", kinematics, geometry: g, centre };
    }
    case "mecanum": {
      // The controller's lx + ly (sumOfDistances) rules: the layout is scaled to it about the centre.
      const k = g.sumOfDistances / (g.halfWheelbase + g.halfTrack);
      const lx = g.halfWheelbase * k;
      const ly = g.halfTrack * k;
      const [cx, cy] = g.centre;
      const kinematics = new MecanumDriveKinematics(
        [
          { x: cx + lx, y: cy + ly },
          { x: cx + lx, y: cy - ly },
          { x: cx - lx, y: cy + ly },
          { x: cx - lx, y: cy - ly },
        ],
        g.wheelRadius,
      );
      return { type: "mecanum", kinematics, geometry: g };
    }
    case "ackermann": {
      const kinematics = new AckermannDriveKinematics({
        wheelbase: g.wheelbase,
        tractionTrackWidth: g.tractionTrackWidth,
        steeringTrackWidth: g.steeringTrackWidth,
        wheelRadius: g.wheelRadius,
      });
      return { type: "ackermann", kinematics, geometry: g, centre: g.tractionAxleCentre };
    }
    case "bicycle": {
      const kinematics = new BicycleDriveKinematics(g.wheelbase, g.wheelRadius);
      return { type: "bicycle", kinematics, geometry: g, centre: g.tractionAxleCentre };
    }
    case "tricycle": {
      const kinematics = new TricycleDriveKinematics({
        wheelbase: g.wheelbase,
        trackWidth: g.tractionTrackWidth,
        wheelRadius: g.wheelRadius,
      });
      return { type: "tricycle", kinematics, geometry: g, centre: g.tractionAxleCentre };
    }
    default:
      return assertNever(g, "drive geometry");
  }
}

function mean(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return values.length === 0 ? 0 : s / values.length;
}

/** A steered drive's kinematics; its modules were checked by driveKinematicProblems (none trails, one at least). */
function steered(layout: Extract<WheelLayout, { type: "steered" }>): SteeredDriveFromModel {
  const offsets = layout.modules.map((m) => m.position[1] - m.pivot[1]);
  const kinematics = new SteeredDriveKinematics(
    layout.modules.map((m) => ({ x: m.pivot[0], y: m.pivot[1] })),
    (layout.modules[0] as SteeredModuleLayout).radius,
    { wheelOffsets: offsets },
  );
  return { type: "steered", kinematics, layout, offsets };
}

/** An omni drive's kinematics; its wheels were checked by driveKinematicProblems (one circle, one radius). */
function omni(layout: Extract<WheelLayout, { type: "omni" }>): OmniDriveFromModel {
  const centre = mean(layout.wheels.map((w) => w.distance));
  const radius = layout.wheels[0]?.radius ?? 0;
  const kinematics = new OmniDriveKinematics({
    wheelAngles: layout.wheels.map((w) => w.angle),
    robotRadius: centre,
    wheelRadius: radius,
    gearRatio: layout.gearRatio,
    convention: "ccw",
  });
  return { type: "omni", kinematics, layout };
}
