import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { decodeUtf8 } from "./decodeUtf8.js";

describe("decodeUtf8", () => {
  it("property: gives the text UTF-8 decoding gives, for ASCII and any other text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" })), (text) => {
        const bytes = Buffer.from(text, "utf8");
        expect(decodeUtf8(bytes)).toBe(bytes.toString("utf8"));
        // A view into a larger buffer decodes only its own bytes.
        const padded = Buffer.concat([Buffer.from("x\u00e9"), bytes, Buffer.from("\u00e9y")]);
        expect(decodeUtf8(padded.subarray(3, 3 + bytes.length))).toBe(bytes.toString("utf8"));
      }),
    );
  });
});
