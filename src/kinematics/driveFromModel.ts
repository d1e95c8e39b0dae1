import type { Robot } from "../model/Robot.js";
import { wheelLayout, type WheelLayout } from "../model/wheelLayout.js";
import { formatNumber } from "../util/formatNumber.js";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { OmniDriveKinematics } from "./OmniDriveKinematics.js";
import { SteeredDriveKinematics } from "./SteeredDriveKinematics.js";

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
 * radius and gear ratio for an omni drive. A model without usable drive geometry gives a
 * diagnostic (JSON pointer into the model), never an exception.
 */
export function driveFromModel(robot: Robot): DriveFromModelResult {
  let layout: WheelLayout;
  try {
    layout = wheelLayout(robot);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { diagnostic: { code: "REFERENCE_INVALID", severity: "error", message, jsonPath: "/drive" } };
  }
  const unsupported = (message: string, jsonPath: string): DriveFromModelResult => ({
    diagnostic: { code: "FEATURE_UNSUPPORTED", severity: "error", message, jsonPath },
  });
  switch (layout.type) {
    case "steered": {
      const trailing = layout.modules.findIndex((m) => Math.abs(m.position[0] - m.pivot[0]) > 1e-6);
      const trail = layout.modules[trailing];
      if (trail !== undefined) {
        return unsupported(
          `module ${trailing} ("${trail.steerJoint}"): the wheel is ${formatNumber(trail.position[0] - trail.pivot[0])} m ahead of its steering axis (caster trail); only sideways offsets are supported`,
          `/drive/modules/${trailing}`,
        );
      }
      const offsets = layout.modules.map((m) => m.position[1] - m.pivot[1]);
      const first = layout.modules[0];
      if (first === undefined) return unsupported("the steered drive has no modules", "/drive/modules");
      const kinematics = new SteeredDriveKinematics(
        layout.modules.map((m) => ({ x: m.pivot[0], y: m.pivot[1] })),
        first.radius,
        { wheelOffsets: offsets },
      );
      return { drive: { type: "steered", kinematics, layout, offsets } };
    }
    case "omni": {
      const r = layout.wheels.map((w) => w.distance);
      const mean = r.reduce((a, b) => a + b, 0) / Math.max(1, r.length);
      const radius = layout.wheels[0]?.radius ?? 0;
      for (const [i, w] of layout.wheels.entries()) {
        if (Math.abs(w.distance - mean) > 1e-6)
          return unsupported(
            `omni wheel "${w.joint}" is ${formatNumber(w.distance)} m from the centre, others ${formatNumber(mean)} m: all wheels must sit on one circle`,
            `/drive/wheels/${i}`,
          );
        if (Math.abs(w.radius - radius) > 1e-9)
          return unsupported(
            `omni wheel "${w.joint}" has radius ${formatNumber(w.radius)} m, others ${formatNumber(radius)} m`,
            `/drive/wheels/${i}`,
          );
      }
      const kinematics = new OmniDriveKinematics({
        wheelAngles: layout.wheels.map((w) => w.angle),
        robotRadius: mean,
        wheelRadius: radius,
        gearRatio: layout.gearRatio,
        convention: "ccw",
      });
      return { drive: { type: "omni", kinematics, layout } };
    }
  }
}

/** The drive's kinematics, or why the model has none robokit can use. */
export type DriveFromModelResult =
  | { readonly drive: SteeredDriveFromModel | OmniDriveFromModel; readonly diagnostic?: undefined }
  | { readonly drive?: undefined; readonly diagnostic: Diagnostic };
