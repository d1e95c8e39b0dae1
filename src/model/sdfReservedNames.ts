import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import type { Robot } from "./Robot.js";

/**
 * Names SDF reserves, which a model written as SDF must not use for a link, joint or sensor:
 * `world` (Gazebo reads a joint to a link called `world` as a joint to the world), `__model__`
 * and every name that starts and ends with `__` (sdformat's reserved names since SDF 1.7;
 * libsdformat 12 refuses them in an SDF 1.6 file too, which it reads as its own version).
 * Returns RESERVED_NAME errors with JSON pointers.
 *
 * @param version - the SDF version written, "1.6" … "1.11".
 */
export function sdfReservedNames(robot: Robot, version: string): Diagnostic[] {
  const reserved = (name: string): boolean =>
    name === "world" || name === "__model__" || (name.length >= 4 && name.startsWith("__") && name.endsWith("__"));
  const out: Diagnostic[] = [];
  const check = (kind: string, name: string, jsonPath: string): void => {
    if (reserved(name))
      out.push({
        code: "RESERVED_NAME",
        severity: "error",
        message: `${kind} "${name}": the name is reserved in SDF ${version}; rename it`,
        jsonPath,
      });
  };
  robot.links.forEach((l, i) => {
    check("link", l.name, `/links/${i}/name`);
    (l.sensors ?? []).forEach((s, k) => check("sensor", s.name, `/links/${i}/sensors/${k}/name`));
  });
  (robot.joints ?? []).forEach((j, i) => check("joint", j.name, `/joints/${i}/name`));
  return out;
}
