import { attr } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { sdfScopes } from "./sdfScopes.js";

/**
 * The joint types the SDF spec defines: joint.sdf's `type` description lists these nine in every
 * version from 1.6 to 1.12 (1.5 lacks `continuous`; the rules read older files converted to 1.6,
 * and libsdformat 12 accepts `continuous` there too). The schema types the attribute as a plain
 * string, so this rule checks it.
 */
export const SDF_JOINT_TYPES: readonly string[] = [
  "continuous",
  "revolute",
  "gearbox",
  "revolute2",
  "prismatic",
  "ball",
  "screw",
  "universal",
  "fixed",
];

/** Words of other formats a joint type is often confused with, and the SDF type meant. */
const otherFormats: Readonly<Record<string, string>> = {
  hinge: "revolute (MJCF's hinge)",
  slide: "prismatic (MJCF's slide)",
  free: "no joint (MJCF's free: leave the model's links unjointed)",
  floating: "no joint (URDF's floating: leave the model's links unjointed)",
  planar: "no SDF joint (URDF's planar)",
};

/** A joint's `type` is one the SDF spec defines; libsdformat refuses any other. */
export const sdfJointType: Rule = (ctx) => {
  for (const scope of sdfScopes(ctx)) {
    if (scope.external) continue;
    for (const joint of scope.element.children) {
      if (joint.name !== "joint") continue;
      const type = attr(joint, "type");
      // A missing type is the schema's ATTRIBUTE_MISSING.
      if (type === undefined || SDF_JOINT_TYPES.includes(type)) continue;
      const hint = otherFormats[type];
      ctx.flag(
        "sdfJointTypeInvalid",
        joint,
        `joint [${attr(joint, "name") ?? ""}] has type [${type}], which SDF does not define (one of: ${SDF_JOINT_TYPES.join(", ")})${hint === undefined ? "" : `; did you mean ${hint}?`}`,
        "type",
      );
    }
  }
};
