import { attr, type XmlElement } from "../../parse/XmlDocument.js";
import { readXml } from "../../parse/readXml.js";
import { mjcfValueProblem } from "./mjcfValueProblem.js";

/** One problem found in an MJCF text, with its 1-based position. */
export interface MjcfProblem {
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

const JOINT_TAGS = new Set(["joint", "freejoint"]);
const ACTUATOR_TAGS = new Set([
  "position",
  "velocity",
  "motor",
  "general",
  "intvelocity",
  "damper",
  "cylinder",
  "muscle",
  "adhesion",
]);

/**
 * Checks the MJCF facts MuJoCo's loaders report badly: mujoco-js returns null on a parse
 * error and throws a message-less exception on a compile error. Finds: malformed XML,
 * duplicate names per element kind, actuators and sensors naming missing joints or sites, geoms
 * naming a missing mesh asset, joints whose body (with the bodies welded to it) has no mass,
 * non-finite numbers, and the values MuJoCo's compiler refuses (`mjcfValueProblem`: ranges,
 * inertias, sizes, materials).
 * An empty list does not prove MuJoCo will accept the file; it makes its refusal explainable.
 *
 * @param xml - MJCF text.
 * @param file - name used in messages.
 */
export function checkMjcf(xml: string, file: string): MjcfProblem[] {
  const { document, diagnostics } = readXml(xml, file);
  const problems: MjcfProblem[] = diagnostics.map((d) => ({
    message: d.message,
    line: d.line ?? 1,
    column: d.column ?? 1,
  }));
  const root = document.root;
  if (root === undefined) return problems;
  if (root.name !== "mujoco")
    problems.push({
      message: `root element is <${root.name}>, expected <mujoco>`,
      line: root.line,
      column: root.column,
    });
  const add = (e: XmlElement, message: string): void => {
    problems.push({ message, line: e.line, column: e.column });
  };
  const names = new Map<string, Map<string, XmlElement>>();
  const all: XmlElement[] = [];
  const visit = (e: XmlElement): void => {
    all.push(e);
    e.children.forEach(visit);
  };
  visit(root);
  for (const e of all) {
    for (const a of e.attributes) {
      if (/^-?(nan|inf)/i.test(a.value.trim()) || /\b(NaN|Infinity)\b/.test(a.value))
        add(e, `<${e.name}> attribute ${a.name}="${a.value}" is not a finite number`);
    }
    const name = attr(e, "name");
    if (name === undefined || e.name === "default") continue;
    const kind = JOINT_TAGS.has(e.name) ? "joint" : ACTUATOR_TAGS.has(e.name) ? "actuator" : e.name;
    const seen = names.get(kind) ?? new Map<string, XmlElement>();
    if (seen.has(name)) add(e, `duplicate ${kind} name "${name}"`);
    seen.set(name, e);
    names.set(kind, seen);
  }
  const has = (kind: string, name: string | undefined): boolean =>
    name !== undefined && (names.get(kind)?.has(name) ?? false);
  for (const e of all) {
    if (ACTUATOR_TAGS.has(e.name) && attr(e, "joint") !== undefined && !has("joint", attr(e, "joint"))) {
      add(e, `actuator "${attr(e, "name") ?? ""}" drives joint "${attr(e, "joint") ?? ""}", which does not exist`);
    }
    if (e.name === "geom" && attr(e, "mesh") !== undefined && !has("mesh", attr(e, "mesh")))
      add(e, `geom "${attr(e, "name") ?? ""}" uses mesh "${attr(e, "mesh") ?? ""}", which no <mesh> asset defines`);
    const site = attr(e, "site");
    if (site !== undefined && !has("site", site)) add(e, `<${e.name}> refers to site "${site}", which does not exist`);
    if (attr(e, "objtype") === "site" && !has("site", attr(e, "objname")))
      add(e, `<${e.name}> refers to site "${attr(e, "objname") ?? ""}", which does not exist`);
  }
  const materials = new Set(all.filter((e) => e.name === "material").map((e) => attr(e, "name") ?? ""));
  for (const e of all) {
    // Inside <default> classes, values are defaults, not elements MuJoCo compiles.
    const problem = e.xmlPath.includes("/default") ? undefined : mjcfValueProblem(e, materials);
    if (problem !== undefined) add(e, problem);
  }
  for (const e of all) {
    if (e.name !== "body") continue;
    const moving = e.children.some((c) => JOINT_TAGS.has(c.name));
    if (moving && weldedMass(e) <= 0) {
      add(
        e,
        `body "${attr(e, "name") ?? ""}" moves (has a joint) but neither it nor a body welded to it has mass: MuJoCo requires mass and inertia on moving bodies`,
      );
    }
  }
  return problems;
}

/** Mass (kg) of a body plus every descendant reached without crossing a joint. */
function weldedMass(body: XmlElement): number {
  let mass = 0;
  for (const c of body.children) {
    if (c.name === "inertial") mass += Number(attr(c, "mass") ?? 0);
    if (c.name === "body" && !c.children.some((g) => JOINT_TAGS.has(g.name))) mass += weldedMass(c);
  }
  return mass;
}
