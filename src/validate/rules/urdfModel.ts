import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { RuleContext } from "../RuleContext.js";

/** Names and elements of a URDF robot, shared by the URDF rules (built once per context). */
export interface UrdfIndex {
  readonly links: Map<string, XmlElement>;
  readonly joints: Map<string, XmlElement>;
  readonly materials: Map<string, XmlElement>;
  /** Names of `<sensor>` elements inside `<gazebo>` blocks. */
  readonly gazeboSensors: Set<string>;
}

const cache = new WeakMap<RuleContext, UrdfIndex>();

/** Indexes the robot's links, joints, materials and Gazebo sensors (first of each name). */
export function urdfIndex(ctx: RuleContext): UrdfIndex {
  const known = cache.get(ctx);
  if (known !== undefined) return known;
  const index: UrdfIndex = { links: new Map(), joints: new Map(), materials: new Map(), gazeboSensors: new Set() };
  for (const el of ctx.root.children) {
    const name = attr(el, "name");
    if (el.name === "link" && name !== undefined && !index.links.has(name)) index.links.set(name, el);
    if (el.name === "joint" && name !== undefined && !index.joints.has(name)) index.joints.set(name, el);
    if (el.name === "material" && name !== undefined && !index.materials.has(name)) index.materials.set(name, el);
    if (el.name === "gazebo") {
      const stack = [...el.children];
      while (stack.length > 0) {
        const s = stack.pop() as XmlElement;
        for (const item of s.children) stack.push(item);
        const n = attr(s, "name");
        if (s.name === "sensor" && n !== undefined) index.gazeboSensors.add(n);
      }
    }
  }
  cache.set(ctx, index);
  return index;
}

/** The `link` attribute of a joint's `<parent>` or `<child>`. */
export function jointLink(
  joint: XmlElement,
  role: "parent" | "child",
): { element: XmlElement; name: string } | undefined {
  const el = child(joint, role);
  const name = el === undefined ? undefined : attr(el, "link");
  return el === undefined || name === undefined ? undefined : { element: el, name };
}
