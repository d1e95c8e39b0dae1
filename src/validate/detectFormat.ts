import type { XmlElement } from "../parse/XmlDocument.js";

/** What a document is, judged from its content alone. */
export type DetectedFormat =
  | { readonly kind: "urdf" }
  | { readonly kind: "sdf"; readonly version: string | undefined }
  | { readonly kind: "unknown"; readonly rootName: string };

/** `<robot>` is URDF, `<sdf version="x">` is SDF; anything else is unknown. */
export function detectFormat(root: XmlElement): DetectedFormat {
  if (root.name === "robot") return { kind: "urdf" };
  if (root.name === "sdf") return { kind: "sdf", version: root.attributes.find((a) => a.name === "version")?.value.trim() };
  return { kind: "unknown", rootName: root.name };
}
