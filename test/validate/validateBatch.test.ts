import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

import { afterEach, describe, expect, it, vi } from "vitest";

import { expandInputFiles, globToRegExp, VALIDATE_EXTENSIONS } from "../../src/cli/expandInputFiles.js";
import { runCli } from "../../src/cli/main.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const fixtures = join(root, "test", "fixtures");

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

/** Every URDF, xacro and SDF fixture, in the order a folder walk gives (entries sorted, depth first). */
function walkSorted(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) =>
      e.isDirectory()
        ? walkSorted(join(dir, e.name))
        : /\.(urdf|xacro|sdf|world)$/.test(e.name)
          ? [join(dir, e.name)]
          : [],
    );
}

describe("robokit validate over many files", () => {
  const files = walkSorted(fixtures);

  it("finds every URDF, xacro and SDF file below a folder, in sorted order, and nothing else", () => {
    expect(files.length).toBeGreaterThan(40);
    expect(expandInputFiles([fixtures], VALIDATE_EXTENSIONS)).toEqual(files);
  });

  it("a folder, sequential and with 2 worker threads, prints exactly what validating each file alone prints, in the same order, with the same exit code", async () => {
    let oneByOne = "";
    let anyInvalid = false;
    for (const f of files) {
      const r = await run(["validate", f]);
      oneByOne += r.stdout;
      anyInvalid ||= r.code === 1;
    }
    expect(anyInvalid).toBe(true);
    const sequential = await run(["validate", "-j", "1", fixtures]);
    expect(sequential.stdout).toBe(oneByOne);
    expect(sequential.code).toBe(1);
    const parallel = await run(["validate", "-j", "2", fixtures]);
    expect(parallel.stdout).toBe(oneByOne);
    expect(parallel.code).toBe(1);
    expect(parallel.stderr).toBe(sequential.stderr);
  }, 120_000);

  it("JSON output lists the files in argument order, folders and patterns expanded in place, each file once", async () => {
    const urdfs = files.filter((f) => f.endsWith(".urdf"));
    const one = join(fixtures, "sdf", "valid", "rover.sdf");
    const r = await run(["validate", "--format", "json", "-j", "2", one, join(fixtures, "urdf", "**", "*.urdf"), one]);
    const json = JSON.parse(r.stdout) as { files: { file: string }[] };
    expect(json.files.map((f) => f.file)).toEqual([one, ...[...urdfs].sort()]);
  }, 120_000);

  it("exits 0 when every file of a folder is valid, and 2 when a folder holds no URDF or SDF file", async () => {
    const valid = await run(["validate", join(fixtures, "urdf", "valid")]);
    expect(valid.code, valid.stdout).toBe(0);
    expect(valid.stderr).toMatch(/robokit: \d+ file\(s\) valid/);
    expect((await run(["validate", mkdtempSync(join(tmpdir(), "robokit-empty-"))])).code).toBe(2);
    expect((await run(["validate", "-j", "0", fixtures])).code).toBe(2);
  });

  it("globs: * stays in one folder, ** crosses folders, ? [] {} as in the shell", () => {
    expect(globToRegExp("*.sdf").test("a.sdf")).toBe(true);
    expect(globToRegExp("*.sdf").test("d/a.sdf")).toBe(false);
    expect(globToRegExp("**/*.sdf").test("a.sdf")).toBe(true);
    expect(globToRegExp("**/*.sdf").test("d/e/a.sdf")).toBe(true);
    expect(globToRegExp("d/?.{urdf,sdf}").test("d/a.urdf")).toBe(true);
    expect(globToRegExp("d/[!a]*").test("d/a.urdf")).toBe(false);
    expect(globToRegExp("d/[!a]*").test("d/b.urdf")).toBe(true);
    const cwd = process.cwd();
    try {
      process.chdir(fixtures);
      expect(expandInputFiles(["urdf/*/*.urdf"], VALIDATE_EXTENSIONS)).toEqual(
        files
          .filter((f) => f.endsWith(".urdf"))
          .map((f) => relative(fixtures, f))
          .sort(),
      );
    } finally {
      process.chdir(cwd);
    }
  });
});
