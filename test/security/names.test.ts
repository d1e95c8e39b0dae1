import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";

import { checkRobot } from "../../src/model/checkRobot.js";
import type { Robot } from "../../src/model/Robot.js";
import { chainRobot } from "../../bench/support/chainRobot.js";
import { runCliInProcess } from "../support/runCliInProcess.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-names-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A valid two-link robot with one link renamed, or the robot renamed. */
function robotWith(linkName: string, robotName = "bot"): Robot {
  const r = chainRobot(2);
  return {
    ...r,
    name: robotName,
    links: r.links.map((l, i) => (i === 1 ? { ...l, name: linkName } : l)),
    joints: (r.joints ?? []).map((j) => ({ ...j, child: linkName })),
  };
}

function file(name: string, robot: Robot): string {
  const path = join(dir, name);
  writeFileSync(path, stringify(robot));
  return path;
}

describe("names are checked before they reach any output", () => {
  it.each([
    ["an ampersand", "a&b"],
    ["NUL", "a\u0000b"],
    ["a control character", "a\u0007b"],
    ["a space", "left wheel"],
    ["a quote", 'a"b'],
    ["a lone surrogate", "a\ud800b"],
  ])("a link name with %s is NAME_INVALID (exit 1, nothing on stdout)", async (_what, name) => {
    const r = await runCliInProcess(["emit", file("r.yaml", robotWith(name)), "--format", "urdf"]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("NAME_INVALID");
  });

  it("a robot name with a space (it names the package, launch and xacro files) is NAME_INVALID", async () => {
    const r = await runCliInProcess(["build", file("r.yaml", robotWith("l1", "my robot")), "--out", join(dir, "pkg")]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/robot "my robot": the name must start with a letter/);
  });

  it("a link called world is fine in URDF and RESERVED_NAME in SDF (exit 1)", async () => {
    const path = file("w.yaml", robotWith("world"));
    expect((await runCliInProcess(["emit", path, "--format", "urdf"])).code).toBe(0);
    const sdf = await runCliInProcess(["emit", path, "--format", "sdf"]);
    expect(sdf.code, sdf.stderr).toBe(1);
    expect(sdf.stdout).toBe("");
    expect(sdf.stderr).toMatch(/RESERVED_NAME.*link "world": the name is reserved in SDF 1\.9/);
  });

  it("__model__ and __x__ are reserved in every SDF version (libsdformat 12 refuses them in SDF 1.6 too)", async () => {
    for (const name of ["__model__", "__x__"]) {
      const path = file("m.yaml", robotWith(name));
      for (const version of ["1.6", "1.7"]) {
        const r = await runCliInProcess(["emit", path, "--format", "sdf", "--sdf-version", version]);
        expect(r.code, r.stderr).toBe(1);
        expect(r.stderr).toMatch(new RegExp(`RESERVED_NAME.*link "${name}": the name is reserved in SDF ${version}`));
      }
    }
  });

  it("plain names still pass", () => {
    expect(checkRobot(robotWith("arm/link_1.a-b"))).toEqual([]);
  });
});

describe("crashes found by the attack suite, pinned", () => {
  it("a non-finite number in a document whose shape is also broken is NUMBER_NOT_FINITE, not a TypeError (seed 167583056, emit/build #366, #2975)", async () => {
    const { readRobotDocument } = await import("../../src/model/readRobotDocument.js");
    const broken =
      "name: arm\nmaterials:\n  - name: grey\n    rgba: [0.5, 0.5, 1e309, 1]\nlinks:\n  - name: base\n    collisions:\n      - geometry:\n";
    const r = readRobotDocument(broken, "r.yaml");
    expect(r.robot).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code)).toEqual(["NUMBER_NOT_FINITE"]);
    expect(r.diagnostics[0]?.message).toMatch(/is Infinity; numbers must be finite/);
    const noLists = "name: arm\nlinks: 3\njoints: { a: .nan }\n";
    expect(readRobotDocument(noLists, "r.yaml").diagnostics.map((d) => d.code)).toEqual(["NUMBER_NOT_FINITE"]);
  });
});
