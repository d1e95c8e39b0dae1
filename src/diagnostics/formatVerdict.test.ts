import { describe, expect, it } from "vitest";

import type { Diagnostic } from "./Diagnostic.js";
import { formatVerdict } from "./formatVerdict.js";

const d = (severity: Diagnostic["severity"]): Diagnostic => ({
  code: "X" as Diagnostic["code"],
  severity,
  message: "",
});

describe("formatVerdict", () => {
  it("says valid with the warnings, invalid with errors and warnings, and ignores notes", () => {
    expect(formatVerdict([{ file: "a", diagnostics: [d("info")] }])).toEqual({
      invalid: false,
      text: "1 file(s) valid",
    });
    expect(formatVerdict([{ file: "a", diagnostics: [d("warning"), d("info")] }]).text).toBe(
      "1 file(s) valid, 1 warning(s)",
    );
    expect(
      formatVerdict([
        { file: "a", diagnostics: [d("error"), d("warning")] },
        { file: "b", diagnostics: [d("warning")] },
      ]),
    ).toEqual({ invalid: true, text: "1 of 2 file(s) invalid, 1 error(s), 2 warning(s)" });
  });
});
