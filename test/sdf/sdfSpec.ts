import { readFileSync } from "node:fs";

import { readXml } from "../../src/parse/readXml.js";
import { attr, type XmlElement } from "../../src/parse/XmlDocument.js";

/** The official spec files, one folder per version (test/data/sdformat/spec). */
export const SPEC_DIR = new URL("../data/sdformat/spec/", import.meta.url);

/** One element of the spec: its attributes and allowed children (resolved lazily: the spec is recursive). */
export interface SpecElement {
  readonly name: string;
  readonly attributes: ReadonlySet<string>;
  /** True for `copy_data` elements (e.g. `<plugin>`), which accept any content. */
  readonly anyContent: boolean;
  child(name: string): SpecElement | undefined;
}

/** Loads the spec of one version, rooted at root.sdf's `<sdf>` element. */
export function loadSpec(version: string): SpecElement {
  const files = new Map<string, XmlElement>();
  const file = (name: string): XmlElement => {
    let el = files.get(name);
    if (el === undefined) {
      const text = readFileSync(new URL(`${version}/${name}`, SPEC_DIR), "utf8");
      const root = readXml(text, name).document.root;
      if (root === undefined) throw new Error(`spec ${version}/${name} has no root element`);
      el = root;
      files.set(name, el);
    }
    return el;
  };
  const build = (el: XmlElement, name: string): SpecElement => {
    const children = new Map<string, () => SpecElement>();
    const attributes = new Set<string>();
    for (const c of el.children) {
      if (c.name === "attribute") attributes.add(attr(c, "name") ?? "");
      else if (c.name === "element") {
        const n = attr(c, "name") ?? "";
        const ref = attr(c, "ref");
        children.set(n, () => build(ref === undefined ? c : file(`${ref}.sdf`), n));
      } else if (c.name === "include") {
        const included = file(attr(c, "filename") ?? "");
        const n = attr(included, "name") ?? "";
        children.set(n, () => build(included, n));
      }
    }
    const cache = new Map<string, SpecElement>();
    return {
      name,
      attributes,
      anyContent: attr(el, "copy_data") === "true",
      child(childName: string): SpecElement | undefined {
        const known = cache.get(childName);
        if (known !== undefined) return known;
        const make = children.get(childName);
        if (make === undefined) return undefined;
        const made = make();
        cache.set(childName, made);
        return made;
      },
    };
  };
  return build(file("root.sdf"), "sdf");
}

/**
 * Every element and attribute of `document` that `spec` does not define at that place, as
 * xml paths (`/sdf/model[@name="m"]/joint[@name="j"]/axis/mimic`, `.../xyz/@expressed_in`).
 */
export function outsideSpec(spec: SpecElement, documentRoot: XmlElement): string[] {
  const out: string[] = [];
  const walk = (el: XmlElement, s: SpecElement): void => {
    if (s.anyContent) return;
    for (const a of el.attributes) if (!s.attributes.has(a.name)) out.push(`${el.xmlPath}/@${a.name}`);
    for (const c of el.children) {
      const cs = s.child(c.name);
      if (cs === undefined) out.push(c.xmlPath);
      else walk(c, cs);
    }
  };
  if (documentRoot.name !== spec.name) return [documentRoot.xmlPath];
  walk(documentRoot, spec);
  return out;
}
