import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { parseXacroXml } from "../../src/parse/xacro/parseXacroXml.js";
import { scanXacroXml } from "../../src/parse/xacro/scanXacroXml.js";
import { LineIndex } from "../../src/parse/LineIndex.js";
import { xacroDataRoot } from "./xacroTestSet.js";

/** Every XML file of the xacro test set (xacro, URDF, launch and package files). */
function xmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...xmlFiles(p));
    else if (/\.(xacro|urdf|xml|gazebo|trans|sdf)$/.test(e)) out.push(p);
  }
  return out;
}

/** True when the one-pass scanner takes the text itself (rather than handing it to the general parser). */
function scanned(text: string): boolean {
  return scanXacroXml(text, "f", new LineIndex(text), (raw) => raw, 1000) !== undefined;
}

describe("the one-pass xacro XML scanner", () => {
  it("reads every file of the xacro test set into the tree the general parser builds", () => {
    const files = xmlFiles(xacroDataRoot);
    let taken = 0;
    for (const f of files) {
      const text = readFileSync(f, "utf8");
      expect(parseXacroXml(text, f), f).toEqual(parseXacroXml(text, f, true));
      if (scanned(text)) taken++;
    }
    // Not a vacuous comparison: the scanner itself reads nearly all of them.
    expect(files.length).toBeGreaterThan(150);
    expect(taken / files.length).toBeGreaterThan(0.9);
  });

  it("reads CR LF and CR line ends itself, into the tree the general parser builds", () => {
    const doc =
      '<?xml version="1.0"?>\r\n<!-- c\r\nd -->\r\n<robot a="x\r\ny\rz&#13;"\r\n b = "1">\r\n <l>t\r\nu\rv&#13;</l><![CDATA[p\r\nq]]><!-- e\r\n--></robot\r\n>\r\n';
    expect(scanned(doc)).toBe(true);
    const tree = parseXacroXml(doc, "f.xacro");
    expect(tree).toEqual(parseXacroXml(doc, "f.xacro", true));
    expect(JSON.stringify(tree)).not.toContain("\\r\\n");
  });

  it("agrees with the general parser on generated documents, well-formed or not", () => {
    // Mostly what files hold, sometimes what no well-formed file may (a bare `<` or `&`, `]]>`).
    const mostly = (usual: fc.Arbitrary<string>, wild: fc.Arbitrary<string>): fc.Arbitrary<string> =>
      fc.oneof({ weight: 30, arbitrary: usual }, { weight: 1, arbitrary: wild });
    const name = mostly(fc.constantFrom("a", "xacro:macro", "b_1", "link", "x-y.z"), fc.constantFrom("é", "1a", "a b"));
    const attrValue = mostly(
      fc.stringMatching(/^(?:[a-z ${}()\t\n\r-]|&amp;|&#x41;|&lt;|&#13;){0,8}$/),
      fc.stringMatching(/^[a-z ${}()&;#0-9<>'\t\n-]{0,8}$/),
    );
    const text = mostly(
      fc.stringMatching(/^(?:[a-z \n\r\t>"'=/-]|&amp;|&#10;|&#13;|&gt;){0,10}$/),
      fc.stringMatching(/^[a-z \n\t&;#0-9x<>\]'"=/-]{0,10}$/),
    );
    const attrs = fc
      .array(
        fc.tuple(
          fc.constantFrom("name", "value", "a:b", "x"),
          attrValue,
          fc.constantFrom('"', "'"),
          fc.constantFrom("=", "=", " = ", "\n="),
        ),
        {
          maxLength: 3,
        },
      )
      .map((as) => as.map(([k, v, q, eq]) => ` ${k}${eq}${q}${v.split(q).join("")}${q}`).join(""));
    const element = (kid: fc.Arbitrary<string>): fc.Arbitrary<string> =>
      fc
        .tuple(name, attrs, fc.array(kid, { maxLength: 4 }), fc.boolean(), fc.boolean())
        .map(([n, a, kids, empty, space]) =>
          empty && kids.length === 0
            ? `<${n}${a}${space ? " " : ""}/>`
            : `<${n}${a}>${kids.join("")}</${n}${space ? " " : ""}>`,
        );
    const node: fc.Memo<string> = fc.memo((depth) =>
      depth <= 1
        ? fc.oneof(
            text,
            text.map((t) => `<!--${t}-->`),
            text.map((t) => `<![CDATA[${t}]]>`),
          )
        : fc.oneof(
            text,
            text.map((t) => `<!--${t}-->`),
            element(node(depth - 1)),
          ),
    );
    const documentText = fc
      .tuple(
        fc.constantFrom("", '<?xml version="1.0"?>\n', "<!-- c -->\n", "\n"),
        mostly(element(node(3)), node(3)),
        fc.constantFrom("", "\n", "\n<!-- after -->\n", "\n", "junk"),
        // Line ends as Unix, Windows and old Mac files write them.
        fc.constantFrom("\n", "\n", "\r\n", "\r"),
      )
      .map(([head, body, tail, eol]) => `${head}${body}${tail}`.replaceAll("\n", eol));
    let runs = 0;
    let taken = 0;
    fc.assert(
      fc.property(documentText, (doc) => {
        runs++;
        if (scanned(doc)) taken++;
        expect(parseXacroXml(doc, "f.xacro")).toEqual(parseXacroXml(doc, "f.xacro", true));
      }),
      { numRuns: 2000 },
    );
    // Both sides of the scanner's line are drawn: documents it reads, and documents it hands on.
    expect(taken / runs).toBeGreaterThan(0.2);
    expect(taken / runs).toBeLessThan(0.9);
  });
});
