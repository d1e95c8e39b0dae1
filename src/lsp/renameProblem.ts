import type { DocumentKind } from "./documentKind.js";
import { assertNever } from "../util/assertNever.js";

/** What a character is called in a message: itself when printable, else its code point. */
function shown(c: string): string {
  const code = c.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff) || code >= 0xfffe
    ? `U+${code.toString(16).toUpperCase().padStart(4, "0")}`
    : `'${c}'`;
}

/**
 * The first character XML 1.0 (Fifth Edition, production [2] Char) does not allow in a document,
 * or that an attribute value or element text cannot hold as written: a quote (either, since the
 * value may be quoted with either), `<`, `&`, and the control characters.
 */
function xmlProblem(name: string): string | undefined {
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    const code = name.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < name.length) {
      const low = name.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        i++;
        continue;
      }
    }
    const invalid =
      code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff) || code >= 0xfffe;
    if (invalid || c === '"' || c === "'" || c === "<" || c === "&" || c === ">")
      return `a name written in XML cannot hold ${shown(c)} (quotes, <, >, & and control characters would change or break the document)`;
  }
  return undefined;
}

/** Characters that end or change a plain YAML scalar in a flow list (`joints: [a, b]`) or a block one. */
const YAML_SPECIAL = /[,[\]{}#:"'`]|^[-?!&*|>%@\s]|\s$/;

/**
 * Why `name` cannot be the new name of a link or joint written in a file of `kind`, or undefined
 * when it can: XML's characters for URDF, xacro and SDF; xacro's `${`/`$(` (the expander would
 * evaluate them); SDF's reserved names (`world`, `__…__`) and its scope separator `::`
 * (libsdformat reads `a::b` as frame b of model a); a plain YAML scalar for controller files.
 */
export function renameProblem(name: string, kind: DocumentKind): string | undefined {
  if (name.trim() === "") return "a name cannot be empty";
  if (name.trim() !== name) return "a name cannot start or end with a space";
  switch (kind) {
    case "urdf":
    case "robot-document":
    case "other":
      return xmlProblem(name);
    case "xacro":
      return xmlProblem(name) ?? (/\$[{(]/.test(name) ? "xacro would evaluate '${' or '$(' in a name" : undefined);
    case "sdf":
      if (name === "world" || (name.length >= 4 && name.startsWith("__") && name.endsWith("__")))
        return `"${name}" is reserved in SDF (world and names that start and end with __)`;
      if (name.includes("::")) return "'::' separates scopes in an SDF name (libsdformat reads a::b as b inside a)";
      return xmlProblem(name);
    case "controller-parameters":
      return YAML_SPECIAL.test(name)
        ? "a joint name in a ros2_control parameter file must be a plain YAML word (no , [ ] { } # : quotes, no leading - ? ! & * | > % @)"
        : xmlProblem(name);
    default:
      return assertNever(kind, "document kind");
  }
}
