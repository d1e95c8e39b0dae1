import type { ScannedTags, Tag, TagAttribute } from "./scanTags.js";
import { scanTags } from "./scanTags.js";

/** What a name in a robot file is: a link or joint, or (for `<gazebo reference>`) either. */
export type NameKind = "link" | "joint" | "either";

/** One occurrence of a link or joint name, with its offsets in the file's text. */
export interface NameSite {
  readonly name: string;
  readonly kind: NameKind;
  readonly role: "definition" | "reference";
  readonly start: number;
  readonly end: number;
  /** For a joint definition: its parent and child link names, when literal. */
  readonly parentLink?: string;
  readonly childLink?: string;
}

/** A xacro macro definition. */
export interface MacroSite {
  readonly name: string;
  /** Offsets of the name's value. */
  readonly start: number;
  readonly end: number;
  /** Parameters as written (`name`, `name:=default`, `*block`, `**block`, `name:=^|x`). */
  readonly params: readonly string[];
  readonly paramsStart: number;
  readonly tag: Tag;
}

/** A xacro property or argument definition. */
export interface ValueSite {
  readonly name: string;
  readonly value: string | undefined;
  readonly start: number;
  readonly end: number;
}

/** A reference to another file (`xacro:include filename`, `package://`, `<include><uri>`). */
export interface FileRef {
  readonly target: string;
  readonly start: number;
  readonly end: number;
  /** True for an include whose content joins this document (xacro includes). */
  readonly includes: boolean;
}

/** The names, macros, properties and file references of one file, with offsets. */
export interface DocumentIndex {
  readonly scanned: ScannedTags;
  readonly names: readonly NameSite[];
  readonly macros: readonly MacroSite[];
  readonly properties: readonly ValueSite[];
  readonly args: readonly ValueSite[];
  readonly files: readonly FileRef[];
  /** `<sdf version>` when the root is `<sdf>`. */
  readonly sdfVersion: string | undefined;
  readonly rootName: string | undefined;
}

/** True for a value robokit can take literally (no xacro substitution inside). */
function literal(value: string): boolean {
  return !value.includes("${") && !value.includes("$(") && value.trim() !== "";
}

/**
 * An element's text up to its first child tag or its end: what a name or URI element holds. The
 * stretches of different elements do not overlap, so reading them all is linear in the text even
 * when elements are nested deeply and never closed.
 */
function leadingText(text: string, tag: Tag): string {
  const lt = text.indexOf("<", tag.end);
  return text.slice(tag.end, lt === -1 ? tag.contentEnd : Math.min(lt, tag.contentEnd));
}

function attribute(tag: Tag, name: string): TagAttribute | undefined {
  return tag.attributes.find((a) => a.name === name);
}

/** Element names of the xacro namespace that are not macro calls. */
export const XACRO_KEYWORDS: ReadonlySet<string> = new Set([
  "macro",
  "property",
  "arg",
  "include",
  "if",
  "unless",
  "insert_block",
  "call",
  "element",
  "attribute",
]);

/** Indexes a URDF, xacro or SDF text: never throws, linear in its length. */
export function indexDocument(text: string): DocumentIndex {
  const scanned = scanTags(text);
  const names: NameSite[] = [];
  const macros: MacroSite[] = [];
  const properties: ValueSite[] = [];
  const args: ValueSite[] = [];
  const files: FileRef[] = [];
  const parentName = (tag: Tag): string => (tag.parent === -1 ? "" : scanned.tags[tag.parent]!.name);
  const site = (a: TagAttribute | undefined, kind: NameKind, role: NameSite["role"], extra = {}): void => {
    if (a?.closed === true && literal(a.value))
      names.push({ name: a.value, kind, role, start: a.valueStart, end: a.valueEnd, ...extra });
  };
  const ends = jointEnds(scanned);
  for (let t = 0; t < scanned.tags.length; t++) {
    const tag = scanned.tags[t]!;
    indexTag(scanned, t, tag, parentName(tag), site, names, ends);
    if (tag.name.startsWith("xacro:")) indexXacro(tag, macros, properties, args, files);
    for (const a of tag.attributes)
      if (
        a.value.startsWith("package://") ||
        a.value.startsWith("model://") ||
        (a.name === "filename" && (tag.name === "mesh" || tag.name === "texture"))
      )
        files.push({ target: a.value, start: a.valueStart, end: a.valueEnd, includes: false });
    // SDF names files in element text: <include><uri>, <mesh><uri>.
    if (tag.name === "uri" && tag.complete && !tag.selfClosing) {
      const raw = leadingText(text, tag);
      const target = raw.trim();
      if (target !== "" && !target.includes("<")) {
        const start = tag.end + raw.indexOf(target);
        files.push({ target, start, end: start + target.length, includes: false });
      }
    }
  }
  const root = scanned.tags[0];
  const version = root?.name === "sdf" ? root.attributes.find((a) => a.name === "version")?.value : undefined;
  return { scanned, names, macros, properties, args, files, sdfVersion: version, rootName: root?.name };
}

type SiteFn = (a: TagAttribute | undefined, kind: NameKind, role: NameSite["role"], extra?: object) => void;

/** Each element's first `<parent>` and `<child>` child, by tag index: one pass, not a search per joint. */
type JointEnds = Map<number, { parent?: number; child?: number }>;

function jointEnds(scanned: ScannedTags): JointEnds {
  const out: JointEnds = new Map();
  for (let t = 0; t < scanned.tags.length; t++) {
    const tag = scanned.tags[t]!;
    if ((tag.name !== "parent" && tag.name !== "child") || tag.parent === -1) continue;
    let entry = out.get(tag.parent);
    if (entry === undefined) out.set(tag.parent, (entry = {}));
    entry[tag.name] ??= t;
  }
  return out;
}

function indexTag(
  scanned: ScannedTags,
  index: number,
  tag: Tag,
  parent: string,
  site: SiteFn,
  names: NameSite[],
  ends: JointEnds,
): void {
  switch (tag.name) {
    case "link":
      site(attribute(tag, "name"), "link", "definition");
      return;
    case "joint": {
      // A joint with a type is defined here; ros2_control's and a transmission's name one.
      if (attribute(tag, "type") === undefined) {
        site(attribute(tag, "name"), "joint", "reference");
        return;
      }
      const child = (n: "parent" | "child"): string | undefined => {
        const c = ends.get(index)?.[n];
        if (c === undefined) return undefined;
        const ct = scanned.tags[c]!;
        const v = attribute(ct, "link")?.value ?? leadingText(scanned.text, ct).trim();
        return literal(v) ? v : undefined;
      };
      const parentLink = child("parent");
      const childLink = child("child");
      site(attribute(tag, "name"), "joint", "definition", {
        ...(parentLink === undefined ? {} : { parentLink }),
        ...(childLink === undefined ? {} : { childLink }),
      });
      return;
    }
    case "parent":
    case "child":
      if (parent !== "joint") return;
      if (attribute(tag, "link") !== undefined) site(attribute(tag, "link"), "link", "reference");
      else textSite(scanned, tag, "link", names);
      return;
    case "mimic":
      site(attribute(tag, "joint"), "joint", "reference");
      return;
    case "gazebo":
      site(attribute(tag, "reference"), "either", "reference");
      return;
    case "joint_name":
      textSite(scanned, tag, "joint", names);
      return;
    default:
      return;
  }
}

/** An element's trimmed text content as a name site (SDF `<parent>base</parent>`). */
function textSite(scanned: ScannedTags, tag: Tag, kind: NameKind, names: NameSite[]): void {
  if (!tag.complete || tag.selfClosing) return;
  const raw = leadingText(scanned.text, tag);
  const name = raw.trim();
  if (!literal(name) || name.includes("<")) return;
  const start = tag.end + raw.indexOf(name);
  names.push({ name, kind, role: "reference", start, end: start + name.length });
}

function indexXacro(tag: Tag, macros: MacroSite[], properties: ValueSite[], args: ValueSite[], files: FileRef[]): void {
  const name = attribute(tag, "name");
  switch (tag.name.slice("xacro:".length)) {
    case "macro": {
      if (name === undefined) return;
      const params = attribute(tag, "params");
      macros.push({
        name: name.value,
        start: name.valueStart,
        end: name.valueEnd,
        params: (params?.value ?? "").split(/\s+/).filter((p) => p !== ""),
        paramsStart: params?.valueStart ?? name.valueStart,
        tag,
      });
      return;
    }
    case "property":
      if (name !== undefined)
        properties.push({
          name: name.value,
          value: attribute(tag, "value")?.value,
          start: name.valueStart,
          end: name.valueEnd,
        });
      return;
    case "arg":
      if (name !== undefined)
        args.push({
          name: name.value,
          value: attribute(tag, "default")?.value,
          start: name.valueStart,
          end: name.valueEnd,
        });
      return;
    case "include": {
      const f = attribute(tag, "filename");
      if (f !== undefined) files.push({ target: f.value, start: f.valueStart, end: f.valueEnd, includes: true });
      return;
    }
    default:
      return;
  }
}
