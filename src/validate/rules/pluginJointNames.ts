import type { XmlElement } from "../../parse/XmlDocument.js";

/**
 * Parameter names under which Gazebo plugins (Classic and gz-sim) and common ROS plugins take
 * joint names: `<joint_name>`, `<jointName>`, `<joints>`, `<left_joint>`, `<rightJoint>`, ….
 */
const jointParameter =
  /^(joint|joints|joint_name|joint_names|jointName|jointNames|[a-z0-9_]+_joints?|[a-z0-9]+Joints?)$/;

/** Elements inside a plugin block whose text names joints, with the names they list. */
export function pluginJointReferences(plugin: XmlElement): { element: XmlElement; names: string[] }[] {
  const out: { element: XmlElement; names: string[] }[] = [];
  const stack: XmlElement[] = [...plugin.children];
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement;
    if (el.children.length > 0) {
      for (const item of el.children) stack.push(item);
      continue;
    }
    if (!jointParameter.test(el.name)) continue;
    const names = el.text.split(/[\s,]+/).filter((n) => n !== "");
    if (names.length > 0 && names.every((n) => /^[A-Za-z_][\w:./-]*$/.test(n))) out.push({ element: el, names });
  }
  return out.sort((a, b) => a.element.offset - b.element.offset);
}
