// @slow: builds inputs of hundreds of megabytes and millions of elements (vitest project `slow`).
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { unpackValidator } from "../../scripts/packValidator.js";
import { readRobotDocument } from "../../src/model/readRobotDocument.js";
import { readXml } from "../../src/parse/readXml.js";
import { INPUT_LIMITS } from "../../src/util/inputLimits.js";
import { validateFile } from "../../src/validate/validateFile.js";
import { runCliInProcess } from "../support/runCliInProcess.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-limits-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A sparse file of `bytes` bytes that starts with `head`: huge on paper, free on disk. */
function sparse(name: string, head: string, bytes: number): string {
  const path = join(dir, name);
  writeFileSync(path, head);
  truncateSync(path, bytes);
  return path;
}

describe("limits: each one a named diagnostic and exit 1, never a heap crash", () => {
  it("a 200 MB URDF is refused unread (INPUT_TOO_LARGE) by convert and validate", async () => {
    const urdf = sparse("big.urdf", `<robot name="r">`, 200 * 1024 * 1024);
    const c = await runCliInProcess(["convert", urdf, "--to", "sdf"]);
    expect(c.code, c.stderr).toBe(1);
    expect(c.stderr).toContain("INPUT_TOO_LARGE");
    const v = await runCliInProcess(["validate", urdf]);
    expect(v.code).toBe(1);
    expect(v.stdout).toContain("INPUT_TOO_LARGE");
  });

  it("a robot document over the size limit is refused unread (INPUT_TOO_LARGE)", async () => {
    const yaml = sparse("big.yaml", "name: r\n", INPUT_LIMITS.maxDocumentBytes + 1);
    const r = await runCliInProcess(["emit", yaml, "--format", "urdf"]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain("INPUT_TOO_LARGE");
  });

  it("a 50 MB YAML robot (it used to end in a V8 heap crash) is refused before parsing: TOO_MANY_ELEMENTS", async () => {
    // Real YAML, not padding: the YAML parser takes ~500 bytes per value, so YAML has its own value limit.
    const link = (i: number): string =>
      `  - name: link_${i}\n    inertial: {mass: 1, inertia: {ixx: 0.1, iyy: 0.1, izz: 0.1}}\n`;
    const parts = ["name: r\nlinks:\n"];
    let bytes = 0;
    for (let i = 0; bytes < 50 * 1024 * 1024; i++) {
      const l = link(i);
      parts.push(l);
      bytes += l.length;
    }
    const yaml = join(dir, "fifty.yaml");
    writeFileSync(yaml, parts.join(""));
    const r = await runCliInProcess(["emit", yaml, "--format", "urdf"]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /TOO_MANY_ELEMENTS: .*robokit reads at most 2000000 in YAML \(write larger robots as JSON\)/,
    );
  });

  it("JSON has its own, larger value limit (a 100,000-link chain has 11 million separators), checked before parsing", () => {
    const over = `{"name":"r","links":[${"0,".repeat(INPUT_LIMITS.maxJsonNodes)}0]}`;
    expect(readRobotDocument(over, "many.json").diagnostics.map((d) => d.code)).toEqual(["TOO_MANY_ELEMENTS"]);
    // Above the YAML limit but within JSON's: read (and its schema errors have no line:col, only a JSON pointer).
    const n = INPUT_LIMITS.maxYamlNodes;
    const read = readRobotDocument(`{"name":"r","links":[{"name":"l","extra":[${"0,".repeat(n)}0]}]}`, "wide.json");
    expect(read.diagnostics[0]).toMatchObject({ code: "DOCUMENT_INVALID", jsonPath: "/links/0/extra" });
    expect(read.diagnostics[0]?.line).toBeUndefined();
    // Broken JSON too large for the YAML reader: JSON.parse's own message, not a heap crash.
    const broken = readRobotDocument(`{"name":"r","links":[${"0,".repeat(n)}0}`, "broken.json");
    expect(broken.diagnostics).toHaveLength(1);
    expect(broken.diagnostics[0]).toMatchObject({
      code: "DOCUMENT_INVALID",
      message: expect.stringMatching(/^not valid JSON: /),
    });
  });

  it("a document of 200,000 failing items reports the first 10,000 schema errors and TOO_MANY_ERRORS (8 million used to exhaust memory)", () => {
    const n = INPUT_LIMITS.maxDocumentLinks;
    const read = readRobotDocument(
      JSON.stringify({ name: "r", links: Array.from({ length: n }, () => ({})) }),
      "empty.json",
    );
    expect(read.robot).toBeUndefined();
    const errors = read.diagnostics.filter((d) => d.code === "DOCUMENT_INVALID");
    expect(errors).toHaveLength(INPUT_LIMITS.maxSchemaErrors);
    expect(errors.map((d) => d.jsonPath)).toEqual(
      Array.from({ length: INPUT_LIMITS.maxSchemaErrors }, (_, i) => `/links/${i}`),
    );
    expect(read.diagnostics.filter((d) => d.code === "TOO_MANY_ERRORS")).toHaveLength(1);
  });

  it("an SDF whose every element is unknown: the schema check stops at 10,000 errors and says so", () => {
    const n = 30_000;
    const sdf = `<sdf version="1.9"><model name="m"><link name="l"/>${Array.from({ length: n }, (_, i) => `<bogus${i}/>`).join("")}</model></sdf>`;
    const diagnostics = validateFile(sdf, "bogus.sdf", { strict: false });
    const unknown = diagnostics.filter((d) => d.code === "ELEMENT_UNRECOGNIZED" || d.code === "ELEMENT_INVALID");
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.length).toBeLessThanOrEqual(INPUT_LIMITS.maxSchemaErrors);
    expect(diagnostics.some((d) => d.code === "TOO_MANY_ERRORS")).toBe(true);
  });

  it("past 10,000 diagnostics of one code, the rest are counted in one TOO_MANY_ERRORS note (3.2 million used to take 4 GB)", () => {
    const n = 25_000;
    // Every link has a negative mass: one LINK_INERTIA_INVALID error each.
    const bad = '<inertial><mass value="-1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>';
    const urdf = `<robot name="r">${Array.from({ length: n }, (_, i) => `<link name="l${i}">${bad}</link>`).join("")}</robot>`;
    const diagnostics = validateFile(urdf, "wide.urdf", { strict: false });
    const negative = diagnostics.filter((d) => d.code === "LINK_INERTIA_INVALID");
    expect(negative).toHaveLength(INPUT_LIMITS.maxDiagnosticsPerCode);
    const notes = diagnostics.filter((d) => d.code === "TOO_MANY_ERRORS");
    expect(notes.map((d) => d.message)).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${n - INPUT_LIMITS.maxDiagnosticsPerCode} more LINK_INERTIA_INVALID diagnostics not shown`),
      ),
    );
    expect(notes.every((d) => d.severity === "info")).toBe(true);
  });

  it("more links and joints than the limit: TOO_MANY_ELEMENTS before any tree or model (3.2 million bare links took 3-8 GB)", () => {
    const n = INPUT_LIMITS.maxLinksAndJoints;
    const ok = `<robot name="r">${'<link name="l"/>'.repeat(n)}</robot>`;
    expect(readXml(ok, "at.urdf").diagnostics).toEqual([]);
    // <link_name> and <joints> are other elements; <link> with attributes or children counts.
    const over = `<robot name="r">${"<link_name/><joints/>".repeat(10)}${'<link name="l"/>'.repeat(n - 1)}<joint\nname="j"/></robot>`;
    expect(readXml(over, "at.urdf").diagnostics).toEqual([]);
    const r = readXml(`${over.slice(0, -"</robot>".length)}<link>\n</link></robot>`, "over.urdf");
    expect(r.document.root).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.code, d.line])).toEqual([["TOO_MANY_ELEMENTS", 2]]);
    const documentOver = readRobotDocument(
      JSON.stringify({
        name: "r",
        links: Array.from({ length: INPUT_LIMITS.maxDocumentLinks + 1 }, (_, i) => ({ name: `l${i}` })),
      }),
      "many.json",
    );
    expect(documentOver.diagnostics.map((d) => [d.code, d.jsonPath])).toEqual([["TOO_MANY_ELEMENTS", "/links"]]);
  });

  it("more XML elements than the limit: TOO_MANY_ELEMENTS before any tree is built", () => {
    const text = `<robot name="r">${"<a/>".repeat(INPUT_LIMITS.maxElements)}</robot>`;
    const r = readXml(text, "many.urdf");
    expect(r.document.root).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code)).toEqual(["TOO_MANY_ELEMENTS"]);
    expect(r.diagnostics[0]?.line).toBe(1);
  });

  it("more YAML values than the limit: TOO_MANY_ELEMENTS before parsing", () => {
    const text = `name: r\nlinks: [${"0,".repeat(INPUT_LIMITS.maxYamlNodes)}0]\n`;
    const r = readRobotDocument(text, "many.yaml");
    expect(r.diagnostics.map((d) => d.code)).toEqual(["TOO_MANY_ELEMENTS"]);
  });

  it("YAML nested deeper than the limit: NESTING_TOO_DEEP (flow and block)", () => {
    for (const depth of [300, 5_000, 100_000]) {
      const r = readRobotDocument(`name: r\nlinks: ${"[".repeat(depth)}${"]".repeat(depth)}\n`, "deep.yaml");
      expect(
        r.diagnostics.map((d) => d.code),
        `depth ${depth}`,
      ).toEqual(["NESTING_TOO_DEEP"]);
    }
    const block = `${Array.from({ length: 300 }, (_, i) => `${" ".repeat(i)}- `).join("\n")}0\n`;
    expect(readRobotDocument(`name: r\nlinks:\n${block}`, "deep.yaml").diagnostics.map((d) => d.code)).toEqual([
      "NESTING_TOO_DEEP",
    ]);
  });

  it("a document whose every item fails the schema: all errors, in order, and no validator copies its errors per item (was n², 30 s for 100,000 empty links)", () => {
    // The precompiled validators append a referenced validator's errors in place; ajv's own
    // code copied every error so far for each failing item (scripts/precompile-validators.ts).
    // The code is minified (locals renamed) and large modules are deflated: look at the code itself.
    const validators = join(import.meta.dirname, "..", "..", "schemas", "validators");
    for (const f of readdirSync(validators).filter((x) => x.endsWith(".cjs"))) {
      const code = unpackValidator(readFileSync(join(validators, f), "utf8")).code;
      expect(code, f).toMatch(/\.push\(/);
      expect(code, f).not.toMatch(/\.concat\(/);
    }
    const n = INPUT_LIMITS.maxSchemaErrors - 1; // all reported: below the error limit
    const read = readRobotDocument(
      JSON.stringify({ name: "r", links: Array.from({ length: n }, () => ({})) }),
      "empty.json",
    );
    expect(read.robot).toBeUndefined();
    expect(read.diagnostics).toHaveLength(n);
    expect(read.diagnostics[0]!.jsonPath).toBe("/links/0");
    expect(read.diagnostics[n - 1]!.jsonPath).toBe(`/links/${n - 1}`);
  });

  it("130,000 children of <robot> are all checked: no 'robokit bug', no rule skipped", () => {
    const n = 130_000;
    const urdf = `<robot name="r"><material name="m"><color rgba="2 0 0 1"/></material>${Array.from({ length: n }, (_, i) => `<link name="l${i}"/>`).join("")}</robot>`;
    const diagnostics = validateFile(urdf, "wide.urdf", { strict: false });
    expect(diagnostics.filter((d) => d.code === "INTERNAL_ERROR")).toEqual([]);
    // colorRange walks every element (it used to overflow the stack spreading 130,000 children).
    expect(diagnostics.some((d) => d.code === "ELEMENT_INVALID" || d.message.includes("rgba"))).toBe(true);
    expect(diagnostics.some((d) => d.code === "MODEL_MULTIPLE_ROOTS")).toBe(true);
  });
});
