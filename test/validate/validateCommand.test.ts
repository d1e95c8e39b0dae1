import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterEach, describe, expect, it, vi } from "vitest";

import { runCli } from "../../src/cli/main.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures");

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  vi.spyOn(process.stdout, "write").mockImplementation(
    (chunk: string | Uint8Array) => ((stdout += String(chunk)), true),
  );
  vi.spyOn(process.stderr, "write").mockImplementation(
    (chunk: string | Uint8Array) => ((stderr += String(chunk)), true),
  );
  const code = await runCli(args);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}

afterEach(() => vi.restoreAllMocks());

describe("robokit validate", () => {
  it("exits 0 on valid files", async () => {
    const r = await run(["validate", join(fixtures, "urdf/valid/rover.urdf"), join(fixtures, "sdf/valid/rover.sdf")]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
  });

  it("prints one file:line:col: severity CODE: message [xmlPath] line per finding and exits 1", async () => {
    const file = join(fixtures, "sdf/invalid/joint_parent_invalid.sdf");
    const r = await run(["validate", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      `${file}:4:34: error JOINT_PARENT_LINK_INVALID: parent frame [nope] of joint [j] not found in model [m] [/sdf/model[@name="m"]/joint[@name="j"]/parent]\n`,
    );
  });

  it("prints JSON with --format json", async () => {
    const file = join(fixtures, "urdf/invalid/zero_axis.urdf");
    const r = await run(["validate", "--format", "json", file]);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as {
      errors: number;
      files: { file: string; valid: boolean; diagnostics: { code: string; line: number; severity: string }[] }[];
    };
    expect(json.errors).toBe(1);
    expect(json.files[0]).toMatchObject({ file, valid: false });
    // One error, listed with its line in the JSON.
    expect(json.files[0]?.diagnostics.filter((d) => d.severity === "error")).toMatchObject([
      { code: "JOINT_AXIS_ZERO", line: 3 },
    ]);
  });

  it("warnings alone exit 0, but --strict makes them errors", async () => {
    const file = join(fixtures, "sdf/invalid/unknown_element.sdf");
    expect((await run(["validate", file])).code).toBe(0);
    expect((await run(["validate", "--strict", file])).code).toBe(1);
  });

  it("exits 2 on usage errors and 1 on a missing file", async () => {
    expect((await run(["validate"])).code).toBe(2);
    expect((await run(["validate", "--format", "yaml", join(fixtures, "urdf/valid/rover.urdf")])).code).toBe(2);
    const missing = await run(["validate", join(fixtures, "no_such_file.urdf")]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain("FILE_READ_ERROR");
  });
});
