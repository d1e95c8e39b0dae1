import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { policyDiagnostic } from "../diagnostics/severityPolicy.js";
import type { XmlBlock } from "../model/XmlBlock.js";
import { parseXacroXml } from "../parse/xacro/parseXacroXml.js";
import type { XacroElement } from "../parse/xacro/XacroNode.js";
import { writeXacroElement } from "../parse/xacro/writeXacroXml.js";

/** The children of a `<model>` the robokit model reads (nested models and includes are reported by the reader). */
const MODEL_READ = new Set(["link", "joint", "pose", "model", "include", "plugin"]);
const LINK_READ = new Set(["pose", "inertial", "visual", "collision"]);
const JOINT_READ = new Set([
  "parent",
  "child",
  "pose",
  "axis",
  "axis2",
  "thread_pitch",
  "gearbox_ratio",
  "gearbox_reference_body",
]);

/** What an SDF → URDF conversion carries of the model's extensions, and what it names. */
export interface CarriedToUrdf {
  /** The model's `<plugin>`s, as a `<gazebo>` block (libsdformat reads it back into the model). */
  readonly blocks: XmlBlock[];
  /** One EXTENSION_NOT_CARRIED warning per element that is not carried, at its place in the file. */
  readonly losses: Diagnostic[];
}

function elements(el: XacroElement): XacroElement[] {
  return el.children.filter((c): c is XacroElement => c.type === "element");
}

function findModel(el: XacroElement, name: string): XacroElement | undefined {
  for (const c of elements(el)) {
    if (c.name === "model" && c.attrs.some(([k, v]) => k === "name" && v === name)) return c;
    const found = c.name === "world" || c.name === "sdf" ? findModel(c, name) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

function label(el: XacroElement): string {
  const name = el.attrs.find(([k]) => k === "name")?.[1];
  return name === undefined ? `<${el.name}>` : `<${el.name} name="${name}">`;
}

/**
 * The extensions of the SDF `<model>` named `model` in a URDF conversion: the model's
 * `<plugin>`s are carried as one `<gazebo>` block, where libsdformat's URDF reader finds them
 * again (`ign sdf -p` puts a `<gazebo>` block's plugins into the model). Every other element the
 * robokit model does not read is named, one warning each: `<frame>`s, link `<sensor>`s and
 * plugins (a URDF link's frame is its joint's, so a sensor's pose would change meaning), joint
 * `<physics>`, and settings such as `<self_collide>` or `<static>`. `target` names the output in
 * the messages (MJCF conversions name the same elements, and the plugin block itself).
 */
export function carrySdfExtensionsToUrdf(
  text: string,
  file: string,
  model: string,
  target: "URDF" | "MJCF" = "URDF",
): CarriedToUrdf {
  const parsed = parseXacroXml(text, file);
  const losses: Diagnostic[] = [];
  if ("error" in parsed) return { blocks: [], losses };
  const found = findModel(parsed.root, model);
  if (found === undefined) return { blocks: [], losses };
  const lose = (el: XacroElement, where: string): void => {
    losses.push(
      policyDiagnostic("extensionNotCarried", `${where}${label(el)} is not carried into ${target}`, {
        file,
        line: el.origin.line,
        column: el.origin.column,
      }),
    );
  };
  const plugins: XacroElement[] = [];
  for (const el of elements(found)) {
    if (el.name === "plugin") plugins.push(el);
    else if (!MODEL_READ.has(el.name)) lose(el, "");
    else if (el.name === "link" || el.name === "joint") {
      const read = el.name === "link" ? LINK_READ : JOINT_READ;
      for (const c of elements(el)) if (!read.has(c.name)) lose(c, `${label(el)} `);
    }
  }
  if (plugins.length === 0) return { blocks: [], losses };
  const block: XacroElement = { ...found, name: "gazebo", attrs: [], children: plugins };
  return { blocks: [{ format: "urdf", xml: writeXacroElement(block) }], losses };
}
