import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { Robot } from "../../model/Robot.js";
import { MJCF_FIXED_JOINTS_DEFAULT, type EmitMjcfOptions } from "./EmitMjcfOptions.js";
import { mjcfBodyInertials } from "./mjcfBodyInertials.js";
import { mjcfBodyLayout } from "./mjcfBodyLayout.js";
import { mjcfFixedJointBodies } from "./mjcfFixedJointBodies.js";
import { mjcfJointLosses } from "./mjcfJointLosses.js";
import { mjcfMimics } from "./mjcfMimics.js";
import { mjcfShapeProblem } from "./mjcfShapeProblem.js";
import { mjcfSensorLosses } from "./mjcfSensorLosses.js";
import { MJCF_PHYSICS } from "./mjcfPhysics.js";
import { formatNumber } from "../../util/formatNumber.js";

/**
 * What MJCF (MuJoCo) cannot hold of `robot`, or holds only approximately, as diagnostics with
 * JSON pointers into `robot`. FEATURE_UNSUPPORTED warnings: screw joints (welded: MJCF has no
 * joint coupling rotation and translation), gearbox joints (no coupling written), planes in a
 * moving body (left out: MuJoCo allows planes only in static bodies), lidars (a site only:
 * MJCF rangefinders are single rays), planar joint limits, joint limits no actuator carries,
 * and inertials changed because MuJoCo refuses them (a moving body without mass, the triangle
 * inequality). Info: approximations that keep the measurement's meaning (a GPS as a position
 * in the world frame). EXTENSION_NOT_CARRIED warnings: URDF blocks kept verbatim from an import
 * (`xmlBlocks`), since MJCF has no place for them.
 *
 * @param options - `emitMjcf`'s options (or its `world` alone), which decide the body tree.
 */
export function mjcfLosses(robot: Robot, options: EmitMjcfOptions | "plane" | "none" = {}): Diagnostic[] {
  const o: EmitMjcfOptions = typeof options === "string" ? { world: options } : options;
  const world = o.world ?? "plane";
  const { robot: bodies } = mjcfFixedJointBodies(robot, o.fixedJoints ?? MJCF_FIXED_JOINTS_DEFAULT);
  const layout = mjcfBodyLayout(bodies, world);
  const linkIndex = new Map(robot.links.map((l, i) => [l.name, i] as const));
  const out: Diagnostic[] = [...mjcfJointLosses(robot)];
  const add = (jsonPath: string, message: string): void => {
    out.push({ code: "FEATURE_UNSUPPORTED", severity: "warning", jsonPath, message });
  };
  out.push(...mjcfMimics(robot).losses);
  const materials = new Set((robot.materials ?? []).map((m) => m.name));
  robot.links.forEach((link, i) => {
    const shapes = [
      ...(link.visuals ?? []).map((v, k) => [`visuals/${k}`, v] as const),
      ...(link.collisions ?? []).map((c, k) => [`collisions/${k}`, c] as const),
    ];
    for (const [where, shape] of shapes) {
      const problem = mjcfShapeProblem(shape.geometry);
      if (problem !== undefined)
        add(
          `/links/${i}/${where}/geometry`,
          `link "${link.name}": ${problem}, which MuJoCo refuses; this geom is left out`,
        );
      if ("material" in shape && shape.material !== undefined && !materials.has(shape.material))
        out.push({
          code: "FEATURE_UNSUPPORTED",
          severity: "info",
          jsonPath: `/links/${i}/${where}/material`,
          message: `link "${link.name}": material "${shape.material}" is not declared with a colour, so the visual keeps MuJoCo's default colour`,
        });
    }
  });
  robot.links.forEach((link, i) =>
    (link.collisions ?? []).forEach((c, k) => {
      const { kp, kd } = c.surface ?? {};
      if (kp === undefined && kd === undefined) return;
      add(
        `/links/${i}/collisions/${k}/surface`,
        `link "${link.name}": collisions[${k}]'s contact stiffness and damping (kp ${kp === undefined ? "-" : formatNumber(kp)} N/m, kd ${kd === undefined ? "-" : formatNumber(kd)} N·s/m, as Gazebo's ODE takes them) have no counterpart in MuJoCo's soft contact, whose stiffness is per unit of the contact's effective mass: robokit's default contact is written instead`,
      );
    }),
  );
  robot.links.forEach((link, i) => {
    if (layout.staticLinks.has(link.name)) return;
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
  for (const [name, b] of mjcfBodyInertials(bodies, layout.moving)) {
    const path = `/links/${linkIndex.get(name) ?? 0}`;
    if (b.change === "placeholder")
      add(
        path,
        `link "${name}": MuJoCo refuses a moving body without mass and inertia ("mass and inertia of moving bodies must be larger than mjMINVAL"), and nothing welded to it has any; written with ${formatNumber(MJCF_PHYSICS.placeholderMass)} kg and ${formatNumber(MJCF_PHYSICS.placeholderInertia)} kg·m² added to each principal moment`,
      );
    else if (b.change === "balanced")
      add(
        `${path}/inertial`,
        `link "${name}": the principal moments break the triangle inequality A + B >= C, which MuJoCo refuses; the two smaller ones are raised until A + B = C`,
      );
  }
  out.push(...mjcfSensorLosses(robot));
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
