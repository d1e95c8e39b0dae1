import type { XmlElement } from "../parse/XmlDocument.js";

/** What a document is, judged from its content alone. */
export type DetectedFormat =
  | { readonly kind: "urdf" }
  | { readonly kind: "sdf"; readonly version: string | undefined }
  | { readonly kind: "unknown"; readonly rootName: string };

/** `<robot>` is URDF, `<sdf version="x">` is SDF (and `<gazebo version="x">`, the root of SDF 1.0–1.2); anything else is unknown. */
export function detectFormat(root: XmlElement): DetectedFormat {
  if (root.name === "robot") return { kind: "urdf" };
  if (root.name === "sdf" || (root.name === "gazebo" && root.attributes.some((a) => a.name === "version")))
    return { kind: "sdf", version: root.attributes.find((a) => a.name === "version")?.value.trim() };
  return { kind: "unknown", rootName: root.name };
}
