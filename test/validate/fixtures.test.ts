import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { validatePath } from "../../src/cli/commands/validateCommand.js";
import type { Diagnostic } from "../../src/diagnostics/Diagnostic.js";
import { severityPolicy } from "../../src/diagnostics/severityPolicy.js";
import { haveTool, runTool } from "../support/tools.js";

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, "..", "fixtures");
const models = join(fixtures, "sdf", "models");

function check(relative: string, strict = false): readonly Diagnostic[] {
  return validatePath(join(fixtures, relative), { displayName: relative, searchPaths: [models], strict }).diagnostics;
}

/** [fixture, code, line, column, xmlPath, message substring] for the first diagnostic with that code. */
const cases: [string, string, number, number, string | undefined, string][] = [
  [
    "urdf/invalid/bad_number.urdf",
    "ATTRIBUTE_INVALID",
    2,
    34,
    '/robot[@name="r"]/link[@name="a"]/inertial/mass/@value',
    "value [heavy]",
  ],
  [
    "urdf/invalid/child_missing.urdf",
    "JOINT_CHILD_LINK_INVALID",
    3,
    57,
    '/robot[@name="r"]/joint[@name="j"]/child/@link',
    "child link [nope] of joint [j]",
  ],
  ["urdf/invalid/cycle.urdf", "KINEMATIC_CYCLE", 4, 3, '/robot[@name="r"]/joint[@name="j2"]', "b -> c -> b"],
  [
    "urdf/invalid/duplicate_link.urdf",
    "DUPLICATE_NAME",
    3,
    9,
    '/robot[@name="r"]/link[@name="a"]/@name',
    "link with name [a] already exists (line 2)",
  ],
  [
    "urdf/invalid/gazebo_plugin_joint.urdf",
    "REFERENCE_INVALID",
    4,
    5,
    '/robot[@name="r"]/gazebo/plugin[@name="gz::sim::systems::DiffDrive"]/left_joint',
    "joint [ghost_left]",
  ],
  [
    "urdf/invalid/geometry_size.urdf",
    "GEOMETRY_INVALID",
    2,
    47,
    '/robot[@name="r"]/link[@name="a"]/collision/geometry/sphere/@radius',
    "radius [-1] is negative",
  ],
  [
    "urdf/invalid/inertia_geometry.urdf",
    "INERTIA_GEOMETRY_MISMATCH",
    2,
    48,
    '/robot[@name="r"]/link[@name="a"]/inertial/inertia',
    "0.0001 kg·m² is 1667000 times smaller",
  ],
  [
    "urdf/invalid/declaration_after_comment.urdf",
    "XML_TOLERATED",
    2,
    1,
    undefined,
    "the XML declaration comes after a comment; check_urdf or libsdformat read the file",
  ],
  [
    "urdf/invalid/com_outside.urdf",
    "COM_OUTSIDE_GEOMETRY",
    2,
    36,
    '/robot[@name="r"]/link[@name="a"]/inertial/origin/@xyz',
    "lies 1 m outside its collision shapes' bounding box",
  ],
  [
    "urdf/invalid/limit_missing.urdf",
    "JOINT_LIMIT_MISSING",
    3,
    3,
    '/robot[@name="r"]/joint[@name="j"]',
    "prismatic joint [j] has no <limit>",
  ],
  [
    "urdf/invalid/limit_order.urdf",
    "JOINT_LIMIT_INVALID",
    4,
    12,
    '/robot[@name="r"]/joint[@name="j"]/limit/@lower',
    "lower 1 > upper -1",
  ],
  [
    "urdf/invalid/material_undefined.urdf",
    "MATERIAL_UNDEFINED",
    2,
    77,
    '/robot[@name="r"]/link[@name="a"]/visual/material[@name="blue"]/@name',
    "material [blue]",
  ],
  [
    "urdf/invalid/mesh_missing.urdf",
    "RESOURCE_NOT_FOUND",
    2,
    42,
    '/robot[@name="r"]/link[@name="a"]/visual/geometry/mesh/@filename',
    "mesh [package://no_such_package/meshes/base.stl] not found",
  ],
  [
    "urdf/invalid/mimic_missing.urdf",
    "JOINT_MIMIC_INVALID",
    3,
    79,
    '/robot[@name="r"]/joint[@name="j"]/mimic/@joint',
    "mimics joint [ghost]",
  ],
  ["urdf/invalid/no_links.urdf", "MODEL_WITHOUT_LINK", 1, 1, '/robot[@name="r"]', "has no <link>"],
  [
    "urdf/invalid/not_finite.urdf",
    "NUMBER_NOT_FINITE",
    2,
    34,
    '/robot[@name="r"]/link[@name="a"]/visual/origin/@xyz',
    "NaN",
  ],
  ["urdf/invalid/not_xml.urdf", "XML_ERROR", 3, 1, undefined, "Expected closing tag 'link'"],
  [
    "urdf/invalid/parent_missing.urdf",
    "JOINT_PARENT_LINK_INVALID",
    3,
    40,
    '/robot[@name="r"]/joint[@name="j"]/parent/@link',
    "parent link [nope]",
  ],
  [
    "urdf/invalid/parent_same_as_child.urdf",
    "JOINT_PARENT_SAME_AS_CHILD",
    3,
    57,
    '/robot[@name="r"]/joint[@name="j"]/child/@link',
    "link [a] as both parent and child",
  ],
  [
    "urdf/invalid/ros2_control_joint.urdf",
    "REFERENCE_INVALID",
    4,
    12,
    '/robot[@name="r"]/ros2_control[@name="s"]/joint[@name="ghost"]/@name',
    "ros2_control [s] names joint [ghost]",
  ],
  [
    "urdf/invalid/transmission_joint.urdf",
    "REFERENCE_INVALID",
    4,
    12,
    '/robot[@name="r"]/transmission[@name="t"]/joint[@name="ghost"]/@name',
    "transmission [t] names joint [ghost]",
  ],
  [
    "urdf/invalid/triangle_inequality.urdf",
    "LINK_INERTIA_INVALID",
    3,
    32,
    '/robot[@name="r"]/link[@name="a"]/inertial/inertia',
    "triangle inequality",
  ],
  [
    "urdf/invalid/two_parents.urdf",
    "LINK_MULTIPLE_PARENTS",
    4,
    58,
    '/robot[@name="r"]/joint[@name="j2"]/child/@link',
    "link [c] is the child of joint [j2] and of joint [j1]",
  ],
  [
    "urdf/invalid/two_roots.urdf",
    "MODEL_MULTIPLE_ROOTS",
    3,
    3,
    '/robot[@name="r"]/link[@name="b"]',
    "2 root links (a, b)",
  ],
  [
    "urdf/invalid/unknown_element.urdf",
    "ELEMENT_UNRECOGNIZED",
    2,
    18,
    '/robot[@name="r"]/link[@name="a"]/inertail',
    "<inertail>",
  ],
  [
    "urdf/invalid/zero_axis.urdf",
    "JOINT_AXIS_ZERO",
    3,
    78,
    '/robot[@name="r"]/joint[@name="j"]/axis/@xyz',
    "joint [j] axis is (0, 0, 0)",
  ],
  [
    "urdf/invalid/zero_mass.urdf",
    "MODEL_WITHOUT_LINK",
    3,
    15,
    '/robot[@name="r"]/link[@name="a"]/inertial/mass',
    "link [a] has mass 0, so it leaves out [a] and no link remains (Error Code 16",
  ],
  [
    "urdf/invalid/tiny_mass.urdf",
    "MODEL_WITHOUT_LINK",
    3,
    15,
    '/robot[@name="r"]/link[@name="a"]/inertial/mass',
    "link [a] has mass 1e-9 kg, which libsdformat reads as 0 (within 1e-6 kg), so it leaves out [a]",
  ],
  [
    "sdf/invalid/attached_to_cycle.sdf",
    "FRAME_ATTACHED_TO_CYCLE",
    4,
    21,
    '/sdf/model[@name="m"]/frame[@name="a"]/@attached_to',
    "m::a -> m::b -> m::a",
  ],
  [
    "sdf/invalid/attached_to_invalid.sdf",
    "FRAME_ATTACHED_TO_INVALID",
    4,
    21,
    '/sdf/model[@name="m"]/frame[@name="f"]/@attached_to',
    "attached_to [ghost] of frame [f]",
  ],
  [
    "sdf/invalid/bad_double.sdf",
    "ELEMENT_INVALID",
    3,
    30,
    '/sdf/model[@name="m"]/link[@name="l"]/inertial/mass',
    "value [heavy] of <mass> is not a valid double",
  ],
  [
    "sdf/invalid/canonical_link.sdf",
    "MODEL_CANONICAL_LINK_INVALID",
    2,
    19,
    '/sdf/model[@name="m"]/@canonical_link',
    "canonical_link with name [ghost]",
  ],
  [
    "sdf/invalid/color.sdf",
    "ELEMENT_INVALID",
    4,
    17,
    '/sdf/model[@name="m"]/link[@name="l"]/visual[@name="v"]/material/ambient',
    "outside [0, 1]",
  ],
  ["sdf/invalid/deprecated_version.sdf", "VERSION_DEPRECATED", 1, 1, "/gazebo", "[1.2] is deprecated"],
  [
    "sdf/invalid/duplicate_link.sdf",
    "DUPLICATE_NAME",
    4,
    11,
    '/sdf/model[@name="m"]/link[@name="l"]/@name',
    "link with name [l] already exists",
  ],
  [
    "sdf/invalid/expressed_in.sdf",
    "JOINT_AXIS_EXPRESSED_IN_INVALID",
    4,
    82,
    '/sdf/model[@name="m"]/joint[@name="j"]/axis/xyz/@expressed_in',
    "expressed_in [ghost]",
  ],
  [
    "sdf/invalid/include_not_sdf.sdf",
    "INCLUDE_NOT_SDF",
    3,
    14,
    '/sdf/world[@name="w"]/include/uri',
    "which is not an SDF file",
  ],
  [
    "sdf/invalid/include_missing.sdf",
    "URI_LOOKUP",
    3,
    14,
    '/sdf/world[@name="w"]/include/uri',
    "model://no_such_model",
  ],
  [
    "sdf/invalid/inertia.sdf",
    "LINK_INERTIA_INVALID",
    4,
    17,
    '/sdf/model[@name="m"]/link[@name="l"]/inertial/mass',
    "mass -2",
  ],
  [
    "sdf/invalid/infinite_pose.sdf",
    "NUMBER_NOT_FINITE",
    3,
    20,
    '/sdf/model[@name="m"]/link[@name="l"]/pose',
    "[1e999], which is infinite",
  ],
  [
    "sdf/invalid/joint_child_invalid.sdf",
    "JOINT_CHILD_LINK_INVALID",
    4,
    52,
    '/sdf/model[@name="m"]/joint[@name="j"]/child',
    "child frame [nope] of joint [j]",
  ],
  [
    "sdf/invalid/joint_parent_invalid.sdf",
    "JOINT_PARENT_LINK_INVALID",
    4,
    34,
    '/sdf/model[@name="m"]/joint[@name="j"]/parent',
    "parent frame [nope] of joint [j]",
  ],
  [
    "sdf/invalid/joint_same.sdf",
    "JOINT_PARENT_SAME_AS_CHILD",
    4,
    52,
    '/sdf/model[@name="m"]/joint[@name="j"]/child',
    "[l] is both",
  ],
  [
    "sdf/invalid/limit_order.sdf",
    "JOINT_LIMIT_INVALID",
    5,
    36,
    '/sdf/model[@name="m"]/joint[@name="j"]/axis/limit/lower',
    "lower 2 > upper 1",
  ],
  [
    "sdf/invalid/material_script.sdf",
    "ELEMENT_INVALID",
    4,
    17,
    '/sdf/model[@name="m"]/link[@name="l"]/visual[@name="v"]/material/script',
    "needs a non-empty <uri> (no <uri> given)",
  ],
  [
    "sdf/invalid/mesh_format.sdf",
    "RESOURCE_FORMAT_UNSUPPORTED",
    3,
    53,
    '/sdf/model[@name="m"]/link[@name="l"]/visual[@name="v"]/geometry/mesh/uri',
    "has format [config]",
  ],
  [
    "sdf/invalid/merge_include_world.sdf",
    "MERGE_INCLUDE_UNSUPPORTED",
    3,
    14,
    '/sdf/world[@name="w"]/include/@merge',
    "merge-include",
  ],
  [
    "sdf/invalid/mimic.sdf",
    "JOINT_AXIS_MIMIC_INVALID",
    5,
    36,
    '/sdf/model[@name="m"]/joint[@name="j"]/axis/mimic/@joint',
    "mimic joint [ghost]",
  ],
  [
    "sdf/invalid/missing_attribute.sdf",
    "ATTRIBUTE_MISSING",
    3,
    5,
    '/sdf/model[@name="m"]/link',
    "required attribute [name] of <link>",
  ],
  [
    "sdf/invalid/missing_element.sdf",
    "ELEMENT_MISSING",
    4,
    5,
    '/sdf/model[@name="m"]/joint[@name="j"]',
    "<parent> of <joint>",
  ],
  ["sdf/invalid/no_link.sdf", "MODEL_WITHOUT_LINK", 2, 3, '/sdf/model[@name="m"]', "model [m] has no <link>"],
  ["sdf/invalid/not_a_description.sdf", "VERSION_UNSUPPORTED", 1, 1, "/html", "neither <robot> (URDF) nor <sdf> (SDF)"],
  ["sdf/invalid/not_xml.sdf", "XML_ERROR", 3, 1, undefined, "Expected closing tag 'model'"],
  [
    "sdf/invalid/old_version.sdf",
    "VERSION_CONVERTED",
    1,
    1,
    "/sdf",
    "read through libsdformat's conversions to 1.5, 1.6",
  ],
  [
    "sdf/invalid/old_version.sdf",
    "JOINT_CHILD_LINK_INVALID",
    4,
    55,
    '/sdf/model[@name="m"]/joint[@name="j"]/child',
    "child frame [nope]",
  ],
  [
    "sdf/invalid/placement_frame.sdf",
    "MODEL_PLACEMENT_FRAME_INVALID",
    2,
    19,
    '/sdf/model[@name="m"]/@placement_frame',
    "placement_frame [ghost]",
  ],
  [
    "sdf/invalid/placement_without_pose.sdf",
    "MODEL_PLACEMENT_FRAME_INVALID",
    3,
    36,
    '/sdf/world[@name="w"]/include/placement_frame',
    "<pose> is required",
  ],
  [
    "sdf/invalid/plugin_joint.sdf",
    "REFERENCE_INVALID",
    5,
    7,
    '/sdf/model[@name="m"]/plugin[@name="gz::sim::systems::JointPositionController"]/joint_name',
    "joint [ghost]",
  ],
  [
    "sdf/invalid/relative_to_cycle.sdf",
    "POSE_RELATIVE_TO_CYCLE",
    4,
    27,
    '/sdf/model[@name="m"]/frame[@name="a"]/pose/@relative_to',
    "m::a -> m::b -> m::a",
  ],
  [
    "sdf/invalid/relative_to_invalid.sdf",
    "POSE_RELATIVE_TO_INVALID",
    3,
    26,
    '/sdf/model[@name="m"]/link[@name="l"]/pose/@relative_to',
    "relative_to [nowhere] of link [l]",
  ],
  [
    "sdf/invalid/repeated.sdf",
    "ELEMENT_REPEATED",
    3,
    44,
    '/sdf/model[@name="m"]/link[@name="l"]/inertial/mass[1]',
    "<mass> may appear at most once in <inertial>",
  ],
  [
    "sdf/invalid/reserved_name.sdf",
    "RESERVED_NAME",
    3,
    11,
    '/sdf/model[@name="m"]/link[@name="world"]/@name',
    "link name [world] is reserved",
  ],
  [
    "sdf/invalid/root_reference.sdf",
    "ATTRIBUTE_INVALID",
    3,
    26,
    '/sdf/model[@name="m"]/link[@name="l"]/pose/@relative_to',
    "'__root__' is reserved",
  ],
  ["sdf/invalid/two_models.sdf", "ELEMENT_INCORRECT_TYPE", 3, 3, '/sdf/model[@name="b"]', "only one top-level"],
  [
    "sdf/invalid/unknown_attribute.sdf",
    "ATTRIBUTE_INCORRECT_TYPE",
    2,
    19,
    '/sdf/model[@name="m"]/@colour',
    "attribute [colour] is not defined for <model> in SDF 1.9",
  ],
  [
    "sdf/invalid/unknown_element.sdf",
    "ELEMENT_UNRECOGNIZED",
    3,
    20,
    '/sdf/model[@name="m"]/link[@name="l"]/not_a_link_element',
    "<not_a_link_element>",
  ],
  ["sdf/invalid/unknown_version.sdf", "VERSION_UNSUPPORTED", 1, 1, "/sdf", "[two]"],
  [
    "sdf/invalid/zero_axis.sdf",
    "JOINT_AXIS_ZERO",
    4,
    77,
    '/sdf/model[@name="m"]/joint[@name="j"]/axis/xyz',
    "the norm of the axis vector cannot be zero",
  ],
];

describe("validator fixtures: code, message, line:col and XML path", () => {
  it.each(cases)("%s reports %s", (file, code, line, column, xmlPath, text) => {
    const found = check(file).find((d) => d.code === code);
    expect(found, `no ${code} in ${file}`).toBeDefined();
    expect(found?.message).toContain(text);
    expect([found?.file, found?.line, found?.column, found?.xmlPath]).toEqual([file, line, column, xmlPath]);
  });

  it("has a fixture for every invalid file, and each invalid fixture is covered by a case", () => {
    const files = ["urdf", "sdf"].flatMap((k) =>
      readdirSync(join(fixtures, k, "invalid")).map((f) => `${k}/invalid/${f}`),
    );
    expect(files.sort()).toEqual([...new Set(cases.map((c) => c[0]))].sort());
  });

  it("has a fixture for every code the validator can emit", () => {
    const sources = ["rules", "schema"].flatMap((d) =>
      readdirSync(join(here, "..", "..", "src", "validate", d)).map((f) =>
        readFileSync(join(here, "..", "..", "src", "validate", d, f), "utf8"),
      ),
    );
    sources.push(readFileSync(join(here, "..", "..", "src", "validate", "validateSdf.ts"), "utf8"));
    const emitted = new Set(
      sources.flatMap((s) => [...s.matchAll(/(?:report\(|push\(|code: )"([A-Z_]+)"/g)].map((m) => m[1] ?? "")),
    );
    for (const entry of Object.values(severityPolicy)) emitted.add(entry.code);
    const covered = new Set(cases.map((c) => c[1]));
    // Codes whose cases cannot be a small fixture file (a 33-file include chain, a FIFO, a file
    // outside the roots, files over the size, element and diagnostic limits) have their own tests:
    // test/cli/includeHardening.test.ts and test/security/limits.test.ts; mesh codes: test/mesh; the xacro budgets'
    // (a 10^9-item list, a symlink loop) test/xacro/xacroBudgets.test.ts; robokit view's refusals (a
    // running server) test/view/viewServer.test.ts.
    const ownTests = new Set([
      "VIEW_FILE_NOT_REGULAR",
      "VIEW_FILE_OUTSIDE_ROOTS",
      "VIEW_FILE_TOO_LARGE",
      "VIEW_URL_REMOTE",
      "XACRO_VALUE_TOO_LARGE",
      "XACRO_TOO_MANY_STEPS",
      "XACRO_TOO_DEEP",
      "XACRO_OUTPUT_TOO_LARGE",
      "PACKAGE_SEARCH_LIMIT",
      "INTERNAL_ERROR",
      "INCLUDE_DEPTH_EXCEEDED",
      "INCLUDE_NOT_REGULAR_FILE",
      "INCLUDE_OUTSIDE_ROOTS",
      "INCLUDE_TOO_LARGE",
      "INCLUDE_TOTAL_TOO_LARGE",
      "INPUT_TOO_LARGE",
      "TOO_MANY_ELEMENTS",
      "TOO_MANY_ERRORS",
      "MESH_INVALID",
      "MESH_TOO_LARGE",
      "MESH_NOT_CLOSED",
      "MESH_INVERTED",
      "MESH_SHELLS_OVERLAP",
      "MESH_READ_BUDGET_EXCEEDED",
      "MESH_FEATURE_IGNORED",
      "MESH_UNITS_SUSPECT",
      "DENSITY_IMPLAUSIBLE",
      // What convert, emit and build do not carry: test/cli/convertCarries.test.ts.
      "EXTENSION_NOT_CARRIED",
      // Meshes written beside an MJCF: test/mjcf/convertMjcfMeshes.test.ts.
      "MESH_CONVERTED",
      // ros2_control parameter files: test/validate/controllers.test.ts and controllersCorpus.test.ts.
      "PARAMETER_FILE_INVALID",
      "CONTROLLER_TYPE_UNKNOWN",
      "CONTROLLER_TYPE_UNCHECKED",
      "PARAMETER_UNDECLARED",
      "PARAMETER_TYPE_MISMATCH",
      "PARAMETER_VALUE_INVALID",
      "PARAMETER_VALIDATOR_UNCHECKED",
      "PARAMETER_MISSING",
      "CONTROLLER_NOT_LOADED",
      "CONTROLLER_JOINT_UNKNOWN",
      "CONTROLLER_INTERFACE_MISSING",
      "CONTROLLER_GEOMETRY_MISMATCH",
      "CONTROLLER_INTERFACE_CONFLICT",
      "PARAMETER_REPEATED",
      "CONTROLLER_PACKAGE_MISMATCH",
      "PARAMETERS_ELSEWHERE",
      // The distro note: test/cli/validateControllers.test.ts and src/cli/lsp/validateOpenDocument.test.ts.
      "CONTROLLER_DISTRO",
      // A drive read from a robot's controllers (sim and import --controllers):
      // src/validate/controllers/controllerDrive.test.ts and test/sim/simYourRobot.test.ts.
      "CONTROLLER_NOT_DRIVABLE",
      "CONTROLLER_JOINTS_UNDECLARED",
    ]);
    const uncovered = [...emitted].filter((c) => !covered.has(c) && !ownTests.has(c)).sort();
    expect(emitted.size).toBeGreaterThan(30);
    expect(uncovered).toEqual([]);
  });

  it.each(["urdf/valid/rover.urdf", "sdf/valid/rover.sdf", "sdf/valid/world_with_include.sdf"])(
    "%s is clean, even with --strict",
    (file) => {
      expect(check(file, true)).toEqual([]);
    },
  );

  it("--strict turns unknown elements and attributes into errors", () => {
    expect(check("sdf/invalid/unknown_element.sdf").map((d) => d.severity)).toEqual(["warning"]);
    expect(check("sdf/invalid/unknown_element.sdf", true).map((d) => d.severity)).toEqual(["error"]);
    expect(check("sdf/invalid/unknown_attribute.sdf", true).map((d) => d.severity)).toEqual(["error"]);
  });

  it("keeps going after errors: one run reports every problem of a file", () => {
    const codes = check("urdf/invalid/two_parents.urdf")
      .filter((d) => d.severity === "error")
      .map((d) => d.code);
    expect(codes).toEqual(["MODEL_MULTIPLE_ROOTS", "LINK_MULTIPLE_PARENTS"]);
  });
});

describe("cross-check with the real tools", () => {
  it.each(["sdf/valid/rover.sdf", "sdf/valid/world_with_include.sdf"])("ign sdf -k accepts %s", (file) => {
    if (!haveTool("ign", "libsdformat cross-check of SDF fixtures")) return;
    const run = spawnSync("ign", ["sdf", "-k", join(fixtures, file)], {
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, SDF_PATH: models },
    });
    expect(run.stdout).toContain("Valid.");
  });

  it("check_urdf accepts the valid URDF fixture", () => {
    if (!haveTool("check_urdf", "urdfdom cross-check of URDF fixtures")) return;
    const run = runTool("check_urdf", [join(fixtures, "urdf/valid/rover.urdf")]);
    expect(run.status).toBe(0);
  });

  // Files both libsdformat and robokit reject (the deliberate differences are in the conformance report).
  it.each([
    "sdf/invalid/duplicate_link.sdf",
    "sdf/invalid/reserved_name.sdf",
    "sdf/invalid/joint_parent_invalid.sdf",
    "sdf/invalid/joint_child_invalid.sdf",
    "sdf/invalid/joint_same.sdf",
    "sdf/invalid/relative_to_invalid.sdf",
    "sdf/invalid/relative_to_cycle.sdf",
    "sdf/invalid/attached_to_invalid.sdf",
    "sdf/invalid/attached_to_cycle.sdf",
    "sdf/invalid/canonical_link.sdf",
    "sdf/invalid/no_link.sdf",
    "sdf/invalid/inertia.sdf",
    "sdf/invalid/zero_axis.sdf",
    "sdf/invalid/bad_double.sdf",
    "sdf/invalid/missing_attribute.sdf",
    "sdf/invalid/not_xml.sdf",
    "sdf/invalid/material_script.sdf",
  ])("ign sdf -k also rejects %s", (file) => {
    if (!haveTool("ign", "libsdformat cross-check of SDF fixtures")) return;
    const run = runTool("ign", ["sdf", "-k", join(fixtures, file)]);
    expect(run.stdout).not.toMatch(/^Valid\.$/m);
    expect(check(file).some((d) => d.severity === "error")).toBe(true);
  });
});
