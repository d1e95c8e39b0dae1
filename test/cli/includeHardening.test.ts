import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { validatePath } from "../../src/cli/commands/validateCommand.js";
import { runCli } from "../../src/cli/main.js";
import { diskIncludeResolver } from "../../src/cli/resolve/diskIncludeResolver.js";
import type { Diagnostic } from "../../src/diagnostics/Diagnostic.js";
import { validateFile } from "../../src/validate/validateFile.js";

// <include> reads files from strangers. Each case below ran unbounded before.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "robokit-include-"));
});
afterEach(() => vi.restoreAllMocks());

const model = (name: string, body = ""): string =>
  `<?xml version="1.0"?>\n<sdf version="1.9">\n  <model name="${name}">\n    <link name="l"/>\n${body}  </model>\n</sdf>\n`;
const include = (uri: string, name?: string): string =>
  `    <include><uri>${uri}</uri>${name === undefined ? "" : `<name>${name}</name>`}</include>\n`;
const world = (body: string): string =>
  `<?xml version="1.0"?>\n<sdf version="1.9">\n  <world name="w">\n${body}  </world>\n</sdf>\n`;

function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.filter((d) => d.severity === "error").map((d) => d.code);
}

function validate(file: string, searchPaths: string[] = []): readonly Diagnostic[] {
  return validatePath(file, { searchPaths, displayName: "top.sdf" }).diagnostics;
}

describe("include hardening", () => {
  it("refuses /dev/zero as an include outside the allowed folders, and as a non-regular file when its folder is a search path", () => {
    writeFileSync(join(dir, "top.sdf"), world(include("/dev/zero")));
    expect(codes(validate(join(dir, "top.sdf")))).toEqual(["INCLUDE_OUTSIDE_ROOTS"]);
    expect(codes(validate(join(dir, "top.sdf"), ["/dev"]))).toEqual(["INCLUDE_NOT_REGULAR_FILE"]);
  });

  it("refuses a FIFO without opening it (it would block forever)", () => {
    execFileSync("mkfifo", [join(dir, "pipe.sdf")]);
    writeFileSync(join(dir, "top.sdf"), world(include("pipe.sdf")));
    expect(codes(validate(join(dir, "top.sdf")))).toEqual(["INCLUDE_NOT_REGULAR_FILE"]);
  }, 10_000);

  it("refuses a folder where a file is expected (model.config naming a folder, itself included)", () => {
    mkdirSync(join(dir, "m"));
    writeFileSync(join(dir, "m", "model.config"), "<model><sdf version='1.9'>.</sdf></model>");
    writeFileSync(join(dir, "top.sdf"), world(include("m")));
    expect(codes(validate(join(dir, "top.sdf")))).toEqual(["INCLUDE_NOT_REGULAR_FILE"]);
    mkdirSync(join(dir, "empty"));
    writeFileSync(join(dir, "top.sdf"), world(include("empty")));
    expect(codes(validate(join(dir, "top.sdf")))).toEqual(["URI_LOOKUP"]);
  });

  it("stops a folder that includes itself through a symlink at the first repetition", () => {
    const m = join(dir, "m");
    mkdirSync(m);
    symlinkSync(".", join(m, "self"));
    writeFileSync(join(m, "model.sdf"), model("m", include("self/model.sdf", "again")));
    const found = validatePath(join(m, "model.sdf"), { displayName: "model.sdf" }).diagnostics;
    expect(codes(found)).toEqual(["URI_LOOKUP"]);
    expect(found.find((d) => d.code === "URI_LOOKUP")?.message).toMatch(/includes itself/);
  }, 10_000);

  it("reads and validates each file of a 25-file chain that includes the next twice once (linear, not 2^25)", () => {
    const n = 25;
    for (let i = 0; i < n; i++) {
      const body = i === n - 1 ? "" : include(`f${i + 1}.sdf`, "a") + include(`f${i + 1}.sdf`, "b");
      writeFileSync(join(dir, `f${i}.sdf`), model(`m${i}`, body));
    }
    const resolver = diskIncludeResolver({ models: [], packages: [] }, join(dir, "f0.sdf"), "f0.sdf");
    let calls = 0;
    const counted = (uri: string, from: string): ReturnType<typeof resolver> => {
      calls++;
      if (calls > 1000) throw new Error("include resolution is not linear");
      return resolver(uri, from);
    };
    const found = validateFile(model("m0", include("f1.sdf", "a") + include("f1.sdf", "b")), "f0.sdf", {
      resolveInclude: counted,
    });
    expect(codes(found)).toEqual([]);
    expect(calls).toBe(2 * (n - 1));
  });

  it("never quotes the bytes of an included file that is not SDF", () => {
    writeFileSync(join(dir, "secret.txt"), "SECRET_TOKEN=hunter2\n");
    writeFileSync(join(dir, "page.xml"), "<html><body>SECRET_TOKEN=hunter2</body></html>\n");
    for (const target of ["secret.txt", "page.xml"]) {
      writeFileSync(join(dir, "top.sdf"), world(include(target)));
      const found = validate(join(dir, "top.sdf"));
      expect(codes(found)).toEqual(["INCLUDE_NOT_SDF"]);
      const text = JSON.stringify(found);
      expect(text).not.toMatch(/SECRET|hunter2|<html|body|char 'S'/);
    }
  });

  it("refuses includes outside the top-level file's folder and the search paths, also through a symlink", () => {
    const outside = mkdtempSync(join(tmpdir(), "robokit-outside-"));
    writeFileSync(join(outside, "model.sdf"), model("o"));
    const inner = join(dir, "inner");
    mkdirSync(inner);
    symlinkSync(outside, join(inner, "link"));
    writeFileSync(join(inner, "top.sdf"), world(include(join(outside, "model.sdf")) + include("link/model.sdf", "o2")));
    expect(codes(validate(join(inner, "top.sdf")))).toEqual(["INCLUDE_OUTSIDE_ROOTS", "INCLUDE_OUTSIDE_ROOTS"]);
    expect(codes(validate(join(inner, "top.sdf"), [outside]))).toEqual([]);
  });

  it("caps the size of one included file, the total and the depth", () => {
    writeFileSync(join(dir, "big.sdf"), model("big", `<!-- ${"x".repeat(5000)} -->\n`));
    writeFileSync(join(dir, "top.sdf"), world(include("big.sdf")));
    const top = world(include("big.sdf"));
    const small = diskIncludeResolver({ models: [], packages: [] }, join(dir, "top.sdf"), "top.sdf", {
      maxFileBytes: 1000,
      maxTotalBytes: 100_000,
    });
    expect(codes(validateFile(top, "top.sdf", { resolveInclude: small }))).toEqual(["INCLUDE_TOO_LARGE"]);
    writeFileSync(join(dir, "a.sdf"), model("a"));
    const total = diskIncludeResolver({ models: [], packages: [] }, join(dir, "top.sdf"), "top.sdf", {
      maxFileBytes: 100_000,
      maxTotalBytes: 5000,
    });
    expect(
      codes(validateFile(world(include("a.sdf") + include("big.sdf")), "top.sdf", { resolveInclude: total })),
    ).toEqual(["INCLUDE_TOTAL_TOO_LARGE"]);
    for (let i = 0; i < 40; i++)
      writeFileSync(join(dir, `d${i}.sdf`), model(`d${i}`, i === 39 ? "" : include(`d${i + 1}.sdf`)));
    const deep = validatePath(join(dir, "d0.sdf"), { displayName: "d0.sdf" }).diagnostics;
    expect(codes(deep)).toEqual(["INCLUDE_DEPTH_EXCEEDED"]);
  });

  it("exits 1 with the named diagnostic from the CLI", async () => {
    writeFileSync(join(dir, "top.sdf"), world(include("/dev/zero")));
    let out = "";
    vi.spyOn(process.stdout, "write").mockImplementation((c: string | Uint8Array) => ((out += String(c)), true));
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const code = await runCli(["validate", join(dir, "top.sdf")]);
    vi.restoreAllMocks();
    expect(code).toBe(1);
    expect(out).toMatch(/INCLUDE_OUTSIDE_ROOTS/);
  });
});
