import type { XmlBlock } from "../model/XmlBlock.js";
import { parseXacroXml } from "../parse/xacro/parseXacroXml.js";
import { writeXacroElement } from "../parse/xacro/writeXacroXml.js";
import { visibleText } from "./codegen/unsafeCharacters.js";

const URDF_MODEL_ELEMENTS = new Set(["link", "joint", "material"]);

/** What an import carries over verbatim, and the notes that say so. */
export interface ImportExtras {
  /** Top-level URDF elements the model does not describe, as XML kept verbatim. */
  readonly blocks: XmlBlock[];
  /** One note per kind of block, with a count and the first few names. */
  readonly notes: string[];
}

/**
 * The top-level URDF elements robokit's model does not describe (`<transmission>`,
 * `<ros2_control>`, `<gazebo>` …) as verbatim XML blocks, which the URDF emitter writes back,
 * plus a note per kind. `<gazebo reference>` friction and contact are also read into the model;
 * the whole block is kept too, so nothing in it is lost. SDF yields nothing here. Each note is
 * one line of visible text (names from the file pass through {@link visibleText}).
 */
export function importExtras(text: string, file: string): ImportExtras {
  const parsed = parseXacroXml(text, file);
  if ("error" in parsed || parsed.root.name !== "robot") return { blocks: [], notes: [] };
  const blocks: XmlBlock[] = [];
  const byName = new Map<string, string[]>();
  for (const c of parsed.root.children) {
    if (c.type !== "element" || URDF_MODEL_ELEMENTS.has(c.name)) continue;
    blocks.push({ format: "urdf", xml: writeXacroElement(c) });
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
  return { blocks, notes };
}
