import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { robot as pantilt } from "../../examples/pantilt/pantilt.js";
import { bundledExamples } from "../../src/cli/bundledExamples.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import type { Robot } from "../../src/model/Robot.js";
import { CONTROLLER_DISTROS, type ControllerDistro, checkControllerParameters } from "../../src/validate/index.js";
import { loadControllerDefinitions } from "../../src/validate/controllers/loadControllerDefinitions.js";

const corpus = join(import.meta.dirname, "..", "data", "ros2_controllers");

/**
 * ros2_controllers' test parameter files that are wrong on purpose or complete only with what
 * the test code adds, and why. Keys: `<distro or *>/<package>/<file>:<node>`.
 */
const EXCLUDED: Readonly<Record<string, string>> = {
  "*/parallel_gripper_controller/test/gripper_action_controller_params.yaml:test_gripper_action_position_controller_empty_joint":
    "tests that an empty `joint` is refused (not_empty)",
  "humble/admittance_controller/test/test_params.yaml:load_admittance_controller":
    "humble's admittance test sets robot_description (no default) itself before configuring",
  "humble/admittance_controller/test/test_params.yaml:test_admittance_controller":
    "humble's admittance test sets robot_description (no default) itself before configuring",
};

function excluded(distro: string, pkg: string, file: string, node: string): boolean {
  return `${distro}/${pkg}/${file}:${node}` in EXCLUDED || `*/${pkg}/${file}:${node}` in EXCLUDED;
}

/** Packages whose test files configure no ros2_controllers class. */
const NOT_CONTROLLERS: Readonly<Record<string, string>> = {
  ros2_controllers_test_nodes: "publisher nodes of the demos, not controllers",
  steering_controllers_library: "a library: its test controller is no pluginlib class",
};

/** The class each test file's nodes are: the package's class, or the one its file is about. */
function classFor(distro: (typeof CONTROLLER_DISTROS)[number], pkg: string, file: string): string {
  if (file.includes("multi_interface")) return "forward_command_controller/MultiInterfaceForwardCommandController";
  const classes = Object.entries(loadControllerDefinitions(distro).classes).filter(([, c]) => c.pkg === pkg);
  expect(classes.length, `${distro}/${pkg}`).toBeGreaterThan(0);
  return classes[0]![0];
}

/** Node names of a test file (top-level keys that are not wildcards), or one name when it has only `/**`. */
function nodeNames(text: string, pkg: string): string[] {
  const names = [...text.matchAll(/^([A-Za-z_]\w*):\s*(#.*)?$/gm)].map((m) => m[1]!);
  return names.length > 0 ? names : [`test_${pkg}`];
}

describe("ros2_controllers' own test configurations", () => {
  for (const distro of CONTROLLER_DISTROS) {
    it(`have no errors for ${distro}`, () => {
      let checked = 0;
      for (const pkg of readdirSync(join(corpus, distro)).sort()) {
        if (pkg in NOT_CONTROLLERS) continue;
        const files = (readdirSync(join(corpus, distro, pkg), { recursive: true }) as string[])
          .filter((f) => f.endsWith(".yaml"))
          .sort();
        for (const file of files) {
          const text = readFileSync(join(corpus, distro, pkg, file), "utf8");
          const cls = classFor(distro, pkg, file);
          const types = Object.fromEntries(
            nodeNames(text, pkg)
              .filter((n) => !excluded(distro, pkg, file, n))
              .map((n) => [n, cls]),
          );
          const errors = checkControllerParameters([{ path: `${distro}/${pkg}/${file}`, text }], {
            distro,
            types,
          }).filter((d) => d.severity === "error");
          expect(errors, `${distro}/${pkg}/${file}`).toEqual([]);
          checked += Object.keys(types).length;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(20);
    });
  }

  it("find the mistakes the excluded files make on purpose", () => {
    const file = "parallel_gripper_controller/test/gripper_action_controller_params.yaml";
    const text = readFileSync(join(corpus, "jazzy", file), "utf8");
    const ds = checkControllerParameters([{ path: file, text }], {
      types: {
        test_gripper_action_position_controller_empty_joint:
          "parallel_gripper_action_controller/GripperActionController",
      },
    });
    expect(ds.filter((d) => d.severity === "error").map((d) => [d.line, d.code])).toEqual([
      [7, "PARAMETER_VALUE_INVALID"],
    ]);
  });
});

describe("robokit's own controller YAML", () => {
  const load = async (name: string): Promise<Robot> => {
    const example = bundledExamples[name];
    return example === undefined ? pantilt : ((await example.load())[example.exportName] as Robot);
  };
  const targets: readonly { target: string; distro: ControllerDistro }[] = [
    ...CONTROLLER_DISTROS.map((distro) => ({ target: "gz", distro })),
    { target: "classic", distro: "humble" },
  ];
  for (const name of [...Object.keys(bundledExamples), "pantilt"]) {
    for (const { target, distro } of targets) {
      it(`${name} for ${target} ${distro} has no errors or warnings, against its own URDF`, async () => {
        const files = buildArtifacts(await load(name), { target, distro });
        const yaml = files.find((f) => f.path.endsWith("_controllers.yaml"));
        const urdf = files.find((f) => f.path.endsWith(".urdf"));
        expect(yaml).toBeDefined();
        expect(urdf).toBeDefined();
        const ds = checkControllerParameters([{ path: yaml!.path, text: String(yaml!.content) }], {
          distro,
          robot: { path: urdf!.path, text: String(urdf!.content) },
        });
        expect(ds.filter((d) => d.severity !== "info")).toEqual([]);
      });
    }
  }
});

describe("robokit's drive controllers against their robots", () => {
  /** Every geometry parameter robokit's drive controllers write. */
  const GEOMETRY =
    /((?:wheel_separation|wheel_radius|wheels_radius|wheelbase|robot_radius|sum_of_robot_center_projection_on_X_Y_axis|\w*_track(?:_width)?|\w+_wheels?_radius): )([\d.]+)/g;
  // Humble has no omni_wheel_drive_controller: Robotino's wheels get a forward controller there.
  for (const name of ["cart", "skidsteer", "mecanum", "ackermann", "bicycle", "tricycle", "robotino"])
    for (const distro of name === "robotino" ? (["jazzy", "rolling"] as const) : (["humble", "rolling"] as const))
      it(`${name} (${distro}): each geometry parameter 5 % off is caught`, async () => {
        const example = bundledExamples[name]!;
        const files = buildArtifacts((await example.load())[example.exportName] as Robot, { target: "gz", distro });
        const yaml = String(files.find((f) => f.path.endsWith("_controllers.yaml"))!.content);
        const urdf = String(files.find((f) => f.path.endsWith(".urdf"))!.content);
        let seeded = 0;
        const text = yaml.replace(GEOMETRY, (_m, key: string, value: string) => {
          seeded++;
          return `${key}${(Number(value) * 1.05).toFixed(6)}`;
        });
        const ds = checkControllerParameters([{ path: "c.yaml", text }], {
          distro,
          robot: { path: "r.urdf", text: urdf },
        });
        expect(seeded).toBeGreaterThan(0);
        expect(ds.map((d) => d.code)).toEqual(Array.from({ length: seeded }, () => "CONTROLLER_GEOMETRY_MISMATCH"));
      });
});

describe("seeded mistakes in a real parameter file", () => {
  const path = join(corpus, "jazzy", "diff_drive_controller", "test", "config", "test_diff_drive_controller.yaml");
  const original = readFileSync(path, "utf8");
  const types = { test_diff_drive_controller: "diff_drive_controller/DiffDriveController" };
  const lineOf = (text: string, needle: string): number => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

  it("is clean before seeding", () => {
    expect(
      checkControllerParameters([{ path, text: original }], { types }).filter((d) => d.severity !== "info"),
    ).toEqual([]);
  });

  it("finds each seeded mistake at its line", () => {
    const seeded = original
      .replace("wheel_radius: 0.02", "wheel_radius: 2")
      .replace("wheel_separation_multiplier: 1.0", "wheel_separation_multiplyer: 1.0")
      .replace("velocity_rolling_window_size: 10", "velocity_rolling_window_size: 10.0")
      .replace("linear.x.max_velocity: .NAN", "linear.x.max_velocity: -1.0");
    const ds = checkControllerParameters([{ path, text: seeded }], { types });
    expect(ds.map((d) => [d.line, d.code])).toEqual([
      [lineOf(seeded, "wheel_radius: 2"), "PARAMETER_TYPE_MISMATCH"],
      [lineOf(seeded, "wheel_separation_multiplyer"), "PARAMETER_UNDECLARED"],
      [lineOf(seeded, "velocity_rolling_window_size"), "PARAMETER_TYPE_MISMATCH"],
      [lineOf(seeded, "linear.x.max_velocity"), "PARAMETER_VALUE_INVALID"],
    ]);
  });
});
