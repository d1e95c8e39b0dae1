import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { globMatcher } from "./globMatcher.js";

/** The plain meaning of a `*` glob, by a regular expression (fine on short strings). */
function reference(pattern: string, name: string): boolean {
  const source = pattern
    .split("*")
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`, "s").test(name);
}

describe("globMatcher", () => {
  it("matches as the regular expression of its stars would (property)", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", "*", ".", "_"), maxLength: 10 });
    fc.assert(
      fc.property(text, fc.string({ unit: fc.constantFrom("a", "b", ".", "_"), maxLength: 12 }), (pattern, name) => {
        expect(globMatcher(pattern)(name)).toBe(reference(pattern, name));
      }),
      { numRuns: 2000 },
    );
  });

  it("answers at once for a pattern of twenty stars against a long name that almost matches", {
    timeout: 5_000,
  }, () => {
    const match = globMatcher(`${"*a".repeat(20)}*b`);
    expect(match("a".repeat(256))).toBe(false);
    expect(match(`${"a".repeat(255)}b`)).toBe(true);
  });
});
