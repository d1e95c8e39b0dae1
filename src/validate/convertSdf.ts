import type { XmlAttribute, XmlElement } from "../parse/XmlDocument.js";
import { loadSchema } from "../schema/loadSchema.js";

/** One node of a libsdformat `.convert` file (schemas/sdf/<version>/convert.json). */
interface ConvertNode {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly ConvertNode[];
  readonly text: string;
}

/** A mutable copy of an element while conversions run; positions stay those of the original file. */
interface Node {
  name: string;
  attributes: XmlAttribute[];
  children: Node[];
  text: string;
  line: number;
  column: number;
  offset: number;
}

/** SDF minor versions that have a spec (there is no 1.1), oldest first. */
export const SDF_SPEC_MINORS: readonly number[] = [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** The result of {@link convertSdf}: the converted root and the versions it went through. */
export interface ConvertedSdf {
  readonly root: XmlElement;
  /** e.g. ["1.4", "1.5", "1.6"]. */
  readonly steps: readonly string[];
}

/**
 * Brings an SDF document of minor version `fromMinor` up to `toMinor` the way libsdformat's
 * Converter does, by applying each version's `.convert` file in turn (rename, move, copy, add,
 * remove, remove_empty, map; `convert name=` and `descendant_name=` select elements). A
 * `<gazebo>` root (SDF 1.0 and 1.2) becomes `<sdf>` on the way to 1.3. Every element and
 * attribute keeps the line and column of what it came from in the original file, so diagnostics
 * on the converted tree point into the file the user wrote; XML paths name the converted tree.
 * `unflatten` (1.7 → 1.8) is not implemented: callers convert up to 1.6 only.
 * Pure: the conversion tables ship as JSON with the schemas.
 */
export function convertSdf(root: XmlElement, fromMinor: number, toMinor: number): ConvertedSdf {
  const node = toNode(root);
  const steps: string[] = [];
  for (const minor of SDF_SPEC_MINORS) {
    if (minor <= fromMinor || minor > toMinor) continue;
    const table = loadSchema(`sdf/1.${minor}/convert.json`) as unknown as { convert: ConvertNode[] };
    for (const top of table.convert) apply(node, top);
    if (minor === 3 && node.name === "gazebo") node.name = "sdf";
    steps.push(`1.${minor}`);
  }
  const version = node.attributes.find((a) => a.name === "version");
  if (version !== undefined && steps.length > 0)
    node.attributes = node.attributes.map((a) => (a === version ? { ...a, value: `1.${toMinor}` } : a));
  return { root: fromNode(node, "", 0, 0, false), steps };
}

function toNode(e: XmlElement): Node {
  return {
    name: e.name,
    attributes: [...e.attributes],
    children: e.children.map(toNode),
    text: e.text,
    line: e.line,
    column: e.column,
    offset: e.offset,
  };
}

function fromNode(n: Node, parentPath: string, depth: number, index: number, indexed: boolean): XmlElement {
  const nameAttr = n.attributes.find((a) => a.name === "name")?.value;
  const segment = nameAttr !== undefined ? `${n.name}[@name="${nameAttr}"]` : indexed ? `${n.name}[${index}]` : n.name;
  const xmlPath = `${parentPath}/${segment}`;
  const counts = new Map<string, number>();
  for (const c of n.children) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  const children = n.children.map((c) => {
    const i = seen.get(c.name) ?? 0;
    seen.set(c.name, i + 1);
    const named = c.attributes.some((a) => a.name === "name");
    return fromNode(c, xmlPath, depth + 1, i, !named && (counts.get(c.name) ?? 0) > 1);
  });
  return {
    name: n.name,
    attributes: n.attributes,
    children,
    text: n.text,
    line: n.line,
    column: n.column,
    offset: n.offset,
    xmlPath,
    depth,
  };
}

/** A new element placed at `at` (the position of what it is made from). */
function created(name: string, at: { line: number; column: number; offset?: number }, text = ""): Node {
  return { name, attributes: [], children: [], text, line: at.line, column: at.column, offset: at.offset ?? 0 };
}

function attrOf(n: Node, name: string): XmlAttribute | undefined {
  return n.attributes.find((a) => a.name === name);
}

function setAttr(n: Node, name: string, value: string, at: { line: number; column: number }): void {
  const i = n.attributes.findIndex((a) => a.name === name);
  const a: XmlAttribute = { name, value, line: at.line, column: at.column };
  if (i >= 0) n.attributes[i] = a;
  else n.attributes.push(a);
}

function removeAttr(n: Node, name: string): void {
  n.attributes = n.attributes.filter((a) => a.name !== name);
}

function apply(elem: Node, convert: ConvertNode): void {
  for (const c of convert.children) {
    if (c.tag !== "convert") continue;
    const name = c.attrs["name"];
    const descendant = c.attrs["descendant_name"];
    if (name !== undefined) for (const child of elem.children.filter((x) => x.name === name)) apply(child, c);
    if (descendant !== undefined) applyDescendants(elem, descendant, c);
  }
  for (const op of convert.children) {
    switch (op.tag) {
      case "rename":
        rename(elem, op);
        break;
      case "move":
        move(elem, op, false);
        break;
      case "copy":
        move(elem, op, true);
        break;
      case "add":
        add(elem, op);
        break;
      case "remove":
        remove(elem, op, false);
        break;
      case "remove_empty":
        remove(elem, op, true);
        break;
      case "map":
        map(elem, op);
        break;
      default:
        // convert (above), deprecated (a note only), unflatten (not needed up to 1.6)
        break;
    }
  }
}

function applyDescendants(elem: Node, name: string, convert: ConvertNode): void {
  for (const child of elem.children) {
    if (child.name === name) apply(child, convert);
    applyDescendants(child, name, convert);
  }
}

function part(op: ConvertNode, tag: "from" | "to"): Readonly<Record<string, string>> {
  return op.children.find((c) => c.tag === tag)?.attrs ?? {};
}

/** `<rename>`: an attribute or a child element (or a child's attribute) becomes an element or attribute. */
function rename(elem: Node, op: ConvertNode): void {
  const from = part(op, "from");
  const to = part(op, "to");
  const fromElem = from["element"];
  const fromAttr = from["attribute"];
  const toElem = to["element"];
  const toAttr = to["attribute"];
  if (toElem === undefined) return;
  let value: string | undefined;
  let at: { line: number; column: number; offset?: number };
  const source = fromElem === undefined ? undefined : elem.children.find((c) => c.name === fromElem);
  if (fromElem !== undefined) {
    if (source === undefined) return;
    const a = fromAttr === undefined ? undefined : attrOf(source, fromAttr);
    value = fromAttr === undefined ? source.text : a?.value;
    at = a ?? source;
  } else {
    if (fromAttr === undefined) return;
    const a = attrOf(elem, fromAttr);
    value = a?.value;
    at = a ?? elem;
  }
  if (value === undefined) return;
  const replacement = created(toElem, at, toAttr === undefined ? value : "");
  if (toAttr !== undefined) setAttr(replacement, toAttr, value, at);
  if (source !== undefined) {
    elem.children.splice(elem.children.indexOf(source), 1, replacement);
  } else if (fromAttr !== undefined) {
    removeAttr(elem, fromAttr);
    elem.children.push(replacement);
  }
}

/** `<move>` and `<copy>`: `a::b::c` paths below `elem`, element or attribute at each end. */
function move(elem: Node, op: ConvertNode, copy: boolean): void {
  const from = part(op, "from");
  const to = part(op, "to");
  const fromPath = (from["element"] ?? from["attribute"] ?? "").split("::");
  const toPath = (to["element"] ?? to["attribute"] ?? "").split("::");
  const fromIsAttr = from["element"] === undefined;
  const toIsAttr = to["element"] === undefined || to["attribute"] !== undefined;
  if (to["element"] !== undefined && to["attribute"] !== undefined) toPath.push(to["attribute"]);
  let holder: Node | undefined = elem;
  for (const step of fromPath.slice(0, -1)) holder = holder?.children.find((c) => c.name === step);
  const last = fromPath[fromPath.length - 1] ?? "";
  if (holder === undefined || last === "") return;
  const source = fromIsAttr ? undefined : holder.children.find((c) => c.name === last);
  const sourceAttr = fromIsAttr ? attrOf(holder, last) : undefined;
  if (source === undefined && sourceAttr === undefined) return;
  const at = source ?? sourceAttr ?? elem;
  let target = elem;
  for (const step of toPath.slice(0, -1)) {
    let next = target.children.find((c) => c.name === step);
    if (next === undefined) {
      next = created(step, at);
      target.children.push(next);
    }
    target = next;
  }
  const toLast = toPath[toPath.length - 1] ?? "";
  if (toLast === "") return;
  const value = source !== undefined ? source.text : (sourceAttr?.value ?? "");
  if (toIsAttr) setAttr(target, toLast, value.trim(), at);
  else if (source !== undefined) target.children.push({ ...deepCopy(source), name: toLast });
  else target.children.push(created(toLast, at, value));
  if (!copy) {
    if (source !== undefined) holder.children.splice(holder.children.indexOf(source), 1);
    else removeAttr(holder, last);
  }
}

function deepCopy(n: Node): Node {
  return { ...n, attributes: [...n.attributes], children: n.children.map(deepCopy) };
}

/** `<add element|attribute value>`: added when not already there (libsdformat would repeat an element). */
function add(elem: Node, op: ConvertNode): void {
  const element = op.attrs["element"];
  const attribute = op.attrs["attribute"];
  const value = op.attrs["value"] ?? "";
  if (attribute !== undefined) {
    if (attrOf(elem, attribute) === undefined) setAttr(elem, attribute, value, elem);
  } else if (element !== undefined && !elem.children.some((c) => c.name === element)) {
    elem.children.push(created(element, elem, value));
  }
}

/** `<remove>` / `<remove_empty>`: child elements or an attribute (only empty ones for remove_empty). */
function remove(elem: Node, op: ConvertNode, onlyEmpty: boolean): void {
  const element = op.attrs["element"];
  const attribute = op.attrs["attribute"];
  if (attribute !== undefined) {
    const a = attrOf(elem, attribute);
    if (a !== undefined && (!onlyEmpty || a.value.trim() === "")) removeAttr(elem, attribute);
  }
  if (element !== undefined) {
    elem.children = elem.children.filter(
      (c) =>
        c.name !== element || (onlyEmpty && (c.text.trim() !== "" || c.children.length > 0 || c.attributes.length > 0)),
    );
  }
}

/** `<map>`: when the value at `from name` is one of the listed values, write the matching value at `to name` (`a/b/@attr`). */
function map(elem: Node, op: ConvertNode): void {
  const from = op.children.find((c) => c.tag === "from");
  const to = op.children.find((c) => c.tag === "to");
  if (from === undefined || to === undefined) return;
  const fromValues = from.children.filter((c) => c.tag === "value").map((c) => c.text.trim());
  const toValues = to.children.filter((c) => c.tag === "value").map((c) => c.text.trim());
  const read = resolvePath(elem, from.attrs["name"] ?? "", false);
  if (read === undefined) return;
  const value = read.attribute === undefined ? read.node.text.trim() : attrOf(read.node, read.attribute)?.value.trim();
  if (value === undefined) return;
  const i = fromValues.indexOf(value);
  if (i < 0) return;
  const mapped = toValues[Math.min(i, toValues.length - 1)];
  const write = resolvePath(elem, to.attrs["name"] ?? "", true);
  if (mapped === undefined || write === undefined) return;
  if (write.attribute !== undefined) setAttr(write.node, write.attribute, mapped, read.node);
  else write.node.text = mapped;
}

function resolvePath(elem: Node, path: string, create: boolean): { node: Node; attribute?: string } | undefined {
  const steps = path.split("/").filter((s) => s !== "");
  let node = elem;
  for (const step of steps) {
    if (step.startsWith("@")) return { node, attribute: step.slice(1) };
    let next = node.children.find((c) => c.name === step);
    if (next === undefined) {
      if (!create) return undefined;
      next = created(step, node);
      node.children.push(next);
    }
    node = next;
  }
  return { node };
}
