import type { NameSite } from "./indexDocument.js";

/**
 * Keys of ros2_controllers' parameters that name joints: `joints`, `joint`, `*_joint_names`,
 * the drive controllers' `*_wheel_names` and `*_wheels_names`, `interface_name`-free lists.
 */
const JOINT_KEY = /^(joints?|joint_names?|\w+_joints?_names?|\w+_wheels?_names|\w+_joints)$/;

/** The parts of one line of YAML the index reads; offsets are within the line. */
interface YamlLine {
  /** Leading spaces and tabs. */
  readonly indent: number;
  /** `key:` (bare or quoted, letters, digits, `_`, `.`, `-`), else undefined. */
  readonly key: string | undefined;
  /** A `- ` list item. */
  readonly item: boolean;
  /** Where the key's or item's value starts (after the blanks that follow `:` or `-`). */
  readonly valueStart: number;
}

function isBlank(c: string | undefined): boolean {
  return c === " " || c === "\t" || c === "\r" || c === "\f" || c === "\v";
}

function isKeyChar(c: string): boolean {
  return /[\w.-]/.test(c);
}

/**
 * Reads a line's indentation, key or list item by hand, one pass: the regular expressions this
 * replaces backtracked over runs of blanks (a long line of spaces took seconds).
 */
function readLine(line: string): YamlLine {
  let i = 0;
  while (isBlank(line[i])) i++;
  const indent = i;
  if (line[i] === "-" && (i + 1 === line.length || isBlank(line[i + 1]))) {
    i++;
    while (isBlank(line[i])) i++;
    return { indent, key: undefined, item: true, valueStart: i };
  }
  const quote = line[i] === '"' || line[i] === "'" ? line[i] : undefined;
  if (quote !== undefined) i++;
  const keyStart = i;
  while (i < line.length && isKeyChar(line[i]!)) i++;
  const key = line.slice(keyStart, i);
  if (quote !== undefined && line[i++] !== quote) return { indent, key: undefined, item: false, valueStart: i };
  while (isBlank(line[i])) i++;
  if (key === "" || line[i] !== ":") return { indent, key: undefined, item: false, valueStart: i };
  i++;
  while (isBlank(line[i])) i++;
  return { indent, key, item: false, valueStart: i };
}

/** The text before a YAML comment (`#` after a blank), one pass. */
function withoutComment(raw: string): string {
  for (let i = 1; i < raw.length; i++) if (raw[i] === "#" && isBlank(raw[i - 1])) return raw.slice(0, i);
  return raw;
}

/** A name as written in YAML (quotes dropped), with its offsets, or undefined for a non-name. */
function nameAt(raw: string, offset: number): { name: string; start: number; end: number } | undefined {
  const trimmed = withoutComment(raw).trim();
  if (trimmed === "" || /[[\]{}:,]/.test(trimmed)) return undefined;
  const q = trimmed[0];
  const quoted = trimmed.length >= 2 && (q === '"' || q === "'") && trimmed[trimmed.length - 1] === q;
  const unquoted = quoted ? trimmed.slice(1, -1) : trimmed;
  const start = offset + raw.indexOf(unquoted);
  return { name: unquoted, start, end: start + unquoted.length };
}

/** The lines of a text without their line ends, each with its offset. */
function* lines(text: string): Generator<{ line: string; offset: number }> {
  for (let offset = 0; offset <= text.length; ) {
    const nl = text.indexOf("\n", offset);
    const end = nl === -1 ? text.length : nl;
    yield { line: text.slice(offset, end), offset };
    offset = end + 1;
  }
}

/** The joint names a ros2_control parameter file lists (`joints: [a, b]`, `- a` items, `joint: a`). */
export function indexControllerYaml(text: string): NameSite[] {
  const out: NameSite[] = [];
  const push = (n: { name: string; start: number; end: number } | undefined): void => {
    if (n !== undefined) out.push({ ...n, kind: "joint", role: "reference" });
  };
  let listIndent = -1;
  for (const { line, offset } of lines(text)) {
    const l = readLine(line);
    const value = line.slice(l.valueStart);
    if (listIndent >= 0 && l.item && l.indent >= listIndent) push(nameAt(value, offset + l.valueStart));
    else if (l.key !== undefined) {
      listIndent = -1;
      if (JOINT_KEY.test(l.key)) pushValue(value, offset + l.valueStart, push, () => (listIndent = l.indent));
    } else if (line.trim() !== "" && !line.trimStart().startsWith("#")) listIndent = -1;
  }
  return out;
}

/** A joint key's value: an inline `[a, b]` list, a name, or nothing (a block list follows). */
function pushValue(
  value: string,
  valueOffset: number,
  push: (n: { name: string; start: number; end: number } | undefined) => void,
  blockList: () => void,
): void {
  if (value.startsWith("[")) {
    const close = value.lastIndexOf("]");
    if (close === -1) return;
    let at = valueOffset + 1;
    for (const part of value.slice(1, close).split(",")) {
      push(nameAt(part, at));
      at += part.length + 1;
    }
  } else if (value.trim() === "") blockList();
  else push(nameAt(value, valueOffset));
}

/** True when the offset is where a joint name goes in a controller file (a list item or value of a joint key). */
export function jointSlotAt(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const here = readLine(text.slice(lineStart, offset));
  if (here.key !== undefined) return JOINT_KEY.test(here.key);
  const typed = text.slice(lineStart + here.valueStart, offset);
  if (!here.item || !/^[\w"'-]*$/.test(typed)) return false;
  // The key above this list: the nearest line with a key and no more indentation.
  for (let end = lineStart - 1; end >= 0; ) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const above = text.slice(start, end);
    const k = readLine(above);
    if (k.key !== undefined && k.indent <= here.indent)
      return JOINT_KEY.test(k.key) && above.slice(k.valueStart).trim() === "";
    end = start - 1;
  }
  return false;
}
