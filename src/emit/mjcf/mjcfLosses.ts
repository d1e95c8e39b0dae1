import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { Robot } from "../../model/Robot.js";
import { mjcfStaticLinks } from "./mjcfStaticLinks.js";

/**
 * What MJCF (MuJoCo) cannot hold of `robot`, as warnings with JSON pointers: screw joints
 * (welded: MJCF has no joint coupling rotation and translation), gearbox joints (left out: no
 * coupling written), planes in a moving body (left out: MuJoCo allows planes only in static
 * bodies) and lidars (a site only: MJCF rangefinders are single rays), FEATURE_UNSUPPORTED;
 * URDF blocks kept verbatim from an import (`xmlBlocks`), EXTENSION_NOT_CARRIED, since MJCF has
 * no place for them. `world` is `emitMjcf`'s `world` option.
 */
export function mjcfLosses(robot: Robot, world: "plane" | "none" = "plane"): Diagnostic[] {
  const out: Diagnostic[] = [];
  const add = (jsonPath: string, message: string): void => {
    out.push({ code: "FEATURE_UNSUPPORTED", severity: "warning", jsonPath, message });
  };
  (robot.joints ?? []).forEach((j, i) => {
    if (j.type === "screw")
      add(`/joints/${i}`, `joint "${j.name}": MJCF has no screw joint; "${j.child}" is welded to "${j.parent}"`);
    else if (j.type === "gearbox")
      add(`/joints/${i}`, `joint "${j.name}": MJCF has no gearbox joint; the coupling is not written`);
  });
  const fixed = mjcfStaticLinks(robot, world);
  robot.links.forEach((link, i) => {
    if (fixed.has(link.name)) return;
    const shapes = [
      ...(link.visuals ?? []).map((v, k) => ["visuals", k, v.geometry.type] as const),
      ...(link.collisions ?? []).map((c, k) => ["collisions", k, c.geometry.type] as const),
    ];
    for (const [kind, k, type] of shapes)
      if (type === "plane")
        add(
          `/links/${i}/${kind}/${k}/geometry`,
          `link "${link.name}": MuJoCo allows a plane only in a static body; this plane is left out`,
        );
  });
  robot.links.forEach((link, i) => {
    (link.sensors ?? []).forEach((s, k) => {
      if (s.type === "lidar")
        add(
          `/links/${i}/sensors/${k}`,
          `lidar "${s.name}": MJCF rangefinders are single rays; only a site at the sensor is written, no scan`,
        );
    });
  });
  (robot.xmlBlocks ?? []).forEach((b, i) => {
    const head = /^<[^>]*>/.exec(b.xml)?.[0] ?? "a block";
    out.push({
      code: "EXTENSION_NOT_CARRIED",
      severity: "warning",
      jsonPath: `/xmlBlocks/${i}`,
      message: `${head.length > 80 ? `${head.slice(0, 77)}...` : head} (kept from the imported URDF) is not written: MJCF has no place for it`,
    });
  });
  return out;
}
