import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule, RuleContext } from "../RuleContext.js";
import { pluginJointReferences } from "./pluginJointNames.js";
import { urdfIndex } from "./urdfModel.js";

const gazeboHardware = /(gz|ign|gazebo)_ros2_control/;

/**
 * Names used by the extension elements resolve: transmission joints (ROS 1 and ROS 2 forms),
 * ros2_control joints (and, with Gazebo hardware, sensors), `<gazebo reference>` links and
 * joints, and joint names given to Gazebo plugins.
 */
export const urdfReferences: Rule = (ctx) => {
  const index = urdfIndex(ctx);
  const needJoint = (el: XmlElement, where: string): void => {
    const name = attr(el, "name");
    if (name !== undefined && !index.joints.has(name))
      ctx.flag(
        "transmissionJointMissing",
        el,
        `${where} names joint [${name}], which is not a joint of the robot`,
        "name",
      );
  };
  for (const el of ctx.root.children) {
    if (el.name === "transmission") {
      for (const j of el.children) if (j.name === "joint") needJoint(j, `transmission [${attr(el, "name") ?? ""}]`);
    } else if (el.name === "ros2_control") checkRos2Control(ctx, el, needJoint);
    else if (el.name === "gazebo") {
      const ref = attr(el, "reference");
      if (ref !== undefined && !index.links.has(ref) && !index.joints.has(ref)) {
        ctx.flag(
          "gazeboReferenceMissing",
          el,
          `<gazebo reference="${ref}"> names no link or joint of the robot`,
          "reference",
        );
      }
      for (const plugin of el.children.filter((c) => c.name === "plugin")) {
        for (const { element, names } of pluginJointReferences(plugin)) {
          for (const name of names) {
            if (!index.joints.has(name))
              ctx.flag(
                "pluginJointMissing",
                element,
                `Gazebo plugin [${attr(plugin, "name") ?? attr(plugin, "filename") ?? ""}] parameter <${element.name}> names joint [${name}], which is not a joint of the robot`,
              );
          }
        }
      }
    }
  }
};

function checkRos2Control(ctx: RuleContext, el: XmlElement, needJoint: (el: XmlElement, where: string) => void): void {
  const index = urdfIndex(ctx);
  const where = `ros2_control [${attr(el, "name") ?? ""}]`;
  for (const c of el.children) {
    if (c.name === "joint") needJoint(c, where);
    if (c.name === "transmission")
      for (const j of c.children)
        if (j.name === "joint") needJoint(j, `${where} transmission [${attr(c, "name") ?? ""}]`);
  }
  const plugin = child(child(el, "hardware") ?? el, "plugin")?.text.trim() ?? "";
  if (!gazeboHardware.test(plugin)) return;
  for (const s of el.children) {
    const name = attr(s, "name");
    if (s.name !== "sensor" || name === undefined) continue;
    if (!index.gazeboSensors.has(name) && !index.links.has(name) && !index.joints.has(name)) {
      ctx.flag(
        "ros2ControlSensorMissing",
        s,
        `${where} (Gazebo hardware ${plugin}) exposes sensor [${name}], but no <gazebo> block defines a <sensor name="${name}">`,
        "name",
      );
    }
  }
}
