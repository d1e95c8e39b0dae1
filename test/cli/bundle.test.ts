import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { haveTool } from "../support/tools.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bundle = join(root, "dist", "src", "bundle", "robokit.cjs");
const compiled = join(root, "dist", "src", "cli", "main.js");

function run(
  main: string,
  args: string[],
  nodeOptions: string[] = [],
): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [...nodeOptions, main, ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out.set(relative(dir, join(d, e.name)), readFileSync(join(d, e.name), "utf8"));
    }
  };
  walk(dir);
  return out;
}

// npm test builds first (npm run build = tsc + scripts/bundle-cli.mjs); the package's bin is the bundle.
describe.skipIf(!existsSync(bundle))("the bundled CLI (dist/src/bundle/robokit.cjs, the bin)", () => {
  it("is the package's bin", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: Record<string, string> };
    expect(pkg.bin["robokit"]).toBe("dist/src/bundle/robokit.cjs");
  });

  it("runs xacro from its two CommonJS files alone, without the CLI's ES modules", () => {
    // The bin and xacro.cjs copied to a folder of their own: no main.js, no chunks to import.
    const dir = mkdtempSync(join(tmpdir(), "robokit-bin-alone-"));
    for (const f of ["robokit.cjs", "xacro.cjs"]) copyFileSync(join(dirname(bundle), f), join(dir, f));
    const urdf = "test/data/xacro/ros+urdf_tutorial/urdf/08-macroed.urdf.xacro";
    const a = run(join(dir, "robokit.cjs"), ["xacro", urdf]);
    expect(a.status, a.stderr).toBe(0);
    expect(a.stdout).toBe(run(compiled, ["xacro", urdf]).stdout);
    // --version is the bin's own answer; every other command is the CLI's (main.cjs or main.js), which that folder lacks.
    expect(run(join(dir, "robokit.cjs"), ["--version"]).stdout).toBe(run(compiled, ["--version"]).stdout);
    expect(run(join(dir, "robokit.cjs"), ["--help"]).status).not.toBe(0);
  });

  it("compiles the CLI and the validators a run loads from the code cache the build wrote", () => {
    const urdf = "test/data/realworld/ros+urdf_tutorial/urdf/01-myfirst.urdf";
    const script = [
      `const bin = require(${JSON.stringify(bundle)});`,
      `bin.launch(["validate", ${JSON.stringify(urdf)}]).then(async () => {`,
      "  const t = await bin.codeCacheTools();",
      "  const dir = require('node:path').dirname(t.bundledCliPaths().cache);",
      "  const urdfCache = require('node:fs').readdirSync(dir).find((f) => f.startsWith('urdf.cjs-')).replace(/\\.v8z?$/, '');",
      "  console.log(JSON.stringify([t.codeCacheAccepted(t.bundledCliPaths().cache), t.codeCacheAccepted(require('node:path').join(dir, urdfCache))]));",
      "});",
    ].join("\n");
    const r = spawnSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" });
    // The file has one error (libsdformat refuses a robot of massless links): exit 1.
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout.trim().split("\n").at(-1)).toBe("[true,true]");
  });

  it("runs as before when its code cache is foreign or damaged (V8 refuses it and compiles)", () => {
    // A copy beside the bundle: the CLI finds schemas/ by the same relative path.
    const dir = join(dirname(dirname(bundle)), `bundle-damaged-cache-${process.pid}`);
    cpSync(dirname(bundle), dir, { recursive: true });
    try {
      for (const f of readdirSync(join(dir, "code-cache")))
        writeFileSync(join(dir, "code-cache", f), "not a code cache");
      const sdf = "test/golden/mario/model-1.9.sdf";
      const a = run(join(dir, "robokit.cjs"), ["validate", "--format", "json", sdf]);
      expect(a.status, a.stderr).toBe(0);
      expect(a.stdout).toBe(run(bundle, ["validate", "--format", "json", sdf]).stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("validates a folder with worker threads exactly as the unbundled CLI does", () => {
    const a = run(bundle, ["validate", "-j", "2", "test/fixtures"]);
    const b = run(compiled, ["validate", "-j", "1", "test/fixtures"]);
    expect(a.status).toBe(1);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stderr).toBe(b.stderr);
  });

  it("builds mario (bundled example, templates) into the same files as the unbundled CLI", () => {
    const outA = mkdtempSync(join(tmpdir(), "robokit-bundle-"));
    const outB = mkdtempSync(join(tmpdir(), "robokit-tsc-"));
    expect(run(bundle, ["build", "mario", "--out", outA]).status).toBe(0);
    expect(run(compiled, ["build", "mario", "--out", outB]).status).toBe(0);
    const a = files(outA);
    expect(a.size).toBeGreaterThan(3);
    expect(a).toEqual(files(outB));
  });

  it("expands xacro as the unbundled CLI does, reading yaml.cjs and fxp.cjs only for files that need them", () => {
    const dir = mkdtempSync(join(tmpdir(), "robokit-bundle-xacro-"));
    // Preloaded: names, at exit, the CommonJS files the process required (yaml.cjs and fxp.cjs are).
    const preload = join(dir, "requiredFiles.cjs");
    writeFileSync(
      preload,
      'process.on("exit", () => process.stderr.write("REQUIRED " + Object.keys(require.cache).join(" ") + "\\n"));',
    );
    // A DOCTYPE is beyond the one-pass scanner: fast-xml-parser reads this file.
    const doctype = join(dir, "doctype.urdf.xacro");
    writeFileSync(
      doctype,
      '<?xml version="1.0"?>\n<!DOCTYPE robot [<!ENTITY w "0.5">]>\n<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">\n  <xacro:property name="x" value="&w;"/>\n  <link name="l${x}"/>\n</robot>\n',
    );
    // An anchor and an alias are beyond readPlainYaml: the yaml package reads this file.
    writeFileSync(join(dir, "anchored.yaml"), "a: &w 0.5\nb: *w\nc: !degrees 90\n");
    const anchored = join(dir, "anchored.urdf.xacro");
    writeFileSync(
      anchored,
      '<?xml version="1.0"?>\n<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">\n  <xacro:property name="y" value="${xacro.load_yaml(\'anchored.yaml\')}"/>\n  <link name="l${y[\'b\']}_${y[\'c\']}"/>\n</robot>\n',
    );
    const cases = [
      { args: ["test/data/xacro/ros+urdf_tutorial/urdf/08-macroed.urdf.xacro"], yaml: false, fxp: false },
      // Its four load_yaml files (joint limits with !degrees included) are plain: readPlainYaml reads them.
      {
        args: [
          "test/data/xacro/UniversalRobots+Universal_Robots_ROS2_Description/urdf/ur.urdf.xacro",
          "name:=ur",
          "ur_type:=ur5e",
        ],
        yaml: false,
        fxp: false,
      },
      { args: [anchored], yaml: true, fxp: false },
      { args: [doctype], yaml: false, fxp: true },
    ];
    for (const c of cases) {
      const a = run(bundle, ["xacro", ...c.args], ["--require", preload]);
      const b = run(compiled, ["xacro", ...c.args]);
      expect(a.status, a.stderr).toBe(0);
      expect(a.stdout).toContain("<robot");
      expect(a.stdout).toBe(b.stdout);
      const required = /^REQUIRED (.*)$/m.exec(a.stderr)?.[1]?.split(" ") ?? [];
      const loaded = (file: string): boolean => required.some((f) => f.endsWith(join("bundle", file)));
      expect(loaded("yaml.cjs"), c.args[0]).toBe(c.yaml);
      expect(loaded("fxp.cjs"), c.args[0]).toBe(c.fxp);
    }
  });

  it("ends xacro's failures with the unbundled CLI's exit codes and messages (xacro.cjs has its own error classes)", () => {
    const urdf = "test/data/xacro/ros+urdf_tutorial/urdf/08-macroed.urdf.xacro";
    const cases = [
      { args: [urdf, urdf], status: 2 },
      { args: ["test/data/xacro/no-such-file.urdf.xacro"], status: 1 },
      // A folder that cannot exist: /dev/null is a file.
      { args: [urdf, "-o", "/dev/null/x.urdf"], status: 3 },
    ];
    for (const c of cases) {
      const a = run(bundle, ["xacro", ...c.args]);
      const b = run(compiled, ["xacro", ...c.args]);
      expect(a.status, a.stderr).toBe(c.status);
      expect(a.stderr).toMatch(/^robokit: /);
      expect(a.stderr).toBe(b.stderr);
    }
  });

  it("answers --version and --help", () => {
    expect(run(bundle, ["--version"]).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(run(bundle, ["--help"]).stdout).toBe(run(compiled, ["--help"]).stdout);
  });

  it("renders a screenshot (view --screenshot loads playwright-core, which must stay outside the bundle)", {
    timeout: 120_000,
  }, () => {
    if (!haveTool("chromium", "headless Chromium for robokit view --screenshot")) return;
    const png = join(mkdtempSync(join(tmpdir(), "robokit-bundle-view-")), "mario.png");
    const r = run(bundle, ["view", "mario", "--screenshot", png, "--size", "320x240"]);
    expect(r.status, r.stderr).toBe(0);
    // A PNG: its signature, and more than an empty page's few hundred bytes.
    const bytes = readFileSync(png);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.length).toBeGreaterThan(5_000);
  });
});
