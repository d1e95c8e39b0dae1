import type { LumpedLink } from "../../model/lumpFixedJoints.js";
import { vec } from "../xml/xmlDocument.js";
import type { SdfModelExtension } from "./writeSdfModel.js";

/**
 * Keeps the links and fixed joints removed by `lumpFixedJoints` addressable: for each, a
 * `<frame name="JOINT" attached_to="SURVIVOR">` posed `relative_to` the surviving link and a
 * `<frame name="LINK" attached_to="JOINT"/>` at the joint frame (the URDF child link frame), as
 * newer libsdformat converters write them. SDF 1.6 has no `attached_to`: nothing is written.
 * A frame whose name another element already has gets the suffix `_joint` (joint frames) or
 * `_frame` (link frames) until it is unique, since SDF sibling names must differ.
 */
export function lumpedFramesExtension(lumped: readonly LumpedLink[]): SdfModelExtension {
  return (model, _robot, context) => {
    if (!context.features.poseRelativeTo || lumped.length === 0) return;
    const taken = new Set<string>([
      ...context.robot.links.map((l) => l.name),
      ...(context.robot.joints ?? []).map((j) => j.name),
    ]);
    for (const l of lumped) taken.add(l.link);
    const unique = (name: string, suffix: string): string => {
      let out = name;
      while (taken.has(out)) out = `${out}${suffix}`;
      taken.add(out);
      return out;
    };
    for (const l of lumped) {
      const joint = unique(l.joint, "_joint");
      model
        .ele("frame", { name: joint, attached_to: l.into })
        .ele("pose", { relative_to: l.into })
        .txt(`${vec(l.pose.xyz)} ${vec(l.pose.rpy)}`);
      taken.delete(l.link);
      const link = unique(l.link, "_frame");
      model.ele("frame", { name: link, attached_to: joint }).ele("pose").txt("0 0 0 0 0 0");
    }
  };
}
