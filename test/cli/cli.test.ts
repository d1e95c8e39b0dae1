import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";

import { mario } from "../../examples/mario/mario.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { urdfArtifact } from "../../src/emit/package/packageArtifacts.js";
import { ROBOKIT_VERSION } from "../../src/version.js";
import { syntheticRobot } from "../../bench/support/syntheticRobot.js";
import { badRobots } from "../support/badRobots.js";
import { runCliProcess } from "../support/runCliProcess.js";
import { twoLinkRobot } from "../support/twoLinkRobot.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "robokit-cli-"));
});

/** Every file under a directory, relative, sorted. */
function listFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(root.length + 1))
    .sort();
}

describe("robokit CLI basics", () => {
  it("--version prints the package version and exits 0", () => {
    const r = runCliProcess(["--version"]);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(ROBOKIT_VERSION);
  });

  it("--help works for every command", () => {
    const top = runCliProcess(["--help"]);
    expect(top.status).toBe(0);
    const commands = [...top.stdout.matchAll(/^ {2}([a-z]+)\b/gm)].map((m) => m[1]!).filter((c) => c !== "help");
    expect(commands).toEqual(expect.arrayContaining(["emit", "build"]));
    for (const c of commands) {
      const r = runCliProcess([c, "--help"]);
      expect(r.status, `robokit ${c} --help`).toBe(0);
      expect(r.stdout).toContain(`Usage: robokit ${c}`);
    }
  });

  it("emit mario --format urdf writes the same URDF as build, for each target", () => {
    for (const target of ["gz", "classic", "ros1"]) {
      const r = runCliProcess(["emit", "mario", "--format", "urdf", "--target", target]);
      expect(r.status).toBe(0);
      const built = buildArtifacts(mario, { target }).find((a) => a.path === "urdf/mario.urdf");
      expect(r.stdout).toBe(built?.content);
    }
    expect(runCliProcess(["emit", "mario", "--format", "urdf", "--target", "gazebo"]).status).toBe(2);
  });

  it("usage errors exit 2 and write to stderr", () => {
    for (const args of [
      ["frobnicate"],
      ["emit", "mario"],
      ["emit", "mario", "--format", "pdf"],
      ["emit", "no_such_robot", "--format", "urdf"],
      ["build", "mario"],
    ]) {
      const r = runCliProcess(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.length).toBeGreaterThan(0);
    }
  });

  it("a reader closing the pipe early is the reader's choice: exit 0, nothing on stderr", () => {
    // Output far larger than a pipe buffer, so writes are still pending when head exits. JSON:
    // YAML's stringify writes the shared objects as aliases, past the alias limit.
    const big = join(dir, "big.json");
    writeFileSync(big, JSON.stringify(syntheticRobot(2000)));
    const r = spawnSync(
      "bash",
      [
        "-c",
        `"${process.execPath}" --import tsx src/cli/main.ts emit "${big}" --format urdf | head -c 10 >/dev/null; exit \${PIPESTATUS[0]}`,
      ],
      { encoding: "utf8" },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
  });

  it("build writes the same bytes twice", () => {
    const a = join(dir, "a"),
      b = join(dir, "b");
    expect(runCliProcess(["build", "mario", "--out", a]).status).toBe(0);
    expect(runCliProcess(["build", "mario", "--out", b]).status).toBe(0);
    const files = listFiles(a);
    expect(files).toContain("urdf/mario.urdf");
    expect(listFiles(b)).toEqual(files);
    for (const f of files) expect(readFileSync(join(b, f)).equals(readFileSync(join(a, f))), f).toBe(true);
    // No temporaries left behind.
    expect(files.filter((f) => f.includes(".tmp-") || f.includes("robokit-tmp-"))).toEqual([]);
  });

  it("`build mario --out mario` can be run again: a folder named like the example does not hide it", () => {
    const work = mkdtempSync(join(tmpdir(), "robokit-cwd-"));
    expect(runCliProcess(["build", "mario", "--out", "mario"], work).status).toBe(0);
    const again = runCliProcess(["build", "mario", "--out", "mario"], work);
    expect(again.stderr).toBe("");
    expect(again.status).toBe(0);
    expect(existsSync(join(work, "mario", "urdf", "mario.urdf"))).toBe(true);
  });
});

describe("robot documents and modules", () => {
  it("builds a valid YAML robot", () => {
    const file = join(dir, "arm.yaml");
    writeFileSync(file, `# yaml-language-server: $schema=../schemas/robot.schema.json\n${stringify(twoLinkRobot())}`);
    const r = runCliProcess(["emit", file, "--format", "urdf"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(urdfArtifact(twoLinkRobot(), {}).content);
  });

  it.each(badRobots)(
    "rejects a YAML robot with $name: exit 1, message with line:col, nothing written",
    ({ robot, message, documentMessage, code: modelCode }) => {
      const code = documentMessage === undefined ? modelCode : "DOCUMENT_INVALID";
      const file = join(dir, `bad-${modelCode}-${Math.random().toString(36).slice(2)}.yaml`);
      writeFileSync(file, stringify(robot));
      const out = join(dir, `out-${code}-${Math.random().toString(36).slice(2)}`);
      const r = runCliProcess(["build", file, "--out", out]);
      expect(r.status).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(documentMessage ?? message);
      expect(r.stderr).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:\\d+:\\d+: error ${code}`));
      expect(existsSync(out)).toBe(false);
    },
  );

  it("reports schema errors (unknown field, wrong joint type) with JSON path and line:col", () => {
    const file = join(dir, "schema-bad.yaml");
    const robot = structuredClone(twoLinkRobot()) as unknown as { joints: Record<string, unknown>[] };
    robot.joints[0]!["axle"] = [0, 0, 1];
    writeFileSync(file, stringify(robot));
    const r = runCliProcess(["emit", file, "--format", "urdf"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /schema-bad\.yaml:\d+:\d+: error DOCUMENT_INVALID: joint "servo1": \/joints\/0\/axle: unknown field "axle"/,
    );

    robot.joints[0]!["type"] = "hinge";
    delete robot.joints[0]!["axle"];
    writeFileSync(file, stringify(robot));
    const r2 = runCliProcess(["emit", file, "--format", "urdf"]);
    expect(r2.status).toBe(1);
    expect(r2.stderr).toContain("/joints/0/type: must be one of");
  });

  it("reports malformed YAML with line:col", () => {
    const file = join(dir, "broken.yaml");
    writeFileSync(file, "name: x\nlinks: [\n  {name: a\n");
    const r = runCliProcess(["emit", file, "--format", "urdf"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/broken\.yaml:\d+:\d+: error DOCUMENT_INVALID: not valid YAML\/JSON/);
  });

  it("loads a TypeScript module exporting a builder, and rejects an invalid one without writing", () => {
    const good = join(dir, "good.ts");
    const modelIndex = join(process.cwd(), "src", "model", "index.ts").replace(/\\/g, "/");
    writeFileSync(
      good,
      `import { RobotBuilder, box, solidLink } from "${modelIndex}";\n` +
        `export const robot = new RobotBuilder("cube").link(solidLink("base", { shape: box(1, 1, 1), mass: 1 }));\n`,
    );
    const ok = runCliProcess(["emit", good, "--format", "urdf"]);
    expect(ok.stderr).toBe("");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('<robot name="cube">');

    const bad = join(dir, "bad.ts");
    writeFileSync(
      bad,
      `import { RobotBuilder, box, solidLink } from "${modelIndex}";\n` +
        `export const robot = new RobotBuilder("cube").link(solidLink("base", { shape: box(1, 1, 1), mass: 1 })).link(solidLink("lid", { shape: box(1, 1, 0.1), mass: 0.1 }))` +
        `.joint({ name: "hinge", type: "revolute", parent: "base", child: "lid", axis: [0, 0, 0], limit: { lower: 0, upper: 1, effort: 1, velocity: 1 } });\n`,
    );
    const out = join(dir, "never");
    const r = runCliProcess(["build", bad, "--out", out]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('joint "hinge": axis must be non-zero');
    expect(existsSync(out)).toBe(false);
  });

  it("a missing robot file exits 1", () => {
    const r = runCliProcess(["emit", join(dir, "nope.yaml"), "--format", "urdf"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("file not found");
  });
});
