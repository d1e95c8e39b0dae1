import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { runCliInProcess } from "../support/runCliInProcess.js";

describe("robokit validate on ros2_control parameter files", () => {
  const dir = mkdtempSync(join(tmpdir(), "robokit-controllers-"));
  const pkg = join(dir, "mario");
  const yaml = join(pkg, "config", "mario_controllers.yaml");

  it("checks a built package's controller YAML beside its URDF, and skips other YAML in the folder", async () => {
    expect((await runCliInProcess(["build", "mario", "--out", pkg, "--distro", "humble"])).code).toBe(0);
    writeFileSync(join(pkg, "config", "notes.yaml"), "name: not parameters\n");
    const r = await runCliInProcess(["validate", "--format", "json", "--distro", "humble", pkg]);
    expect(r.code, r.stdout).toBe(0);
    const files = (JSON.parse(r.stdout) as { files: { file: string }[] }).files.map((f) => f.file);
    expect(files).toContain(yaml);
    expect(files.some((f) => f.endsWith("notes.yaml"))).toBe(false);
  });

  it("reports a seeded mistake at file:line:col, and a joint the robot lacks, with exit 1", async () => {
    const text = readFileSync(yaml, "utf8")
      .replace("update_rate: 100", "update_rate: 100.0")
      .replace("- motor4", "- motor9");
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, text);
    const lines = text.split("\n");
    const rate = lines.findIndex((l) => l.includes("update_rate")) + 1;
    const motor = lines.findIndex((l) => l.includes("motor9")) + 1;
    const r = await runCliInProcess(["validate", bad, "--robot", join(pkg, "urdf", "mario.urdf")]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${bad}:${rate}:18: error PARAMETER_TYPE_MISMATCH`);
    expect(r.stdout).toContain(`${bad}:${motor}:9: error CONTROLLER_JOINT_UNKNOWN`);
    const urdf = join(pkg, "urdf", "mario.urdf");
    const json = await runCliInProcess(["validate", "--format", "json", bad, urdf]);
    expect((JSON.parse(json.stdout) as { files: { file: string }[] }).files.map((f) => f.file)).toEqual([bad, urdf]);
    const noRobot = await runCliInProcess(["validate", bad, "--distro", "kilted"]);
    expect(noRobot.stdout).not.toContain("CONTROLLER_JOINT_UNKNOWN");
  });

  it("finds the robot in the parameter file's package when --robot is not given", async () => {
    const seeded = join(pkg, "config", "seeded.yaml");
    writeFileSync(seeded, readFileSync(yaml, "utf8").replace("- motor4", "- motor9"));
    const r = await runCliInProcess(["validate", seeded, "--distro", "humble"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /CONTROLLER_JOINT_UNKNOWN: .*"motor9" is not in the <ros2_control> block of .*mario\.urdf/,
    );
  });

  it("--strict makes a warning an error", async () => {
    const warned = join(dir, "warned.yaml");
    writeFileSync(warned, `${readFileSync(yaml, "utf8")}    interface_nam: velocity\n`);
    expect((await runCliInProcess(["validate", warned])).code).toBe(0);
    const strict = await runCliInProcess(["validate", "--strict", warned]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/error PARAMETER_UNDECLARED: .*"interface_nam"/);
  });

  it("reads a named parameter file that loads no controller, and refuses one that is no parameter file", async () => {
    const only = join(dir, "arm.yaml");
    writeFileSync(only, "/**/arm:\n  ros__parameters:\n    joints: [j1]\n");
    const read = await runCliInProcess(["validate", only]);
    expect(read.code).toBe(0);
    expect(read.stdout).toContain("PARAMETERS_ELSEWHERE");
    const other = join(dir, "robot.yaml");
    writeFileSync(other, "name: r\nlinks: []\n");
    const r = await runCliInProcess(["validate", other]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("PARAMETER_FILE_INVALID");
  });
});
