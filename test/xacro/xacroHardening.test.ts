import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { expandXacro } from "../../src/parse/xacro/expandXacro.js";
import { XACRO_LIMITS } from "../../src/parse/xacro/XacroBudget.js";
import { runCliInProcess } from "../support/runCliInProcess.js";

// Input limits for xacro: xacro:include and xacro.load_yaml read files from strangers. Before these
// bounds, an include of /dev/zero ended in a V8 heap crash (exit 134), of a FIFO blocked forever, of itself and of
// 22 files that include the next twice ended in exit 70 ("Maximum call stack size exceeded").

const dir = mkdtempSync(join(tmpdir(), "robokit-xacro-hard-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Links carry mass: libsdformat refuses a URDF whose links are all massless, which these tests are not about.
const MASS = '<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>';
const robot = (body: string): string =>
  `<?xml version="1.0"?>\n<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">\n  ${body}\n  <link name="a">${MASS}</link>\n</robot>\n`;

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The first error line of a validate run, and its exit code. */
async function validate(file: string, ...args: string[]): Promise<{ code: number; first: string }> {
  const r = await runCliInProcess(["validate", file, ...args]);
  return {
    code: r.code,
    first:
      r.stdout
        .split("\n")
        .concat(r.stderr.split("\n"))
        .find((l) => / error [A-Z_]+: /.test(l)) ?? `${r.stdout}\n${r.stderr}`,
  };
}

describe("xacro input is bounded like <include>", () => {
  it("refuses an include outside the file's workspace and the package search paths, at the include, without reading it", async () => {
    const file = write("zero.urdf.xacro", robot('<xacro:include filename="/dev/zero"/>'));
    expect(await validate(file)).toEqual({
      code: 1,
      first: expect.stringMatching(
        /zero\.urdf\.xacro:3:3: error INCLUDE_OUTSIDE_ROOTS: cannot include \/dev\/zero: it is outside/,
      ),
    });
  });

  it("refuses a symlink inside the folder that points outside it (the real path decides)", async () => {
    const outside = mkdtempSync(join(tmpdir(), "robokit-xacro-outside-"));
    try {
      writeFileSync(
        join(outside, "secret.xacro"),
        `<?xml version="1.0"?>\n<robot xmlns:xacro="http://www.ros.org/wiki/xacro"><joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint><link name="b">${MASS}</link></robot>\n`,
      );
      symlinkSync(join(outside, "secret.xacro"), join(dir, "link.xacro"));
      const file = write("symlink.urdf.xacro", robot('<xacro:include filename="link.xacro"/>'));
      expect((await validate(file)).first).toMatch(/error INCLUDE_OUTSIDE_ROOTS: cannot include .*link\.xacro/);
      // The same file is read when its folder is a package search path (-I).
      expect((await validate(file, "-I", outside)).code).toBe(0);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("refuses a FIFO without opening it (opening would wait for a writer forever)", async () => {
    execFileSync("mkfifo", [join(dir, "pipe.xacro")]);
    const file = write("fifo.urdf.xacro", robot('<xacro:include filename="pipe.xacro"/>'));
    expect(await validate(file)).toEqual({
      code: 1,
      first: expect.stringMatching(
        /fifo\.urdf\.xacro:3:3: error INCLUDE_NOT_REGULAR_FILE: cannot include .*pipe\.xacro: it is not a regular file/,
      ),
    });
  }, 10_000);

  it("refuses a folder given to xacro.load_yaml", async () => {
    mkdirSync(join(dir, "params.yaml"));
    const file = write(
      "yaml.urdf.xacro",
      robot('<xacro:property name="p" value="${xacro.load_yaml(\'params.yaml\')}"/><link name="l${len(p)}"/>'),
    );
    expect((await validate(file)).first).toMatch(
      /error INCLUDE_NOT_REGULAR_FILE: cannot read .*params\.yaml: it is a folder/,
    );
  });

  it("stops a file that includes itself at the include depth limit", async () => {
    const file = write("self.urdf.xacro", robot('<xacro:include filename="self.urdf.xacro"/>'));
    expect(await validate(file)).toEqual({
      code: 1,
      first: expect.stringMatching(
        new RegExp(`error INCLUDE_DEPTH_EXCEEDED: includes nested more than ${XACRO_LIMITS.maxIncludeDepth} deep`),
      ),
    });
  });

  it("stops a macro that calls itself at the macro depth limit", async () => {
    const file = write("macro.urdf.xacro", robot('<xacro:macro name="m"><xacro:m/></xacro:macro><xacro:m/>'));
    expect(await validate(file)).toEqual({
      code: 1,
      first: expect.stringMatching(
        new RegExp(`error XACRO_TOO_DEEP: macro calls nested more than ${XACRO_LIMITS.maxMacroDepth} deep`),
      ),
    });
  });

  it("stops includes that multiply (22 files, each including the next twice: 2^21 links) at the step budget, each file parsed once", async () => {
    for (let i = 0; i < 22; i++) {
      const body =
        i < 21
          ? `<xacro:include filename="d${i + 1}.xacro"/><xacro:include filename="d${i + 1}.xacro"/>`
          : '<link name="x"/>';
      write(
        `d${i}.xacro`,
        `<?xml version="1.0"?>\n<robot xmlns:xacro="http://www.ros.org/wiki/xacro">${body}</robot>\n`,
      );
    }
    const file = write("double.urdf.xacro", robot('<xacro:include filename="d0.xacro"/>'));
    // Each link is moved into its parent once per include level (21), so the step budget stops it before the element limit.
    expect(await validate(file)).toEqual({
      code: 1,
      first: expect.stringMatching(
        /error XACRO_TOO_MANY_STEPS: the expansion takes more than 2,000,000 evaluation steps/,
      ),
    });
  }, 60_000);

  it("import and view read their file bounded: /dev/zero is not a regular file (exit 3), never read", async () => {
    const r = await runCliInProcess(["import", "/dev/zero", "--to", "ts"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/\/dev\/zero: it is not a regular file/);
  });

  it("reports an unclosed processing instruction after the root as an XML error instead of throwing (found by the attack suite)", () => {
    // fast-xml-parser's validator accepts this text and its parser throws "Pi Tag is not closed".
    const host = { readFile: () => undefined, findPackage: () => undefined, env: () => undefined };
    const r = expandXacro('<robot name="r"><link name="a"/></robot>\n<?pi', "/x/r.xacro", { path: "/x/r.xacro", host });
    expect(r.root).toBeUndefined();
    expect(r.diagnostics).toEqual([
      expect.objectContaining({
        code: "XML_ERROR",
        severity: "error",
        message: expect.stringContaining("Pi Tag is not closed"),
      }),
    ]);
  });
});

describe("xacro:include with a glob pattern reads the matching files in sorted order (as xacro's sorted(glob.glob()))", () => {
  it("includes b_*.xacro in name order, skipping hidden files and folders", async () => {
    const g = mkdtempSync(join(tmpdir(), "robokit-xacro-glob-"));
    try {
      mkdirSync(join(g, "parts"));
      mkdirSync(join(g, "parts", "b_folder.xacro"));
      const part = (n: string) =>
        `<?xml version="1.0"?>\n<robot xmlns:xacro="http://www.ros.org/wiki/xacro"><joint name="j${n}" type="fixed"><parent link="a"/><child link="l${n}"/></joint><link name="l${n}"/></robot>\n`;
      for (const n of ["2", "10", "1"]) writeFileSync(join(g, "parts", `b_${n}.xacro`), part(n));
      writeFileSync(join(g, "parts", ".b_hidden.xacro"), part("hidden"));
      writeFileSync(join(g, "top.urdf.xacro"), robot('<xacro:include filename="parts/b_*.xacro"/>'));
      const r = await runCliInProcess(["convert", join(g, "top.urdf.xacro"), "--to", "urdf"]);
      expect(r.code, r.stderr).toBe(0);
      expect([...r.stdout.matchAll(/<link name="([^"]+)"/g)].map((m) => m[1])).toEqual(["l1", "l10", "l2", "a"]);
    } finally {
      rmSync(g, { recursive: true, force: true });
    }
  });
});
