import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

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

  it("a 50 MB YAML robot is refused unread (INPUT_TOO_LARGE)", async () => {
    const yaml = sparse("big.yaml", "name: r\n", 50 * 1024 * 1024);
    const r = await runCliInProcess(["emit", yaml, "--format", "urdf"]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain("INPUT_TOO_LARGE");
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
      expect(r.diagnostics.map((d) => d.code), `depth ${depth}`).toEqual(["NESTING_TOO_DEEP"]);
    }
    const block = Array.from({ length: 300 }, (_, i) => `${" ".repeat(i)}- `).join("\n") + "0\n";
    expect(readRobotDocument(`name: r\nlinks:\n${block}`, "deep.yaml").diagnostics.map((d) => d.code)).toEqual(["NESTING_TOO_DEEP"]);
  });

  it("a document whose every item fails the schema: all errors, in order, and no validator copies its errors per item (was n², 30 s for 100,000 empty links)", () => {
    // The precompiled validators append a referenced validator's errors in place; ajv's own
    // code copied every error so far for each failing item (scripts/precompile-validators.ts).
    const validators = join(import.meta.dirname, "..", "..", "schemas", "validators");
    for (const f of readdirSync(validators).filter((x) => x.endsWith(".cjs"))) {
      expect(readFileSync(join(validators, f), "utf8"), f).not.toMatch(/vErrors\.concat\(/);
    }
    const n = 20_000;
    const read = readRobotDocument(JSON.stringify({ name: "r", links: Array.from({ length: n }, () => ({})) }), "empty.json");
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
