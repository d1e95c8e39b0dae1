// @slow: imports a real robot and drives it in MuJoCo through the CLI
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

import { runCliInProcess } from "../support/runCliInProcess.js";

const HUSKY = "test/data/mobile-bases/husky+husky";
const XACRO = `${HUSKY}/husky_description/urdf/husky.urdf.xacro`;
const CONTROLLERS = `${HUSKY}/husky_control/config/control.yaml`;
const read = [
  "--controllers",
  CONTROLLERS,
  "--distro",
  "humble",
  "-I",
  HUSKY,
  "test/fixtures/sim",
  "--arg",
  `urdf_extras:=${join(process.cwd(), "test/fixtures/sim/husky-mujoco-contact.xml")}`,
];

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "robokit-import-controllers-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("robokit import ROBOT --controllers", () => {
  it("recovers the drive sim reads, and the import drives exactly as sim --controllers does", async () => {
    const doc = join(dir, "husky.yaml");
    const imported = await runCliInProcess(["import", XACRO, "-f", "yaml", ...read, "-o", doc]);
    expect(imported.code).toBe(0);
    const robot = parse(readFileSync(doc, "utf8")) as {
      drive: unknown;
      joints: { name: string; actuator?: { command: string } }[];
      xmlBlocks?: { xml: string }[];
    };
    const wheels = [
      "front_left_wheel_joint",
      "rear_left_wheel_joint",
      "front_right_wheel_joint",
      "rear_right_wheel_joint",
    ];
    expect(robot.drive).toEqual({
      type: "differential",
      left: wheels.slice(0, 2),
      right: wheels.slice(2),
      wheelRadius: 0.1651,
      wheelSeparation: 0.512,
    });
    for (const w of wheels) expect(robot.joints.find((j) => j.name === w)?.actuator).toEqual({ command: "velocity" });
    // Husky's own block would claim the wheels a second time: it gives way, and the loss is named.
    expect((robot.xmlBlocks ?? []).some((b) => b.xml.includes("<ros2_control"))).toBe(false);
    expect(imported.stderr).toMatch(
      /<ros2_control> block "husky_hardware" \(hardware husky_base\/HuskyHardware\) is not carried/,
    );
    expect(imported.stderr).not.toMatch(/<ros2_control> block \(husky_hardware\) kept verbatim/);

    const scenario = ["-s", "test/fixtures/sim/husky-forward.yaml", "--duration", "2"];
    const fromDoc = await runCliInProcess(["sim", doc, ...scenario, "-o", join(dir, "doc")]);
    const fromFiles = await runCliInProcess(["sim", XACRO, ...read, ...scenario, "-o", join(dir, "files")]);
    expect([fromDoc.code, fromFiles.code]).toEqual([0, 0]);
    expect(readFileSync(join(dir, "doc", "trace.csv"), "utf8")).toBe(
      readFileSync(join(dir, "files", "trace.csv"), "utf8"),
    );
  });
});
