import type { NameSite } from "./indexDocument.js";

/**
 * Keys of ros2_controllers' parameters that name joints: `joints`, `joint`, `*_joint_names`,
 * the drive controllers' `*_wheel_names` and `*_wheels_names`, `interface_name`-free lists.
 */
const JOINT_KEY = /^(joints?|joint_names?|\w+_joints?_names?|\w+_wheels?_names|\w+_joints)$/;
const KEY_LINE = /^(\s*)(["']?)([\w.-]+)\2\s*:\s*(.*)$/;
const ITEM_LINE = /^(\s*)-\s*(.*)$/;

/** A name as written in YAML (quotes dropped), with its offsets, or undefined for a non-name. */
function nameAt(raw: string, offset: number): { name: string; start: number; end: number } | undefined {
  const trimmed = raw.replace(/\s+#.*$/, "").trim();
  if (trimmed === "" || /[[\]{}:,]/.test(trimmed)) return undefined;
  const unquoted = /^(["'])(.*)\1$/.exec(trimmed)?.[2] ?? trimmed;
  const start = offset + raw.indexOf(unquoted);
  return { name: unquoted, start, end: start + unquoted.length };
}

/** The joint names a ros2_control parameter file lists (`joints: [a, b]`, `- a` items, `joint: a`). */
export function indexControllerYaml(text: string): NameSite[] {
  const out: NameSite[] = [];
  const push = (n: { name: string; start: number; end: number } | undefined): void => {
    if (n !== undefined) out.push({ ...n, kind: "joint", role: "reference" });
  };
  let offset = 0;
  let listIndent = -1;
  for (const line of text.split("\n")) {
    const key = KEY_LINE.exec(line);
    const item = ITEM_LINE.exec(line);
    if (listIndent >= 0 && item !== null && item[1]!.length >= listIndent) {
      push(nameAt(item[2]!, offset + line.length - item[2]!.length));
    } else if (key !== null) {
      listIndent = -1;
      const value = key[4]!;
      const valueOffset = offset + line.length - value.length;
      if (JOINT_KEY.test(key[3]!)) {
        const inline = /^\[(.*)\]/.exec(value);
        if (inline !== null) {
          let at = valueOffset + 1;
          for (const part of inline[1]!.split(",")) {
            push(nameAt(part, at));
            at += part.length + 1;
          }
        } else if (value.trim() === "") listIndent = key[1]!.length;
        else push(nameAt(value, valueOffset));
      }
    } else if (line.trim() !== "" && !line.trim().startsWith("#")) listIndent = -1;
    offset += line.length + 1;
  }
  return out;
}

/** True when the offset is where a joint name goes in a controller file (a list item or value of a joint key). */
export function jointSlotAt(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const line = text.slice(lineStart, offset);
  const key = KEY_LINE.exec(line);
  if (key !== null) return JOINT_KEY.test(key[3]!);
  if (!/^\s*-\s*[\w"'-]*$/.test(line)) return false;
  const indent = /^\s*/.exec(line)![0].length;
  // The key above this list: the nearest line with a key and no more indentation.
  const above = text.slice(0, lineStart).split("\n").reverse();
  for (const l of above) {
    const k = KEY_LINE.exec(l);
    if (k !== null && k[1]!.length <= indent) return JOINT_KEY.test(k[3]!) && k[4]!.trim() === "";
  }
  return false;
}
