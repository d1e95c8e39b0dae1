/**
 * The kinds of file the language server knows: XML descriptions (URDF, xacro, SDF and worlds),
 * robokit robot documents (YAML/JSON with `links`), ros2_control parameter files (YAML with
 * `ros__parameters`), and anything else (no diagnostics).
 */
export type DocumentKind = "urdf" | "xacro" | "sdf" | "robot-document" | "controller-parameters" | "other";

/** The kind of a file from its name and, for YAML and JSON, its content. */
export function documentKind(path: string, text: string): DocumentKind {
  const lower = path.toLowerCase();
  if (lower.endsWith(".xacro")) return "xacro";
  if (lower.endsWith(".urdf")) return "urdf";
  if (lower.endsWith(".sdf") || lower.endsWith(".world")) return "sdf";
  if (/\.(ya?ml|json)$/.test(lower)) {
    const head = text.slice(0, 64 * 1024);
    if (/^\s*["']?ros__parameters["']?\s*:/m.test(head)) return "controller-parameters";
    if (/^\s*["']?links["']?\s*:/m.test(head)) return "robot-document";
    return "other";
  }
  if (lower.endsWith(".xml")) {
    const root = /<\s*(robot|sdf)\b/.exec(text.slice(0, 64 * 1024));
    if (root?.[1] === "robot") return "urdf";
    if (root?.[1] === "sdf") return "sdf";
  }
  return "other";
}

/** True for the XML kinds. */
export function isXmlKind(kind: DocumentKind): kind is "urdf" | "xacro" | "sdf" {
  return kind === "urdf" || kind === "xacro" || kind === "sdf";
}
