import { XmlOutElement } from "../../emit/xml/XmlOutElement.js";
import { readXml } from "../../parse/readXml.js";
import type { XmlElement } from "../../parse/XmlDocument.js";

/**
 * The URDF the viewer page is sent: `text` read and written again, so the page's DOMParser sees
 * exactly the elements robokit saw (no DOCTYPE, no entities, no comments), with every URL the
 * page would fetch replaced. urdf-loader fetches `<mesh filename>` and `<texture filename>`
 * (element names in any case); `rewrite` maps each URI to a server path, or to undefined to
 * drop it: a `<texture>` is then left out, a `<mesh>` gets `missing/` (drawn as nothing).
 * Undefined when the text is not XML with a root element (the page then draws nothing).
 */
export function sceneUrdf(
  text: string,
  file: string,
  rewrite: (uri: string, kind: "mesh" | "texture") => string | undefined,
): string | undefined {
  const root = readXml(text, file).document.root;
  if (root === undefined) return undefined;
  const doc = new XmlOutElement("");
  const copy = (into: XmlOutElement, el: XmlElement): void => {
    const kind = el.name.toLowerCase();
    // No prototype: an attribute called __proto__ stays an attribute.
    const attributes = Object.create(null) as Record<string, string>;
    for (const a of el.attributes) attributes[a.name] = a.value;
    if (kind === "mesh" || kind === "texture") {
      const uri = attributes["filename"];
      const target = uri === undefined ? undefined : rewrite(uri, kind);
      if (kind === "texture" && uri !== undefined && target === undefined) return;
      if (kind === "mesh" || uri !== undefined) attributes["filename"] = target ?? "missing/none";
    }
    const out = into.ele(el.name, attributes);
    if (el.text.trim() !== "") out.txt(el.text);
    for (const c of el.children) copy(out, c);
  };
  copy(doc, root);
  return doc.serialize(`<?xml version="1.0" encoding="UTF-8"?>`);
}
