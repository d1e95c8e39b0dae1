import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";

import { diagnosticCodes } from "../../src/diagnostics/codes.js";
import { formatDiagnosticsSarif } from "../../src/diagnostics/formatDiagnosticsSarif.js";
import { runCliInProcess } from "../support/runCliInProcess.js";

const FIXTURE = "test/fixtures/xacro/zero_axis_macro.urdf.xacro";

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: object } }[];
  relatedLocations?: { physicalLocation: { region: { startLine: number } }; message: { text: string } }[];
}

async function sarifOf(args: string[]): Promise<{ code: number; log: Record<string, unknown>; text: string }> {
  const run = await runCliInProcess(["validate", "--format", "sarif", ...args]);
  return { code: run.code, log: JSON.parse(run.stdout) as Record<string, unknown>, text: run.stdout };
}

function resultsOf(log: Record<string, unknown>): SarifResult[] {
  return (log["runs"] as { results: SarifResult[] }[])[0]!.results;
}

/** The SARIF schema's format keywords ajv checks: a URI has a scheme, a URI reference is any string. */
function schemaValidator(): (data: unknown) => boolean {
  const schema = JSON.parse(readFileSync("test/data/sarif/sarif-2.1.0.json", "utf8")) as Record<string, unknown>;
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  ajv.addFormat("uri", /^[A-Za-z][A-Za-z0-9+.-]*:/);
  ajv.addFormat("uri-reference", /^/);
  ajv.addFormat("date-time", /^\d{4}-\d\d-\d\dT/);
  const validate = ajv.compile(schema);
  return (data) => {
    const ok = validate(data);
    if (!ok) process.stderr.write(`${JSON.stringify(validate.errors, null, 1)}\n`);
    return ok;
  };
}

/** Microsoft's SARIF validator (npm @microsoft/sarif-multitool, a .NET binary), or undefined. */
function sarifMultitool(): string | undefined {
  try {
    const binary = createRequire(import.meta.url)("@microsoft/sarif-multitool") as string;
    const probe = spawnSync(binary, ["--version"], { encoding: "utf8", timeout: 60_000 });
    if (probe.status === 0) return binary;
  } catch {
    // not installed
  }
  const why = "Microsoft's SARIF validator (npm install --no-save @microsoft/sarif-multitool, see .ci/run)";
  if (process.env["CI"] === "true") throw new Error(`${why} is missing in CI; .ci/run must install it`);
  process.stderr.write(`\n*** SKIPPED: ${why} is not installed ***\n\n`);
  return undefined;
}

/** The error and warning results of `sarif-multitool validate` on a log. */
function multitoolFindings(binary: string, log: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), "robokit-sarif-"));
  writeFileSync(join(dir, "in.sarif"), log);
  const run = spawnSync(
    binary,
    [
      "validate",
      join(dir, "in.sarif"),
      "-o",
      join(dir, "out.sarif"),
      "--log",
      "ForceOverwrite",
      "--level",
      "Error;Warning",
    ],
    { encoding: "utf8", timeout: 120_000 },
  );
  expect(run.status, run.stdout + run.stderr).toBe(0);
  const out = JSON.parse(readFileSync(join(dir, "out.sarif"), "utf8")) as {
    runs: { results: { ruleId: string; message: { arguments?: string[] } }[] }[];
  };
  return out.runs[0]!.results.map((r) => `${r.ruleId} ${(r.message.arguments ?? []).join(" ")}`);
}

describe("validate --format sarif", () => {
  it("reports a macro's error at the xacro line of the macro body, with the call chain as relatedLocations", async () => {
    const { code, log } = await sarifOf([FIXTURE]);
    expect(code).toBe(1);
    const axis = resultsOf(log).find((r) => r.ruleId === "JOINT_AXIS_ZERO");
    expect(axis).toBeDefined();
    expect(axis!.level).toBe("error");
    expect(axis!.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: FIXTURE, uriBaseId: "SRCROOT" });
    expect(axis!.locations[0]!.physicalLocation.region).toEqual({ startLine: 11, startColumn: 7 });
    expect(axis!.relatedLocations?.map((r) => [r.physicalLocation.region.startLine, r.message.text])).toEqual([
      [16, "macro wheel called here"],
      [4, "macro wheel defined here"],
    ]);
  });

  it("has one rule per diagnostic code and results pointing at their rule", async () => {
    const { log } = await sarifOf([FIXTURE, "test/fixtures/sdf/invalid/unknown_element.sdf"]);
    const rules = (log["runs"] as { tool: { driver: { rules: { id: string; help: { text: string } }[] } } }[])[0]!.tool
      .driver.rules;
    expect(rules.map((r) => r.id)).toEqual(Object.keys(diagnosticCodes));
    for (const r of resultsOf(log)) expect(rules[r.ruleIndex]?.id).toBe(r.ruleId);
    const unknown = rules.find((r) => r.id === "ELEMENT_UNRECOGNIZED");
    expect(unknown?.help.text).toContain("consumers ignore it");
    expect(resultsOf(log).some((r) => r.ruleId === "ELEMENT_UNRECOGNIZED" && r.level === "warning")).toBe(true);
  });

  it("meets the SARIF 2.1.0 JSON schema, and the schema check can fail", async () => {
    const valid = schemaValidator();
    const { log } = await sarifOf([FIXTURE, "test/fixtures/urdf/invalid/two_parents.urdf"]);
    expect(valid(log)).toBe(true);
    const broken = structuredClone(log) as { runs: { results: { level: string }[] }[] };
    broken.runs[0]!.results[0]!.level = "fatal";
    expect(valid(broken)).toBe(false);
  });

  it("encodes absolute and odd paths as URIs", () => {
    const text = formatDiagnosticsSarif(
      [
        {
          file: "/abs/my robot.urdf",
          diagnostics: [{ code: "XML_ERROR", severity: "error", message: "m", file: "/abs/my robot.urdf", line: 2 }],
        },
        {
          file: "./a#b.urdf",
          diagnostics: [{ code: "XML_ERROR", severity: "info", message: "m", file: "./a#b.urdf" }],
        },
      ],
      { toolVersion: "0.0.0" },
    );
    const results = resultsOf(JSON.parse(text) as Record<string, unknown>);
    expect(results.map((r) => r.locations[0]!.physicalLocation.artifactLocation)).toEqual([
      { uri: "file:///abs/my%20robot.urdf" },
      { uri: "a%23b.urdf", uriBaseId: "SRCROOT" },
    ]);
    expect(results.map((r) => r.level)).toEqual(["error", "note"]);
  });

  it("passes Microsoft's SARIF validator, which rejects a broken log", async () => {
    const binary = sarifMultitool();
    if (binary === undefined) return;
    const { text, log } = await sarifOf([FIXTURE, "test/fixtures/sdf/invalid/unknown_element.sdf"]);
    expect(multitoolFindings(binary, text)).toEqual([]);
    const broken = structuredClone(log) as { runs: { results: { ruleIndex: number }[] }[] };
    broken.runs[0]!.results[0]!.ruleIndex = 999;
    expect(multitoolFindings(binary, JSON.stringify(broken)).join("\n")).toContain("SARIF1009");
  }, 120_000);
});
