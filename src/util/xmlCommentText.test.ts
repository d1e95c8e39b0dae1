import fc from "fast-check";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";

import { xmlCommentText } from "./xmlCommentText.js";

describe("xmlCommentText", () => {
  it("makes any text a well-formed comment, and changes only what XML forbids (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const safe = xmlCommentText(text);
        expect(safe).not.toContain("--");
        expect(safe.endsWith("-")).toBe(false);
        expect(XMLValidator.validate(`<a><!--${safe}--></a>`)).toBe(true);
        expect(xmlCommentText(safe)).toBe(safe);
        if (!/--|-$|[\0-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]/.test(text)) expect(safe).toBe(text);
      }),
    );
  });

  it("writes a file name like arm--v2.urdf.xacro so that the comment stays one comment", () => {
    expect(xmlCommentText("arm--v2.urdf.xacro")).toBe("arm- -v2.urdf.xacro");
    expect(xmlCommentText("a---")).toBe("a- - - ");
  });
});
