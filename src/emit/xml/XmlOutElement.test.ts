import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { create, fragment } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";

import { attr } from "../../parse/XmlDocument.js";
import { readXml } from "../../parse/readXml.js";
import { serializeXml, xmlDocument } from "./xmlDocument.js";
import type { XmlOutElement } from "./XmlOutElement.js";

/** A random document: elements with attributes, text and comments in any mix. */
type Child =
  | { kind: "element"; name: string; attributes: [string, string][]; children: Child[] }
  | { kind: "text"; text: string }
  | { kind: "comment"; text: string };

// Values hold every character XML escapes, but no `&name;` / `&#1;` run: there xmlbuilder2
// leaves the `&` unescaped and robokit escapes it (tested on its own below).
const value = fc
  .string({ unit: fc.constantFrom("a", "b", " ", "&", "<", ">", '"', "'", ";", "#", "1", "é", "\n") })
  .filter((s) => !/&(?:[A-Za-z]+|#\d+);/.test(s));
const name = fc.constantFrom("a", "link", "b_c", "x1");
const tree = fc.letrec<{ child: Child }>((tie) => ({
  child: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({ kind: fc.constant("text" as const), text: value }),
    fc.record({ kind: fc.constant("comment" as const), text: value.map((s) => ` ${s.replace(/-/g, "_")} `) }),
    fc.record({
      kind: fc.constant("element" as const),
      name,
      attributes: fc.uniqueArray(fc.tuple(fc.constantFrom("name", "xyz", "type", "v"), value), {
        selector: ([k]) => k,
        maxLength: 3,
      }),
      children: fc.array(tie("child"), { maxLength: 4 }),
    }),
  ),
}));

function buildOurs(parent: XmlOutElement, c: Child): void {
  if (c.kind === "text") parent.txt(c.text);
  else if (c.kind === "comment") parent.com(c.text);
  else {
    const el = parent.ele(c.name, Object.fromEntries(c.attributes));
    for (const k of c.children) buildOurs(el, k);
  }
}

/** As buildOurs, sealing each finished element whose flag (drawn per element, in order) is set. */
function buildSealing(parent: XmlOutElement, c: Child, seal: () => boolean): void {
  if (c.kind === "text") parent.txt(c.text);
  else if (c.kind === "comment") parent.com(c.text);
  else {
    const el = parent.ele(c.name, Object.fromEntries(c.attributes));
    for (const k of c.children) buildSealing(el, k, seal);
    if (seal()) el.seal();
  }
}

function buildTheirs(parent: XMLBuilder, c: Child): void {
  if (c.kind === "text") parent.txt(c.text);
  else if (c.kind === "comment") parent.com(c.text);
  else {
    const el = parent.ele(c.name, Object.fromEntries(c.attributes));
    for (const k of c.children) buildTheirs(el, k);
  }
}

function theirs(comment: string, build: (root: XMLBuilder) => void): string {
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  doc.com(` ${comment} `);
  build(doc.ele("robot", { name: "r" }));
  return `${doc.end({ prettyPrint: true, indent: "  ", newline: "\n", headless: false })}\n`;
}

function ours(comment: string, build: (root: XmlOutElement) => void): string {
  const doc = xmlDocument(comment);
  build(doc.ele("robot", { name: "r" }));
  return serializeXml(doc);
}

describe("XmlOutElement", () => {
  it("writes the bytes xmlbuilder2's pretty printer writes, for any mix of elements, attributes, text and comments", () => {
    fc.assert(
      fc.property(fc.array(tree.child, { maxLength: 5 }), (children) => {
        const expected = theirs("stamp", (root) => children.forEach((c) => buildTheirs(root, c)));
        const actual = ours("stamp", (root) => children.forEach((c) => buildOurs(root, c)));
        expect(actual).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("imports a fragment (elements, text, comments, CDATA, processing instructions, references) as xmlbuilder2's fragment import does", () => {
    const xml = `<plugin name="p &amp; q" filename="libx&#46;so"><a>1 &lt; 2</a>\n  <b/><!-- note --><c><![CDATA[x < y]]></c><d>t<![CDATA[z]]></d><?pi a="1"?><e>  </e></plugin><gazebo/>`;
    expect(ours("s", (root) => root.importXml(xml))).toBe(theirs("s", (root) => root.import(fragment(xml))));
  });

  it("imports any generated fragment as xmlbuilder2's fragment import does (property)", () => {
    fc.assert(
      fc.property(fc.array(tree.child, { minLength: 1, maxLength: 4 }), (children) => {
        // The fragment is what robokit's writer prints for the children (pretty-printed, escaped).
        const body = ours("x", (root) => children.forEach((c) => buildOurs(root, c)));
        const xml = body.slice(body.indexOf("<robot"));
        // Adjacent texts can join into an escaped entity-like run (`&amp;a;`): there xmlbuilder2
        // writes the decoded `&a;` unescaped, the known difference tested above.
        fc.pre(!/&amp;(?:[A-Za-z]+|#\d+);/.test(xml));
        expect(ours("s", (root) => root.importXml(xml))).toBe(theirs("s", (root) => root.import(fragment(xml))));
      }),
      { numRuns: 200 },
    );
  });

  it("imports a fragment of 20,000 siblings in order", () => {
    const xml = `<plugin>${Array.from({ length: 20_000 }, (_, i) => `<joint_name>j${i}</joint_name>`).join("")}</plugin>`;
    const text = ours("s", (root) => root.importXml(xml));
    const names = [...text.matchAll(/<joint_name>(j\d+)<\/joint_name>/g)].map((m) => m[1]);
    expect(names).toHaveLength(20_000);
    expect(names[0]).toBe("j0");
    expect(names[19_999]).toBe("j19999");
  });

  it("escapes every & (xmlbuilder2 left one that starts an entity-like run, which read back as another character)", () => {
    const doc = xmlDocument("s");
    doc.ele("robot", { name: "a&amp;b" }).ele("mesh", { filename: "x&lt;y&#49;.stl" }).txt("&gt; & <");
    const text = serializeXml(doc);
    expect(text).toContain(`name="a&amp;amp;b"`);
    const read = readXml(text, "t.xml");
    expect(read.diagnostics).toEqual([]);
    const root = read.document.root!;
    expect(attr(root, "name")).toBe("a&amp;b");
    expect(attr(root.children[0]!, "filename")).toBe("x&lt;y&#49;.stl");
    expect(root.children[0]!.text).toBe("&gt; & <");
  });

  it("writes the same bytes whichever finished elements are sealed (property)", () => {
    fc.assert(
      fc.property(
        fc.array(tree.child, { maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
        (children, flags) => {
          let k = 0;
          const seal = (): boolean => flags[k++ % flags.length] ?? false;
          const expected = ours("stamp", (root) => children.forEach((c) => buildOurs(root, c)));
          const actual = ours("stamp", (root) => {
            children.forEach((c) => buildSealing(root, c, seal));
            if (seal()) root.seal();
          });
          expect(actual).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("refuses to change a sealed element or to seal the document node", () => {
    const doc = xmlDocument("s");
    const a = doc.ele("a", { x: "1" });
    a.ele("b").txt("t");
    a.seal();
    expect(() => a.ele("c")).toThrow(TypeError);
    expect(() => a.att({ y: "2" })).toThrow(TypeError);
    expect(() => a.txt("more")).toThrow(TypeError);
    expect(() => a.seal()).toThrow(TypeError);
    expect(() => doc.seal()).toThrow(TypeError);
    doc.ele("d");
    expect(serializeXml(doc)).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- s -->\n<a x="1">\n  <b>t</b>\n</a>\n<d/>\n`,
    );
  });

  it("is serialised once (it releases each element as it writes it); a second call is API misuse", () => {
    const doc = xmlDocument("s");
    doc.ele("a").ele("b", { x: "1" });
    expect(serializeXml(doc)).toBe(`<?xml version="1.0" encoding="UTF-8"?>\n<!-- s -->\n<a>\n  <b x="1"/>\n</a>\n`);
    expect(() => serializeXml(doc)).toThrow(TypeError);
  });

  it("writes deep nesting (an MJCF body chain) with an explicit stack, not recursion", () => {
    const depth = 5_000;
    const doc = xmlDocument("s");
    let el = doc.ele("a");
    for (let i = 0; i < depth; i++) el = el.ele("b");
    el.txt("x");
    const text = serializeXml(doc);
    expect(text.split("\n")).toHaveLength(2 + 2 * (depth + 1));
    expect(text).toContain(`\n${"  ".repeat(depth)}<b>x</b>\n${"  ".repeat(depth - 1)}</b>\n`);
  });
});
