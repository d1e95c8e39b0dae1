import type { Drive } from "../../model/Drive.js";
import { assertNever } from "../../util/assertNever.js";
import { formatNumber } from "../../util/formatNumber.js";
import type { ControllerDrive } from "./controllerDrive.js";

/** The joints of a drive in words (which joint does what). */
function joints(d: Drive): string {
  const list = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(", ");
  switch (d.type) {
    case "differential":
      return `left ${list(d.left)}, right ${list(d.right)}`;
    case "mecanum":
      return `wheels ${list([d.frontLeft, d.frontRight, d.rearLeft, d.rearRight])} (front left, front right, rear left, rear right)`;
    case "ackermann":
    case "tricycle":
      return `steering ${list(typeof d.steering === "string" ? [d.steering] : d.steering)}, traction ${list(d.traction)}`;
    case "bicycle":
      return `steering "${d.steering}", traction "${d.traction}"`;
    case "omni":
      return `wheels ${list(d.wheels)}`;
    case "steered":
      return `modules ${d.modules.map((m) => `"${m.steer}"/"${m.wheel}"`).join(", ")}`;
    default:
      assertNever(d, "drive type");
  }
}

/**
 * What robokit read from a robot's controllers, one line each: the controller and its class,
 * the drive type and joints, the numbers the drive carries with the parameter each came from,
 * then the notes on what the drive does not hold.
 */
export function describeControllerDrive(c: ControllerDrive): string[] {
  const numbers = Object.entries(c.drive)
    .filter((e): e is [string, number] => typeof e[1] === "number")
    .map(
      ([field, v]) =>
        // Lengths in m; a multiplier has no unit.
        `${field} ${formatNumber(v)}${field.endsWith("Multiplier") ? "" : " m"}${c.carried[field] === undefined ? "" : ` (${c.carried[field]})`}`,
    );
  return [
    `drive read from controller "${c.controller.name}" (${c.controller.type}): ${c.drive.type}, ${joints(c.drive)}${numbers.length === 0 ? "" : `; ${numbers.join(", ")}`}`,
    ...c.notes,
  ];
}
