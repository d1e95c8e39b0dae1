import { readXml } from "../parse/readXml.js";

const URDF_MODEL_ELEMENTS = new Set(["link", "joint", "material"]);

/**
 * What an import leaves out of the model, one note per kind of top-level URDF element that the
 * model does not hold (`<transmission>`, `<ros2_control>`, `<gazebo>` plugins …), with a count
 * and the first few names. `<gazebo reference>` friction and contact are read into the model;
 * the rest of such blocks is named here too. SDF gives no notes here (its reader reports).
 */
export function importNotes(text: string, file: string): string[] {
  const root = readXml(text, file).document.root;
  if (root === undefined || root.name !== "robot") return [];
  const byName = new Map<string, string[]>();
  for (const c of root.children) {
    if (URDF_MODEL_ELEMENTS.has(c.name)) continue;
    const label = c.attributes.find((a) => a.name === "name" || a.name === "reference")?.value ?? "";
    byName.set(c.name, [...(byName.get(c.name) ?? []), label]);
  }
  return [...byName].map(([name, labels]) => {
    const named = labels.filter((l) => l !== "");
    const shown = named.slice(0, 4).join(", ") + (named.length > 4 ? ", …" : "");
    return `${labels.length} <${name}> block${labels.length > 1 ? "s" : ""}${shown === "" ? "" : ` (${shown})`}: not part of robokit's model; robokit generates its own from the model (e.g. \`robokit emit\`).`;
  });
}
