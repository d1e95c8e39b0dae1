import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { escapeTerminal } from "../diagnostics/escapeTerminal.js";
import { markdownCodeSpan } from "./markdownCodeSpan.js";

/** The content CommonMark reads from a code span, or undefined when `s` is not one whole span. */
function readCodeSpan(s: string): string | undefined {
  const open = /^`+/.exec(s)?.[0];
  if (open === undefined || !s.endsWith(open) || s.length < 2 * open.length) return undefined;
  const inner = s.slice(open.length, s.length - open.length);
  // A backtick run of the fence's length inside would close the span there.
  for (const run of inner.match(/`+/g) ?? []) if (run.length === open.length) return undefined;
  // The closing fence must not be part of a longer run.
  if (inner.endsWith("`") || inner.startsWith("`")) return undefined;
  const padded = inner.length >= 2 && inner.startsWith(" ") && inner.endsWith(" ") && inner.trim() !== "";
  return padded ? inner.slice(1, -1) : inner;
}

describe("markdownCodeSpan", () => {
  it("is one code span whose content is the text as shown, for any text (backticks, links, HTML, controls)", () => {
    const chars = fc.constantFrom("`", " ", "a", "[", "]", "(", ")", "!", "<", ">", "\n", "\r", "\u001b", "\\", "*");
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(chars, { maxLength: 12 }).map((a) => a.join("")),
        ),
        (text) => {
          const shown = escapeTerminal(text.replace(/\r\n?|\n/g, " "));
          const span = markdownCodeSpan(text);
          expect(span).not.toMatch(/[\n\r]/);
          expect(readCodeSpan(span)).toBe(shown === "" ? " " : shown);
        },
      ),
    );
  });

  it("fences a value with backtick runs by a longer run", () => {
    expect(markdownCodeSpan("a`` [x](http://e)")).toBe("```a`` [x](http://e)```");
    expect(markdownCodeSpan("`x")).toBe("`` `x ``");
    expect(readCodeSpan(markdownCodeSpan(" "))).toBe(" ");
    expect(readCodeSpan(markdownCodeSpan(" a "))).toBe(" a ");
  });
});
