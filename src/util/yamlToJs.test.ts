import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { Alias, parseDocument, stringify } from "yaml";

import { parseYamlDocument } from "./yamlDocument.js";
import { YamlAliasError, yamlToJs } from "./yamlToJs.js";

const json = fc.jsonValue({ maxDepth: 3 });

describe("yamlToJs", () => {
  it("gives what the yaml package's toJS gives, aliases included (property)", () => {
    fc.assert(
      fc.property(json, json, json, (x, y, z) => {
        // Shared values make yaml.stringify write anchors and aliases.
        const sx = typeof x === "object" && x !== null ? x : { v: x };
        const sy = typeof y === "object" && y !== null ? y : [y];
        const text = stringify({ a: sx, b: sx, c: [sy, sy, sx], d: z });
        const doc = parseDocument(text);
        expect(yamlToJs(doc, 1_000_000)).toEqual(doc.toJS({ maxAliasCount: 1_000_000 }));
      }),
      { numRuns: 200 },
    );
  });

  it("resolves aliases from a map of anchors, never through the yaml package's scan of the document", () => {
    const anchors = Array.from({ length: 3_000 }, (_, i) => `a${i}: &x${i} {v: ${i}}`).join("\n");
    const aliases = Array.from({ length: 3_000 }, (_, i) => `b${i}: *x${i}`).join("\n");
    const doc = parseDocument(`${anchors}\n${aliases}\n`);
    const resolve = vi.spyOn(Alias.prototype, "resolve");
    try {
      const data = yamlToJs(doc, 10_000) as Record<string, { v: number }>;
      expect(data["b2999"]).toBe(data["a2999"]);
      expect(data["b0"]!.v).toBe(0);
      expect(resolve).not.toHaveBeenCalled();
    } finally {
      resolve.mockRestore();
    }
  });

  it("stops a billion-laughs document at the limit, counting every node an alias stands for", () => {
    const lol = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++)
      lol.push(
        `${"abcdefghi"[i]}: &${"abcdefghi"[i]} [${Array(10)
          .fill(`*${"abcdefghi"[i - 1]}`)
          .join(", ")}]`,
      );
    const doc = parseDocument(lol.join("\n"));
    expect(() => yamlToJs(doc, 10_000)).toThrow(YamlAliasError);
    // 11 nodes per *a: ten aliases of it fit under 111, the eleventh does not.
    expect(
      yamlToJs(parseDocument(`a: &a [1,2,3,4,5,6,7,8,9,10]\nb: [${Array(10).fill("*a").join(",")}]`), 110),
    ).toBeDefined();
    expect(() =>
      yamlToJs(parseDocument(`a: &a [1,2,3,4,5,6,7,8,9,10]\nb: [${Array(11).fill("*a").join(",")}]`), 110),
    ).toThrow(/more than 110/);
  });

  it("refuses an alias with no anchor before it, or inside its own anchor (yaml would build a cycle), at its line:col", () => {
    const r = parseYamlDocument("name: r\nlinks: *nothing\n", "r.yaml");
    expect(r.diagnostics?.[0]).toMatchObject({ code: "DOCUMENT_INVALID", line: 2, column: 8 });
    const cycle = parseYamlDocument("name: r\nlinks: &l [*l]\n", "c.yaml");
    expect(cycle.diagnostics?.[0]?.code).toBe("DOCUMENT_INVALID");
  });

  it("keeps __proto__ an own key and never touches Object.prototype", () => {
    const data = yamlToJs(parseDocument("__proto__: {polluted: 1}\nx: 1\n"), 10) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(["__proto__", "x"]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});
