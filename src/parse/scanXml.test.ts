// @slow: reads every real robot file and libsdformat corpus file (vitest project `slow`).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { LineIndex } from "./LineIndex.js";
import { MAX_XML_DEPTH, readXml, type ReadXmlResult } from "./readXml.js";
import { scanXml } from "./scanXml.js";
import { attr, child, type XmlAttribute, type XmlElement } from "./XmlDocument.js";

const shared = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "test", "data");

/** An element as plain data, its children read through the getter (so lazy subtrees are read again). */
interface Plain {
  readonly name: string;
  readonly attributes: readonly XmlAttribute[];
  readonly children: readonly Plain[];
  readonly text: string;
  readonly line: number;
  readonly column: number;
  readonly offset: number;
  readonly xmlPath: string;
  readonly depth: number;
}
const plain = (e: XmlElement): Plain => ({
  name: e.name,
  attributes: e.attributes.map((a) => ({ ...a })),
  children: e.children.map(plain),
  text: e.text,
  line: e.line,
  column: e.column,
  offset: e.offset,
  xmlPath: e.xmlPath,
  depth: e.depth,
});
const asData = (r: ReadXmlResult) => ({
  root: r.document.root === undefined ? undefined : plain(r.document.root),
  diagnostics: r.diagnostics,
});

/** readXml's paths: the one-pass reader where it answers (whole tree, and with every subtree under `lazyBelow` elements read again on demand), and the general path (fast-xml-parser). */
const both = (text: string, lazyBelow = 3) => ({
  fast: asData(readXml(text, "f.xml")),
  lazy: asData(readXml(text, "f.xml", { lazyBelow })),
  general: asData(readXml(text, "f.xml", { generalOnly: true })),
});
const answers = (text: string): boolean =>
  scanXml(text, new LineIndex(text), { maxDepth: MAX_XML_DEPTH }) !== undefined;

const name = fc.constantFrom(
  "robot",
  "link",
  "joint",
  "origin",
  "sdf",
  "model",
  "pose",
  "xacro:macro",
  "a",
  "b_2",
  "c.d-e",
);
const attrValue = fc
  .array(
    fc.constantFrom(
      "0",
      "1.5",
      " ",
      "x",
      "&amp;",
      "&lt;",
      "&gt;",
      "&quot;",
      "&apos;",
      "&#49;",
      "&#x1F600;",
      "\t",
      "\r\n",
      "\n",
      ">",
      "é",
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(""));
const textPart = fc.constantFrom(
  "",
  " ",
  "\n  ",
  "\r\n",
  "\r",
  "0 0 1",
  "&amp;",
  "&#65;",
  "<!-- note -->",
  "<?pi x?>",
  "<![CDATA[ a<b & c ]]>",
  "é",
  ">",
  "]]>",
);

interface Tree {
  readonly name: string;
  readonly attrs: readonly (readonly [string, string, boolean])[];
  readonly parts: readonly (string | Tree)[];
}
const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.record({
    name,
    attrs: fc.array(
      fc.tuple(fc.constantFrom("name", "type", "xyz", "rpy", "link", "xmlns:xacro"), attrValue, fc.boolean()),
      { maxLength: 3 },
    ),
    parts: fc.array(fc.oneof({ depthSize: "small", withCrossShrink: true }, textPart, tie("node")), { maxLength: 4 }),
  }),
})).node;

function render(t: Tree): string {
  const seen = new Set<string>();
  const attrs = t.attrs
    .filter(([n]) => (seen.has(n) ? false : (seen.add(n), true)))
    .map(([n, v, single]) =>
      single ? ` ${n}='${v.replaceAll("'", "&apos;")}'` : ` ${n} = "${v.replaceAll('"', "&quot;")}"`,
    )
    .join("");
  if (t.parts.length === 0) return `<${t.name}${attrs}/>`;
  return `<${t.name}${attrs}>${t.parts.map((p) => (typeof p === "string" ? p : render(p))).join("")}</${t.name} >`;
}

const document = fc
  .tuple(
    fc.constantFrom("", '<?xml version="1.0"?>\n', "\n", "<!-- c -->"),
    tree,
    fc.constantFrom("", "\n", "<!-- end -->\n"),
  )
  .map(([head, t, tail]) => head + render(t) + tail);

/** Edits an attacker (or a careless editor) makes: stray markup, references outside the subset, bad characters. */
const edit = fc.tuple(
  fc.nat(),
  fc.nat({ max: 4 }),
  fc.constantFrom(
    "<",
    "&",
    "&nbsp;",
    "&#0;",
    "\u0001",
    "'",
    '"',
    "=",
    "/>",
    "</a>",
    "<a>",
    "<!DOCTYPE r>",
    "<?xml version='1.0'?>",
    "]]>",
    "<!--",
    "-->",
    " b",
    "é",
    "<1/>",
    "",
  ),
);
const mutated = fc.tuple(document, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([text, edits]) =>
  edits.reduce((t, [at, cut, insert]) => {
    const p = at % (t.length + 1);
    return t.slice(0, p) + insert + t.slice(p + cut);
  }, text),
);

describe("readXml's one-pass reader (scanXml)", () => {
  it("builds the same tree as the general path for generated documents, and answers for most of them", () => {
    let answered = 0;
    let runs = 0;
    fc.assert(
      fc.property(document, (text) => {
        runs++;
        if (answers(text)) answered++;
        const { fast, lazy, general } = both(text);
        expect(fast).toStrictEqual(general);
        expect(lazy).toStrictEqual(general);
      }),
      { numRuns: 2000 },
    );
    // Most generated documents are in the subset: the comparison above is not vacuous.
    expect(answered / runs).toBeGreaterThan(0.5);
  });

  it("gives the same result (tree and diagnostics) as the general path for mutated documents", () => {
    fc.assert(
      fc.property(mutated, (text) => {
        const { fast, lazy, general } = both(text);
        expect(fast).toStrictEqual(general);
        expect(lazy).toStrictEqual(general);
      }),
      { numRuns: 3000 },
    );
  });

  it("agrees with the general path on every real robot file and libsdformat corpus file, and reads nearly all of them itself", () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(urdf|sdf|world|xacro|config)$/i.test(entry)) files.push(path);
      }
    };
    walk(join(shared, "realworld"));
    walk(join(shared, "sdformat", "corpus"));
    expect(files.length).toBeGreaterThan(900);
    let answered = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
      if (answers(source)) answered++;
      const { fast, lazy, general } = both(text, 64);
      expect(fast, file).toStrictEqual(general);
      expect(lazy, file).toStrictEqual(general);
    }
    expect(answered / files.length).toBeGreaterThan(0.98);
  });

  it("hands what it does not read to the general path, which reports it", () => {
    for (const text of [
      "<a><b></a></b>",
      "<a x='1' x='2'/>",
      "<a x='1'y='2'/>",
      "<a>& b</a>",
      "<!DOCTYPE a><a/>",
      "<a>&nbsp;</a>",
      "<a b/>",
    ]) {
      expect(answers(text), text).toBe(false);
      expect(asData(readXml(text, "f.xml"))).toStrictEqual(asData(readXml(text, "f.xml", { generalOnly: true })));
    }
    expect(readXml("<a><b></a></b>", "f.xml").diagnostics[0]?.message).toMatch(/closing tag/);
  });

  it("finds the first child of a given name in a subtree kept as text as the general path does, reading a leaf alone", () => {
    const compare = (lazy: XmlElement | undefined, general: XmlElement | undefined): void => {
      expect(lazy === undefined ? undefined : plain(lazy)).toStrictEqual(
        general === undefined ? undefined : plain(general),
      );
      if (lazy === undefined || general === undefined) return;
      // Asked for before anything else reads `lazy`'s children, so a leaf is read alone; "zz" is never there.
      const names = [...new Set(general.children.map((c) => c.name)), "zz"];
      for (const n of names) compare(child(lazy, n), child(general, n));
    };
    fc.assert(
      fc.property(document, fc.integer({ min: 2, max: 6 }), (text, lazyBelow) => {
        compare(
          readXml(text, "f.xml", { lazyBelow }).document.root,
          readXml(text, "f.xml", { generalOnly: true }).document.root,
        );
      }),
      { numRuns: 1500 },
    );
    const links = `<robot name="r">${Array.from({ length: 3 }, (_, i) => `<link name="l${i}"><origin_x/><!-- a > b --><visual name="v" x='a>b'><geometry/></visual><?pi ?><origin xyz="${i} 0 0"/><origin xyz="9 9 9"/></link>`).join("")}</robot>`;
    const [, l1, l2] = readXml(links, "f.urdf", { lazyBelow: 64 }).document.root?.children ?? [];
    const origin = child(l2!, "origin");
    expect([attr(origin!, "xyz"), origin?.xmlPath]).toStrictEqual([
      "2 0 0",
      '/robot[@name="r"]/link[@name="l2"]/origin[0]',
    ]);
    expect(child(child(l1!, "visual")!, "geometry")?.xmlPath).toBe(
      '/robot[@name="r"]/link[@name="l1"]/visual[@name="v"]/geometry',
    );
  });

  it("checks a subtree it keeps as text as strictly as one it builds (the general path reads what it does not)", () => {
    const lazyAnswers = (text: string): boolean =>
      scanXml(text, new LineIndex(text), { maxDepth: MAX_XML_DEPTH, lazyBelow: 1000 }) !== undefined;
    const deep = (levels: number): string => `${"<d>".repeat(levels)}${"</d>".repeat(levels)}`;
    const bad = [
      "<b x='1' x='2'/>",
      "<b x='1'y='2'/>",
      "<b>& c</b>",
      "<b>&nbsp;</b>",
      "<b x='&bogus;'/>",
      "<b x='a<b'/>",
      "<b></c>",
      "<b b/>",
      "<!DOCTYPE a>",
      "<?xml version='1.0'?>",
      deep(MAX_XML_DEPTH),
    ];
    for (const inner of bad) {
      const text = `<robot><link name="l"><visual>${inner}</visual></link></robot>`;
      expect(lazyAnswers(text), inner).toBe(false);
      expect(asData(readXml(text, "f.xml", { lazyBelow: 1000 }))).toStrictEqual(
        asData(readXml(text, "f.xml", { generalOnly: true })),
      );
    }
    // Just inside the depth limit, the same subtree is read, kept as text and read again whole.
    const fits = `<robot><link name="l"><visual>${deep(MAX_XML_DEPTH - 5)}</visual></link></robot>`;
    expect(lazyAnswers(fits)).toBe(true);
    const { fast, lazy } = both(fits, 1000);
    expect(lazy).toStrictEqual(fast);
  });

  it("keeps a small subtree as its place in the text until visited, and keeps only the recently visited ones", () => {
    const links = 20_000;
    const text = `<robot name="r">\n${Array.from({ length: links }, (_, i) => `  <link name="l${i}">\n    <visual><origin xyz="0 0 ${i}"/></visual>\n  </link>\n`).join("")}</robot>\n`;
    const root = readXml(text, "f.urdf", { lazyBelow: 64 }).document.root!;
    const first = root.children[0]!;
    // Visited twice in a row: read once, the same objects.
    expect(first.children).toBe(first.children);
    expect(first.children[0]?.children[0]?.attributes[0]?.value).toBe("0 0 0");
    // After visiting every link (more elements than the cache holds), the first is read again: equal, not kept.
    const before = first.children;
    for (const l of root.children)
      expect(l.children[0]?.children[0]?.xmlPath).toBe(`/robot[@name="r"]/${l.xmlPath.split("/")[2]}/visual/origin`);
    expect(first.children).not.toBe(before);
    expect(first.children.map(plain)).toStrictEqual(before.map(plain));
    expect(root.children[links - 1]?.children[0]?.children[0]?.line).toBe(3 * links);
  });

  it("reports positions of elements and attributes, with CR, CRLF and LF line ends", () => {
    for (const eol of ["\n", "\r\n", "\r"]) {
      const root = readXml(`<robot name="r">${eol}  <link${eol}    name="a"/>${eol}</robot>`, "f.urdf").document.root;
      const link = root?.children[0];
      expect([
        link?.line,
        link?.column,
        link?.attributes[0]?.line,
        link?.attributes[0]?.column,
        link?.xmlPath,
      ]).toStrictEqual([2, 3, 3, 5, '/robot[@name="r"]/link[@name="a"]']);
    }
  });
});
