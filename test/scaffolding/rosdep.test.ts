import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { ackermann } from "../../examples/ackermann/ackermann.js";
import { bicycle } from "../../examples/bicycle/bicycle.js";
import { cart } from "../../examples/cart/cart.js";
import { mecanum } from "../../examples/mecanum/mecanum.js";
import { tricycle } from "../../examples/tricycle/tricycle.js";
import { writeArtifacts } from "../../src/cli/writeArtifacts.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { DISTRO_FACTS, ROS_DISTROS, type RosDistro } from "../../src/emit/gazebo/RosDistro.js";
import { haveTool, runTool } from "../support/tools.js";

/**
 * rosdep's own resolution of every generated package.xml against the rosdistro index data
 * of each distro (test/fixtures/rosdistro: ros/rosdistro's distribution files, trimmed).
 * rosdep reads the index from a file:// URL, so this runs offline; one `rosdep install
 * --simulate` per distro covers every example × target of that distro.
 */
const fixtures = join(import.meta.dirname, "..", "fixtures", "rosdistro");

function rosdepHome(): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), "robokit-rosdep-"));
  mkdirSync(join(home, "sources.list.d"));
  writeFileSync(join(home, "empty.yaml"), "{}\n");
  writeFileSync(join(home, "sources.list.d", "20-default.list"), `yaml file://${join(home, "empty.yaml")}\n`);
  return {
    ROSDISTRO_INDEX_URL: `file://${join(fixtures, "index-v4.yaml")}`,
    ROSDEP_SOURCE_PATH: join(home, "sources.list.d"),
    ROS_HOME: join(home, "ros"),
  };
}

/** One folder per target (rosdep refuses two packages of one name in one tree), each with the examples (one per controller). */
function packageRoots(distro: RosDistro): string[] {
  return DISTRO_FACTS[distro].targets.map((target) => {
    const root = mkdtempSync(join(tmpdir(), `robokit-rosdep-${distro}-${target}-`));
    for (const robot of [mario, robotino, cart, mecanum, ackermann, bicycle, tricycle])
      writeArtifacts(join(root, robot.name), buildArtifacts(robot, { target, distro }));
    return root;
  });
}

/** `rosdep keys` (rosdep's reading of the package.xml files), then `rosdep resolve` of all of them for the distro. */
function resolveAll(
  roots: readonly string[],
  distro: RosDistro,
  env: Record<string, string>,
): { keys: string[]; status: number | null; output: string } {
  const keys = new Set<string>();
  for (const root of roots) {
    const k = runTool("rosdep", ["keys", "--from-paths", root, "--ignore-src"], { env });
    expect(k.status, k.stderr).toBe(0);
    for (const key of k.stdout.split("\n").map((l) => l.trim())) if (key.length > 0) keys.add(key);
  }
  const sorted = [...keys].sort();
  const r = runTool(
    "rosdep",
    ["resolve", ...sorted, "--rosdistro", distro, `--os=ubuntu:${DISTRO_FACTS[distro].ubuntu}`],
    { env: { ...env, ROS_DISTRO: distro } },
  );
  return { keys: sorted, status: r.status, output: r.stdout + r.stderr };
}

describe.runIf(haveTool("rosdep", "rosdep resolution of package.xml (python3-rosdep2)"))(
  "rosdep resolves every package.xml with the distro's rosdistro data",
  () => {
    const env = rosdepHome();
    const update = runTool("rosdep", ["update", "--include-eol-distros"], { env });

    it("rosdep update reads the local index", () => {
      expect(update.status, update.stdout + update.stderr).toBe(0);
    });

    it.each(ROS_DISTROS)("%s: every key of every example × target resolves to a ros-<distro>-* package", (distro) => {
      const r = resolveAll(packageRoots(distro), distro, env);
      expect(r.status, r.output).toBe(0);
      expect(r.keys).toContain("robot_state_publisher");
      for (const key of r.keys) expect(r.output, key).toContain(`ros-${distro}-${key.replaceAll("_", "-")}`);
    });

    it("the jazzy Robotino package does not resolve on Humble (omni_wheel_drive_controller), as in the issue", () => {
      const r = resolveAll(packageRoots("jazzy"), "humble", env);
      expect(r.status).not.toBe(0);
      expect(r.output).toContain("no rosdep rule for 'omni_wheel_drive_controller'");
    });
  },
);
