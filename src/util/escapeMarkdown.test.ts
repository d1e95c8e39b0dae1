import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { escapeMarkdown } from "./escapeMarkdown.js";

describe("escapeMarkdown", () => {
  it("keeps any text on one line with no unescaped Markdown punctuation (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const out = escapeMarkdown(text);
        expect(out).not.toMatch(/[\n\r\u2028\u2029]/);
        // Every ASCII punctuation character is preceded by a backslash that is not itself escaped.
        const unescaped = out.replace(/\\[!-/:-@[-`{-~]/g, "");
        expect(unescaped).not.toMatch(/[!-/:-@[-`{-~]/);
      }),
    );
  });

  it("turns a scenario name that writes its own table row and heading into one visible line", () => {
    expect(escapeMarkdown("paper\n| x | 1 |\n# pwned")).toBe("paper\\\\n\\| x \\| 1 \\|\\\\n\\# pwned");
  });
});
