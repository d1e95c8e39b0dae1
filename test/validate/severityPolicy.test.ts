import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import { diagnosticCodes } from "../../src/diagnostics/codes.js";
import type { Diagnostic } from "../../src/diagnostics/Diagnostic.js";
import { renderSeverityTable } from "../../src/diagnostics/renderSeverityTable.js";
import { severityPolicy } from "../../src/diagnostics/severityPolicy.js";
import { validateFile } from "../../src/validate/validateFile.js";
import { haveTool, runTool } from "../support/tools.js";

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, "..", "..", "src", "validate");

const link = (
  name: string,
  inner = '<inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>',
): string => `<link name="${name}">${inner}</link>`;
const joint = (type: string, limit = '<limit lower="-1" upper="1" effort="1" velocity="1"/>', extra = ""): string =>
  `<joint name="j" type="${type}"><parent link="a"/><child link="b"/>${limit}${extra}</joint>`;
const robot = (body: string): string => `<robot name="r">${body}</robot>`;
const box = (size: string): string =>
  `<visual><geometry><box size="${size}"/></geometry></visual><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>`;

/**
 * Small URDFs for each severity decision, with the finding and what urdfdom (check_urdf 3.0.1)
 * does with them: the warnings are all files check_urdf loads (checked below when it is installed).
 */
const cases: { name: string; text: string; finding: keyof typeof severityPolicy; urdfdomLoads: boolean }[] = [
  {
    name: "mass zero on a moving link",
    text: robot(
      link("a") +
        link("b", '<inertial><mass value="0"/><inertia ixx="0" iyy="0" izz="0" ixy="0" ixz="0" iyz="0"/></inertial>') +
        joint("revolute"),
    ),
    finding: "urdfGazeboDropsLinks",
    urdfdomLoads: true,
  },
  {
    name: "mass zero on the root",
    text: robot(
      link("a", '<inertial><mass value="0"/><inertia ixx="0" iyy="0" izz="0" ixy="0" ixz="0" iyz="0"/></inertial>') +
        link("b") +
        joint("revolute"),
    ),
    finding: "urdfGazeboNoLink",
    urdfdomLoads: true,
  },
  {
    name: "root link without inertial",
    text: robot(link("a", "") + link("b") + joint("revolute")),
    finding: "urdfGazeboNoLink",
    urdfdomLoads: true,
  },
  {
    name: "robot name empty",
    text: robot(link("a")).replace('name="r"', 'name=""'),
    finding: "urdfRobotNameEmpty",
    urdfdomLoads: true,
  },
  {
    name: "moving link without inertial",
    text: robot(link("a") + link("b", "") + joint("continuous", "")),
    finding: "urdfGazeboDropsLinks",
    urdfdomLoads: true,
  },
  {
    name: "zero principal moment",
    text: robot(
      link("a") +
        link("b", '<inertial><mass value="1"/><inertia ixx="0" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>') +
        joint("revolute"),
    ),
    finding: "inertiaZeroMoment",
    urdfdomLoads: true,
  },
  {
    name: "missing products of inertia",
    text: robot(link("a", '<inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1"/></inertial>')),
    finding: "urdfInertiaProductMissing",
    urdfdomLoads: true,
  },
  {
    name: "undeclared material",
    text: robot(link("a", `${box("1 1 1").replace("</geometry>", '</geometry><material name="white"/>')}`)),
    finding: "materialUndefined",
    urdfdomLoads: true,
  },
  { name: "zero-size box", text: robot(link("a", box("0 0 0"))), finding: "geometryZeroSize", urdfdomLoads: true },
  {
    name: "box with two numbers",
    text: robot(link("a", box("1 1"))),
    finding: "urdfGeometryValueInvalid",
    urdfdomLoads: true,
  },
  {
    name: "geometry without shape",
    text: robot(
      link(
        "a",
        '<visual><geometry></geometry></visual><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>',
      ),
    ),
    finding: "geometryNoShape",
    urdfdomLoads: true,
  },
  {
    name: "link and joint with one name",
    text: robot(link("a") + link("b") + joint("continuous", "").replace('name="j"', 'name="b"')),
    finding: "urdfLinkJointSameName",
    urdfdomLoads: true,
  },
  {
    name: "lower > upper",
    text: robot(link("a") + link("b") + joint("revolute", '<limit lower="1" upper="-1" effort="1" velocity="1"/>')),
    finding: "limitLowerAboveUpper",
    urdfdomLoads: true,
  },
  {
    name: "effort 0",
    text: robot(link("a") + link("b") + joint("revolute", '<limit lower="-1" upper="1" effort="0" velocity="1"/>')),
    finding: "limitZeroRate",
    urdfdomLoads: true,
  },
  {
    name: "negative velocity",
    text: robot(link("a") + link("b") + joint("revolute", '<limit lower="-1" upper="1" effort="1" velocity="-1"/>')),
    finding: "limitNegativeRate",
    urdfdomLoads: true,
  },
  {
    name: "transmission of a missing joint",
    text: robot(
      `${link("a")}<transmission name="t"><type>x</type><joint name="ghost"><hardwareInterface>y</hardwareInterface></joint><actuator name="m"/></transmission>`,
    ),
    finding: "transmissionJointMissing",
    urdfdomLoads: true,
  },
  {
    name: "gazebo reference to a missing link",
    text: robot(`${link("a")}<gazebo reference="ghost"><mu1>1</mu1></gazebo>`),
    finding: "gazeboReferenceMissing",
    urdfdomLoads: true,
  },
  {
    name: "colour out of range",
    text: robot(
      link(
        "a",
        box("1 1 1").replace("</geometry>", '</geometry><material name="red"><color rgba="2 0 0 1"/></material>'),
      ),
    ),
    finding: "colorOutOfRange",
    urdfdomLoads: true,
  },
  {
    name: "negative mass",
    text: robot(
      link("a", '<inertial><mass value="-1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>'),
    ),
    finding: "massNegative",
    urdfdomLoads: true,
  },
  {
    name: "negative principal moment",
    text: robot(
      link("a", '<inertial><mass value="1"/><inertia ixx="-1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>'),
    ),
    finding: "inertiaNegativeMoment",
    urdfdomLoads: true,
  },
  {
    name: "triangle inequality",
    text: robot(
      link("a", '<inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="5" ixy="0" ixz="0" iyz="0"/></inertial>'),
    ),
    finding: "inertiaTriangle",
    urdfdomLoads: true,
  },
  {
    name: "NaN mass",
    text: robot(
      link("a", '<inertial><mass value="nan"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>'),
    ),
    finding: "numberNotFinite",
    urdfdomLoads: true,
  },
  {
    name: "negative radius",
    text: robot(link("a", '<visual><geometry><sphere radius="-1"/></geometry></visual>')),
    finding: "geometryNegativeSize",
    urdfdomLoads: true,
  },
  {
    name: "revolute joint without limit",
    text: robot(link("a") + link("b") + joint("revolute", "")),
    finding: "urdfLimitMissing",
    urdfdomLoads: false,
  },
  {
    name: "missing parent link",
    text: robot(link("b") + joint("fixed", "")),
    finding: "urdfParentMissing",
    urdfdomLoads: false,
  },
  {
    name: "two parents",
    text: robot(
      link("a") +
        link("b") +
        link("c") +
        joint("fixed", "") +
        '<joint name="k" type="fixed"><parent link="c"/><child link="b"/></joint>',
    ),
    finding: "urdfTwoParents",
    urdfdomLoads: false,
  },
];

function findingsOf(text: string, strict = false): Diagnostic[] {
  return validateFile(text, "t.urdf", { strict });
}

describe("severity policy (src/diagnostics/severityPolicy.ts)", () => {
  it("has an up-to-date table beside the rules (npm run severity-table)", () => {
    expect(readFileSync(join(src, "rules", "SEVERITY.md"), "utf8")).toBe(renderSeverityTable());
  });

  it("is consistent: warnings are what loads, errors what a consumer, the spec or physics forbids; every code exists", () => {
    for (const [finding, entry] of Object.entries(severityPolicy)) {
      expect(Object.keys(diagnosticCodes), finding).toContain(entry.code);
      if (entry.severity === "warning") expect(entry.basis, finding).toBe("loads");
      if (entry.severity === "error") expect(["consumer", "spec", "physics", "note"], finding).toContain(entry.basis);
      expect(entry.consequence.length, finding).toBeGreaterThan(10);
    }
  });

  it("has no dead rows: every finding is reported by some rule", () => {
    const sources = ["rules", "schema"].flatMap((d) =>
      readdirSync(join(src, d))
        .filter((f) => f.endsWith(".ts"))
        .map((f) => readFileSync(join(src, d, f), "utf8")),
    );
    sources.push(
      ...readdirSync(join(src, "..", "parse", "mesh"))
        .filter((f) => f.endsWith(".ts"))
        .map((f) => readFileSync(join(src, "..", "parse", "mesh", f), "utf8")),
    );
    sources.push(
      readFileSync(join(src, "runRules.ts"), "utf8"),
      readFileSync(join(src, "validateSdf.ts"), "utf8"),
      readFileSync(join(src, "..", "parse", "readXml.ts"), "utf8"),
      readFileSync(join(src, "RuleContext.ts"), "utf8"),
    );
    // robokit view reports its refusals through the table too.
    sources.push(readFileSync(join(src, "..", "cli", "view", "viewRefusalDiagnostic.ts"), "utf8"));
    // xacro's budgets and lookups, reported from the expander's files.
    sources.push(
      ...readdirSync(join(src, "..", "parse", "xacro"))
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
        .map((f) => readFileSync(join(src, "..", "parse", "xacro", f), "utf8")),
    );
    // What a conversion does not carry (robokit convert).
    sources.push(readFileSync(join(src, "..", "import", "carryUrdfExtensionsToSdf.ts"), "utf8"));
    // The meshes written beside an MJCF (robokit convert -f mjcf, build, emit -f mjcf -o).
    sources.push(readFileSync(join(src, "..", "cli", "mjcfMeshFiles.ts"), "utf8"));
    // The ros2_control parameter file checks (docs/controllers.md).
    sources.push(
      ...readdirSync(join(src, "controllers"))
        .filter((f) => f.endsWith(".ts"))
        .map((f) => readFileSync(join(src, "controllers", f), "utf8")),
    );
    const text = sources.join("\n");
    const unused = Object.keys(severityPolicy).filter(
      (f) => !text.includes(`"${f}"`) && !text.includes(`severityPolicy.${f}.`),
    );
    expect(unused).toEqual([]);
  });

  it.each(cases)("$name: reported as the policy's $finding", ({ text, finding }) => {
    const entry = severityPolicy[finding];
    const found = findingsOf(text).filter((d) => d.code === entry.code && d.severity === entry.severity);
    expect(found.length, JSON.stringify(findingsOf(text))).toBeGreaterThan(0);
    if (entry.severity === "warning") {
      expect(found.some((d) => d.message.endsWith(entry.consequence))).toBe(true);
      expect(findingsOf(text).filter((d) => d.severity === "error")).toEqual([]);
    }
  });

  it("--strict reports every warning as an error, and nothing else changes", () => {
    for (const { text } of cases) {
      const normal = findingsOf(text);
      const strict = findingsOf(text, true);
      expect(strict.map((d) => d.code)).toEqual(normal.map((d) => d.code));
      expect(strict.map((d) => d.severity)).toEqual(
        normal.map((d) => (d.severity === "warning" ? "error" : d.severity)),
      );
    }
  });

  const dir = mkdtempSync(join(tmpdir(), "robokit-severity-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it("matches urdfdom: check_urdf loads every file the policy calls a warning and rejects the consumer errors", () => {
    if (!haveTool("check_urdf", "urdfdom cross-check of the severity policy")) return;
    const wrong: string[] = [];
    cases.forEach(({ name, text, urdfdomLoads, finding }, i) => {
      const file = join(dir, `${i}.urdf`);
      writeFileSync(file, text);
      const loads = runTool("check_urdf", [file]).status === 0;
      if (loads !== urdfdomLoads) wrong.push(`${name}: check_urdf ${loads ? "loads" : "rejects"} it`);
      if (severityPolicy[finding].severity === "warning" && !loads)
        wrong.push(`${name}: a warning, but check_urdf rejects it`);
    });
    expect(wrong).toEqual([]);
  });
});
