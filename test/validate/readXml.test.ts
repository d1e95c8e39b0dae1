import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { decodeXmlBytes } from "../../src/parse/decodeXmlBytes.js";
import { LineIndex } from "../../src/parse/LineIndex.js";
import { readXml } from "../../src/parse/readXml.js";

describe("readXml", () => {
  const text = `<?xml version="1.0"?>\n<!-- c -->\n<sdf version="1.9">\n  <model name="m" a:b="x">\n    <link name='l'>t<pose relative_to="f">1 2 3 0 0 0</pose><![CDATA[<z>]]></link>\n    <link/><link/>\n  </model>\n</sdf>\n`;
  const root = readXml(text, "a.sdf").document.root;

  it("gives every element its line, column and libsdformat-style XML path", () => {
    const model = root?.children[0];
    const link = model?.children[0];
    const pose = link?.children[0];
    expect([root?.line, root?.column, root?.xmlPath]).toEqual([3, 1, "/sdf"]);
    expect([model?.line, model?.column, model?.xmlPath]).toEqual([4, 3, '/sdf/model[@name="m"]']);
    expect([pose?.line, pose?.column, pose?.xmlPath]).toEqual([5, 21, '/sdf/model[@name="m"]/link[@name="l"]/pose']);
    expect(model?.children.slice(1).map((c) => c.xmlPath)).toEqual([
      '/sdf/model[@name="m"]/link[1]',
      '/sdf/model[@name="m"]/link[2]',
    ]);
  });

  it("gives attributes their own positions and keeps text and CDATA", () => {
    const model = root?.children[0];
    expect(model?.attributes.map((a) => [a.name, a.value, a.line, a.column])).toEqual([
      ["name", "m", 4, 10],
      ["a:b", "x", 4, 19],
    ]);
    expect(model?.children[0]?.text).toBe("t<z>");
    expect(model?.children[0]?.children[0]?.attributes[0]).toEqual({
      name: "relative_to",
      value: "f",
      line: 5,
      column: 27,
    });
  });

  it("reports well-formedness errors at their line and column, without a tree", () => {
    const r = readXml("<a>\n  <b></a>", "bad.xml");
    expect(r.document.root).toBeUndefined();
    expect(r.diagnostics).toMatchObject([{ code: "XML_ERROR", line: 2, column: 6, file: "bad.xml" }]);
  });

  it("line index agrees with a naive count for any text and offset", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "\n", "\r", "\r\n", "é") }), fc.nat(), (s, n) => {
        const offset = s.length === 0 ? 0 : n % s.length;
        // Naive reference: \n, \r and \r\n each end a line.
        let line = 1;
        let column = 1;
        for (let i = 0; i < offset; i++) {
          if (s[i] === "\n" || (s[i] === "\r" && s[i + 1] !== "\n")) {
            line++;
            column = 1;
          } else column++;
        }
        const got = new LineIndex(s).position(offset);
        return got.line === line && got.column === column;
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it("decodes UTF-8 with BOM, UTF-16 and declared Latin-1, and reports bad UTF-8 with a position", () => {
    expect(decodeXmlBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x3c, 0x61, 0x2f, 0x3e]), "f").text).toBe("<a/>");
    expect(decodeXmlBytes(new Uint8Array([0xff, 0xfe, 0x3c, 0, 0x61, 0, 0x2f, 0, 0x3e, 0]), "f").text).toBe("<a/>");
    const latin = new TextEncoder().encode(`<?xml version="1.0" encoding="ISO-8859-1"?><a>x</a>`);
    expect(decodeXmlBytes(new Uint8Array([...latin.slice(0, -5), 0xe9, ...latin.slice(-5)]), "f").text).toContain("é");
    const bad = decodeXmlBytes(new Uint8Array([0x3c, 0x61, 0x3e, 0x0a, 0x20, 0xc3, 0x28]), "f");
    expect(bad.text).toBeUndefined();
    expect(bad.diagnostics).toMatchObject([{ code: "XML_ERROR", line: 2, column: 2 }]);
  });
});
