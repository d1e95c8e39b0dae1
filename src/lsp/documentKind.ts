/**
 * The kinds of file the language server knows: XML descriptions (URDF, xacro, SDF and worlds),
 * robokit robot documents (YAML/JSON with `links`), ros2_control parameter files (YAML with
 * `ros__parameters`), and anything else (no diagnostics).
 */
export type DocumentKind = "urdf" | "xacro" | "sdf" | "robot-document" | "controller-parameters" | "other";

/** How much of a YAML, JSON or XML file's start is read to tell its kind, characters. */
const HEAD_CHARS = 64 * 1024;

/**
 * True when a line of `text` is `key:` at any indentation, the key bare or quoted (a JSON
 * member or a YAML mapping key). One pass over the lines: a regular expression with a
 * multiline `^\s*` would try every line start against every blank line after it.
 */
function hasKeyLine(text: string, key: string): boolean {
  for (let start = 0; start < text.length; ) {
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl;
    let i = start;
    while (i < end && isBlank(text.charCodeAt(i))) i++;
    const quote = text[i] === '"' || text[i] === "'" ? text[i]! : "";
    if (quote !== "") i++;
    if (text.startsWith(key, i)) {
      i += key.length;
      if (quote !== "" && text[i] === quote) i++;
      while (i < end && isBlank(text.charCodeAt(i))) i++;
      if (text[i] === ":") return true;
    }
    start = end + 1;
  }
  return false;
}

/** Space, tab, carriage return, form feed, vertical tab. */
function isBlank(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13 && c !== 10);
}

/** The kind of a file from its name and, for YAML and JSON, its content. */
export function documentKind(path: string, text: string): DocumentKind {
  const lower = path.toLowerCase();
  if (lower.endsWith(".xacro")) return "xacro";
  if (lower.endsWith(".urdf")) return "urdf";
  if (lower.endsWith(".sdf") || lower.endsWith(".world")) return "sdf";
  if (/\.(ya?ml|json)$/.test(lower)) {
    const head = text.slice(0, HEAD_CHARS);
    if (hasKeyLine(head, "ros__parameters")) return "controller-parameters";
    if (hasKeyLine(head, "links")) return "robot-document";
    return "other";
  }
  if (lower.endsWith(".xml")) {
    const root = /<\s*(robot|sdf)\b/.exec(text.slice(0, HEAD_CHARS));
    if (root?.[1] === "robot") return "urdf";
    if (root?.[1] === "sdf") return "sdf";
  }
  return "other";
}

/** True for the XML kinds. */
export function isXmlKind(kind: DocumentKind): kind is "urdf" | "xacro" | "sdf" {
  return kind === "urdf" || kind === "xacro" || kind === "sdf";
}
