import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";

import { InputError } from "../../src/cli/errors.js";
import { reportError } from "../../src/cli/reportError.js";
import { escapeTerminal } from "../../src/diagnostics/escapeTerminal.js";
import { formatDiagnostic } from "../../src/diagnostics/formatDiagnostic.js";
import { runCliInProcess } from "../support/runCliInProcess.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-term-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every character a terminal acts on (C0, DEL, C1, bidi controls, line separators). */
const ACTIVE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe("escapeTerminal: input never reaches the terminal as control characters", () => {
  it("shows ESC, CR, LF, C1 and bidi overrides as visible escapes", () => {
    expect(escapeTerminal("a\u001b[2Jb")).toBe("a\\x1b[2Jb");
    expect(escapeTerminal("x\ry")).toBe("x\\ry");
    expect(escapeTerminal("x\ny")).toBe("x\\ny");
    expect(escapeTerminal("\u009b31m")).toBe("\\x9b31m");
    expect(escapeTerminal("abc\u202edilav")).toBe("abc\\u202edilav");
    expect(escapeTerminal("\u0000\u007f\u2066")).toBe("\\x00\\x7f\\u2066");
    expect(escapeTerminal("a\nb\rc", true)).toBe("a\nb\\rc");
  });

  it("keeps printable text, including non-ASCII letters, unchanged", () => {
    expect(escapeTerminal("base_link ünïcode 機器人 → ok")).toBe("base_link ünïcode 機器人 → ok");
  });

  it("property: the output holds no active character, and text without one is unchanged", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const out = escapeTerminal(s);
        expect(ACTIVE.test(out)).toBe(false);
        if (!ACTIVE.test(s)) expect(out).toBe(s);
      }),
    );
  });

  it("formatDiagnostic escapes the file, message, hint and path (a name cannot paint a fake line)", () => {
    const line = formatDiagnostic({
      code: "NAME_INVALID",
      severity: "error",
      message: 'link "x\r\u001b[32mvalid\u001b[0m" is bad',
      file: "ro\u202ebot.urdf",
      line: 3,
      column: 5,
      xmlPath: "/robot/link[@name='\u001b[2K']",
      hint: "rename\nit",
    });
    expect(ACTIVE.test(line)).toBe(false);
    expect(line).toContain("\\r\\x1b[32mvalid\\x1b[0m");
    expect(line).toContain("ro\\u202ebot.urdf:3:5");
    expect(line).toContain("(rename\\nit)");
  });

  it("reportError escapes the message line and each diagnostic", () => {
    let text = "";
    const code = reportError(
      new InputError("bad\u001b]0;title\u0007 robot", [
        { code: "DOCUMENT_INVALID", severity: "error", message: "\u202efake", file: "f\r.yaml" },
      ]),
      (t) => (text += t),
      false,
    );
    expect(code).toBe(1);
    expect(ACTIVE.test(text.replace(/\n/g, ""))).toBe(false);
    expect(text).toContain("bad\\x1b]0;title\\x07 robot");
    expect(text).toContain("f\\r.yaml");
    expect(text).toContain("\\u202efake");
  });

  it("validate's text output shows ESC, CR and U+202E in a link name escaped", async () => {
    // CR as a character reference: a raw CR in XML is read as a line end.
    const name = "a\u001b[2K&#13;valid\u202egb";
    const file = join(dir, "evil.urdf");
    // A joint whose child names the odd link: the rules quote the name in their message.
    writeFileSync(
      file,
      `<?xml version="1.0"?>\n<robot name="r">\n  <link name="base"/>\n  <joint name="j" type="fixed">\n    <parent link="base"/>\n    <child link="${name}"/>\n  </joint>\n</robot>\n`,
    );
    const r = await runCliInProcess(["validate", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("\\x1b[2K\\rvalid\\u202egb");
    expect(ACTIVE.test(r.stdout.replace(/\n/g, ""))).toBe(false);
    expect(ACTIVE.test(r.stderr.replace(/\n/g, ""))).toBe(false);
  });

  it("commander's usage errors quote the argument escaped", async () => {
    const r = await runCliInProcess(["validate", "--x\u001b[2Jy"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--x\\x1b[2Jy'");
    expect(ACTIVE.test(r.stderr.replace(/\n/g, ""))).toBe(false);
    const c = await runCliInProcess(["fro\u202eb"]);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain("unknown command 'fro\\u202eb'");
  });
});
