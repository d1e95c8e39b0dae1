import { assertNever } from "../util/assertNever.js";
import type { DriveFromModel } from "./driveFromModel.js";

/** A drive's joints: the steering joints and the wheel joints it commands, in drive order. */
export interface DriveJoints {
  /** Steering joints (revolute), in drive order; empty for unsteered drives. */
  readonly steerJoints: readonly string[];
  /** Driven wheel joints (continuous), in drive order. */
  readonly wheelJoints: readonly string[];
}

/**
 * The joints a drive commands. Order: steered modules in order; omni wheels in order;
 * differential left wheels then right; mecanum FL, FR, RL, RR; car-like steering [left,
 * right] (or the one) and traction [left, right] (or the one).
 */
export function driveJoints(drive: DriveFromModel): DriveJoints {
  switch (drive.type) {
    case "steered":
      return {
        steerJoints: drive.layout.modules.map((m) => m.steerJoint),
        wheelJoints: drive.layout.modules.map((m) => m.wheelJoint),
      };
    case "omni":
      return { steerJoints: [], wheelJoints: drive.layout.wheels.map((w) => w.joint) };
    case "differential":
      return { steerJoints: [], wheelJoints: [...drive.geometry.left, ...drive.geometry.right].map((w) => w.joint) };
    case "mecanum": {
      const g = drive.geometry;
      return { steerJoints: [], wheelJoints: [g.frontLeft, g.frontRight, g.rearLeft, g.rearRight].map((w) => w.joint) };
    }
    case "ackermann":
    case "tricycle":
      return {
        steerJoints: (drive.type === "ackermann" ? drive.geometry.steering : [drive.geometry.steering]).map(
          (s) => s.joint,
        ),
        wheelJoints: drive.geometry.traction.map((w) => w.joint),
      };
    case "bicycle":
      return { steerJoints: [drive.geometry.steering.joint], wheelJoints: [drive.geometry.traction.joint] };
    default:
      return assertNever(drive, "drive");
  }
}
