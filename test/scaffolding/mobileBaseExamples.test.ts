import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";

import { ackermann } from "../../examples/ackermann/ackermann.js";
import { bicycle } from "../../examples/bicycle/bicycle.js";
import { cart } from "../../examples/cart/cart.js";
import { mecanum } from "../../examples/mecanum/mecanum.js";
import { skidsteer } from "../../examples/skidsteer/skidsteer.js";
import { tricycle } from "../../examples/tricycle/tricycle.js";
import { bundledExamples } from "../../src/cli/bundledExamples.js";
import { writeArtifacts } from "../../src/cli/writeArtifacts.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { defaultDistro, distrosOf } from "../../src/emit/gazebo/RosDistro.js";
import { SIM_TARGETS } from "../../src/emit/gazebo/SimTarget.js";
import {
  claimedJoints,
  controllerClass,
  type MobileBaseGeometry,
} from "../../src/emit/ros2-control/driveController.js";
import { driveGeometry } from "../../src/model/driveGeometry.js";
import { checkRobot } from "../../src/model/checkRobot.js";
import type { Robot } from "../../src/model/Robot.js";
import { validateFile } from "../../src/validate/validateFile.js";
import { ignAll } from "../realworld/convertSdf.js";
import { expectGolden } from "../support/golden.js";
import { haveTool, runTool } from "../support/tools.js";
import { crossCheckControl } from "./crossCheckControl.js";

const examples: readonly Robot[] = [cart, skidsteer, mecanum, ackermann, bicycle, tricycle];

describe.each(examples)("example $name", (robot) => {
  const drive = robot.drive?.type as MobileBaseGeometry["type"];

  it("is a bundled example, and its model is consistent (no error, no warning)", async () => {
    const entry = bundledExamples[robot.name];
    expect(entry).toBeDefined();
    expect((await entry!.load())[entry!.exportName]).toBe(robot);
    expect(checkRobot(robot)).toEqual([]);
  });

  it("every target and distro: its drive's controller, interfaces that match, robokit's validator silent", () => {
    for (const target of SIM_TARGETS) {
      for (const distro of distrosOf(target)) {
        const files = new Map(buildArtifacts(robot, { target, distro }).map((a) => [a.path, a.content] as const));
        const yaml = files.get(`config/${robot.name}_controllers.yaml`) ?? "";
        const urdf = files.get(`urdf/${robot.name}.urdf`) ?? "";
        const where = `${robot.name} --target ${target} --distro ${distro}`;
        if (target !== "ros1") expect(yaml, where).toContain(`type: ${controllerClass(drive)}`);
        expect(crossCheckControl(robot, target, urdf, yaml), where).toEqual([]);
        for (const [path, text] of files) {
          if (!/\.(urdf|sdf|world)$/.test(path)) continue;
          expect(validateFile(text, path), `${where} ${path}`).toEqual([]);
        }
      }
    }
  });

  it("<ros2_control> offers each joint the controller claims its command and the state it reads", () => {
    const urdf = buildArtifacts(robot, { target: "gz", distro: "jazzy" }).find((a) => a.path.endsWith(".urdf"));
    type El = { "@name": string; command_interface?: El | El[]; state_interface?: El | El[] };
    const list = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(urdf?.content ?? "");
    const joints = new Map(list<El>(doc.robot.ros2_control.joint).map((j) => [j["@name"], j] as const));
    const claims = claimedJoints(driveGeometry(robot) as MobileBaseGeometry);
    expect(claims.length).toBeGreaterThan(0);
    for (const c of claims) {
      const j = joints.get(c.joint);
      expect(
        list(j?.command_interface).map((i) => i["@name"]),
        c.joint,
      ).toEqual([c.command]);
      expect(
        list(j?.state_interface).map((i) => i["@name"]),
        c.joint,
      ).toContain(c.state);
    }
  });

  it("matches the golden files (gz, its default distro)", () => {
    for (const a of buildArtifacts(robot, { target: "gz", distro: defaultDistro("gz") })) {
      if (a.path.startsWith("mjcf/") || a.path.startsWith("sdf/") || a.path.startsWith("meshes/")) continue;
      expectGolden(`${robot.name}/gz/${a.path}`, a.content);
    }
  });

  it("passes check_urdf and ign sdf -k (URDF, SDF, world)", async () => {
    const dir = mkdtempSync(join(tmpdir(), `robokit-${robot.name}-`));
    writeArtifacts(dir, buildArtifacts(robot, { target: "gz", distro: defaultDistro("gz") }));
    const urdf = join(dir, "urdf", `${robot.name}.urdf`);
    if (haveTool("check_urdf", "URDF cross-check")) {
      const r = runTool("check_urdf", [urdf]);
      expect(r.status, r.stderr).toBe(0);
    }
    if (haveTool("ign", "libsdformat cross-check")) {
      const files = [urdf, join(dir, "sdf", robot.name, "model.sdf"), join(dir, "worlds", `${robot.name}.world`)];
      for (const [file, r] of await ignAll("-k", files)) {
        expect(r.rc, `${file}: ${r.out}${r.err}`).toBe(0);
        expect(r.out).toContain("Valid");
      }
    }
  });
});
