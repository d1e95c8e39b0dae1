import type { Robot } from "../model/Robot.js";
import type { XmlBlock } from "../model/XmlBlock.js";
import { parseXacroXml } from "../parse/xacro/parseXacroXml.js";
import { writeXacroElement } from "../parse/xacro/writeXacroXml.js";
import { visibleText } from "./codegen/unsafeCharacters.js";
import { recoverGeneratedBlocks } from "./generated/recoverGeneratedBlocks.js";
import { withNamespaces } from "./withNamespaces.js";

const URDF_MODEL_ELEMENTS = new Set(["link", "joint", "material"]);

/** What an import carries over verbatim, and the notes that say so. */
export interface ImportExtras {
  /** Top-level URDF elements the model does not describe, as XML kept verbatim. */
  readonly blocks: XmlBlock[];
  /** One note per kind of block, with a count and the first few names. */
  readonly notes: string[];
  /**
   * With a base robot: the robot with what robokit's own generated blocks were made from
   * (actuators, sensors, package name); those blocks are then not in `blocks`.
   */
  readonly robot?: Robot;
}

/**
 * The top-level URDF elements robokit's model does not describe (`<transmission>`,
 * `<ros2_control>`, `<gazebo>` …) as verbatim XML blocks, which the URDF emitter writes back,
 * plus a note per kind. `<gazebo reference>` friction and contact are also read into the model;
 * the whole block is kept too, so nothing in it is lost. A block using a namespace prefix
 * declared on `<robot>` carries that declaration itself. SDF yields nothing here. Each note is
 * one line of visible text (names from the file pass through {@link visibleText}).
 *
 * Given the robot the URDF reader made of the file (`base`), the blocks robokit generates from
 * a model are first mapped back to it ({@link recoverGeneratedBlocks}): only what is left is kept
 * verbatim, so building the import of robokit's own URDF does not write those blocks twice.
 */
export function importExtras(text: string, file: string, base?: Robot): ImportExtras {
  const parsed = parseXacroXml(text, file);
  if ("error" in parsed || parsed.root.name !== "robot") return { blocks: [], notes: [] };
  const recovered = base === undefined ? undefined : recoverGeneratedBlocks(text, file, base);
  const blocks: XmlBlock[] = [];
  const byName = new Map<string, string[]>();
  // How many of each block stay verbatim (a file may hold the same block twice).
  const kept = new Map<string, number>();
  for (const b of recovered?.blocks ?? []) kept.set(b.xml, (kept.get(b.xml) ?? 0) + 1);
  for (const c of parsed.root.children) {
    if (c.type !== "element" || URDF_MODEL_ELEMENTS.has(c.name)) continue;
    const xml = writeXacroElement(c);
    if (recovered !== undefined) {
      const left = kept.get(xml) ?? 0;
      if (left === 0) continue;
      kept.set(xml, left - 1);
    }
    // Prefixes declared on <robot> travel with the block that uses them.
    blocks.push({ format: "urdf", xml: writeXacroElement(withNamespaces(c, parsed.root)) });
    const label = c.attrs.find(([k]) => k === "name" || k === "reference")?.[1] ?? "";
    byName.set(c.name, [...(byName.get(c.name) ?? []), label]);
  }
  const notes = [...byName].map(([name, labels]) => {
    const named = labels.filter((l) => l !== "");
    // Attribute text is input: shown with its invisible characters spelled out, so a note is
    // one line of visible text wherever it goes (stderr, comments).
    const shown = named.slice(0, 4).map(visibleText).join(", ") + (named.length > 4 ? ", …" : "");
    return `${labels.length} <${name}> block${labels.length > 1 ? "s" : ""}${shown === "" ? "" : ` (${shown})`} kept verbatim (robot.xmlBlocks): the model does not describe them; emitUrdf writes them back.`;
  });
  if (recovered !== undefined && recovered.recognised > 0)
    notes.unshift(
      `${recovered.recognised} block${recovered.recognised > 1 ? "s" : ""} robokit generates (ros2_control, Gazebo plugins, sensors, friction) mapped back to the model: building it writes them again.`,
    );
  return recovered === undefined ? { blocks, notes } : { blocks, notes, robot: recovered.robot };
}
