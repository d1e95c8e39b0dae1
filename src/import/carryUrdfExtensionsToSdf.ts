import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { policyDiagnostic } from "../diagnostics/severityPolicy.js";
import type { SdfLinkExtension, SdfModelExtension } from "../emit/sdf/writeSdfModel.js";
import type { Robot } from "../model/Robot.js";
import type { XmlBlock } from "../model/XmlBlock.js";
import { parseXacroXml } from "../parse/xacro/parseXacroXml.js";
import type { XacroElement } from "../parse/xacro/XacroNode.js";
import { writeXacroElement } from "../parse/xacro/writeXacroXml.js";
import { withNamespaces } from "./withNamespaces.js";

const URDF_MODEL_ELEMENTS = new Set(["link", "joint", "material"]);
/** `<gazebo reference="LINK">` children the URDF reader takes into the model (a link's surface). */
const SURFACE = new Set(["mu1", "mu2", "fdir1", "kp", "kd"]);
/** `<gazebo reference="JOINT">` children that decide fixed-joint lumping, which convert applies. */
const LUMPING = new Set(["preserveFixedJoint", "disableFixedJointLumping"]);

/** What a URDF → SDF conversion carries of the URDF's extension blocks, and what it names. */
export interface CarriedToSdf {
  /** Writes the `<plugin>`s of `<gazebo>` blocks into the `<model>`, as libsdformat does. */
  readonly modelExtension: SdfModelExtension;
  /** Writes the `<sensor>`s and `<plugin>`s of `<gazebo reference="LINK">` into that link. */
  readonly linkExtension: SdfLinkExtension;
  /** One EXTENSION_NOT_CARRIED warning per element that is not carried, at its place in the file. */
  readonly losses: Diagnostic[];
}

function nameOf(el: XacroElement): string {
  const name = el.attrs.find(([k]) => k === "name")?.[1];
  return name === undefined ? `<${el.name}>` : `<${el.name} name="${name}">`;
}

/**
 * The URDF's extension blocks in an SDF conversion, as libsdformat's URDF reader treats them
 * (`ign sdf -p`): a `<gazebo>` block's `<plugin>`s go into the model, a `<gazebo
 * reference="LINK">` block's `<sensor>`s and `<plugin>`s into that link. Friction and contact
 * (mu1, mu2, fdir1, kp, kd) are carried by the model, and so are the sensors of the blocks
 * robokit generated (`recognised`: mapped back to the model on import and written again by
 * the SDF emitter). Everything else is named, one warning each: `<ros2_control>`
 * (gz_ros2_control reads it from the robot_description parameter, the URDF), `<transmission>`,
 * other `<gazebo>` settings, and blocks for a link lumped into its parent or for a joint.
 *
 * @param kept - the blocks the import kept verbatim (not recognised as robokit's own).
 * @param robot - the robot written to SDF (after fixed-joint lumping).
 */
export function carryUrdfExtensionsToSdf(
  text: string,
  file: string,
  kept: readonly XmlBlock[],
  robot: Robot,
): CarriedToSdf {
  const parsed = parseXacroXml(text, file);
  const modelXml: string[] = [];
  const linkXml = new Map<string, string[]>();
  const losses: Diagnostic[] = [];
  const none: CarriedToSdf = { modelExtension: () => undefined, linkExtension: () => undefined, losses };
  if ("error" in parsed || parsed.root.name !== "robot") return none;
  const root = parsed.root;
  const verbatim = new Set(kept.map((b) => b.xml));
  const links = new Set(robot.links.map((l) => l.name));
  const lose = (el: XacroElement, message: string): void => {
    losses.push(
      policyDiagnostic("extensionNotCarried", message, { file, line: el.origin.line, column: el.origin.column }),
    );
  };
  const carried = (el: XacroElement): string => writeXacroElement(withNamespaces(el, root));
  for (const block of root.children) {
    if (block.type !== "element" || URDF_MODEL_ELEMENTS.has(block.name)) continue;
    const reference = block.attrs.find(([k]) => k === "reference")?.[1];
    if (block.name === "ros2_control") {
      lose(
        block,
        `${nameOf(block)} is not carried into SDF: gz_ros2_control reads it from the robot_description parameter (the URDF), and SDF has no element for it`,
      );
      continue;
    }
    if (block.name !== "gazebo") {
      lose(block, `${nameOf(block)} is not carried into SDF: SDF has no element for it`);
      continue;
    }
    // A block robokit generated from the model is written again from the model.
    const recognised = !verbatim.has(writeXacroElement(block));
    for (const el of block.children) {
      if (el.type !== "element") continue;
      if (reference === undefined) {
        if (el.name === "plugin") modelXml.push(carried(el));
        else lose(el, `<gazebo> <${el.name}> is not carried into SDF (only the block's <plugin>s are)`);
        continue;
      }
      if (recognised || LUMPING.has(el.name) || (SURFACE.has(el.name) && links.has(reference))) continue;
      if ((el.name === "sensor" || el.name === "plugin") && links.has(reference)) {
        linkXml.set(reference, [...(linkXml.get(reference) ?? []), carried(el)]);
        continue;
      }
      const where = links.has(reference)
        ? ""
        : robot.joints?.some((j) => j.name === reference)
          ? `: "${reference}" is a joint`
          : `: link "${reference}" is lumped into its parent (--keep-fixed keeps it)`;
      lose(el, `<gazebo reference="${reference}"> ${nameOf(el)} is not carried into SDF${where}`);
    }
  }
  return {
    modelExtension: (model) => {
      for (const xml of modelXml) model.importXml(xml);
    },
    linkExtension: (linkElement, link) => {
      for (const xml of linkXml.get(link.name) ?? []) linkElement.importXml(xml);
    },
    losses,
  };
}
