import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { validateOpenDocument } from "./validateOpenDocument.js";

const fixture = join(import.meta.dirname, "..", "..", "..", "test", "validate", "diffbot");
const options = { strict: false, searchPaths: [], packagePaths: [], xacroArgs: [] };

describe("validateOpenDocument on a ros2_control parameter file", () => {
  it("gives robokit validate's controller findings, against the package's robot (its unsaved text)", () => {
    const pkg = mkdtempSync(join(tmpdir(), "robokit-lsp-controllers-"));
    mkdirSync(join(pkg, "config"));
    mkdirSync(join(pkg, "urdf"));
    writeFileSync(join(pkg, "package.xml"), "<package format='3'><name>diffbot</name></package>\n");
    const urdfPath = join(pkg, "urdf", "diffbot.urdf");
    const urdf = readFileSync(join(fixture, "diffbot.urdf"), "utf8");
    writeFileSync(urdfPath, urdf);
    const path = join(pkg, "config", "controllers.yaml");
    const text = readFileSync(join(fixture, "diffbot_controllers.yaml"), "utf8");
    const codes = (unsaved: ReadonlyMap<string, string>) =>
      validateOpenDocument(text, path, "controller-parameters", options, unsaved).map((d) => `${d.line}:${d.code}`);
    expect(codes(new Map())).toEqual([
      "3:PARAMETER_TYPE_MISMATCH",
      "14:CONTROLLER_JOINT_UNKNOWN",
      "16:PARAMETER_TYPE_MISMATCH",
      "17:PARAMETER_UNDECLARED",
      "21:CONTROLLER_INTERFACE_CONFLICT",
    ]);
    // The robot open in the editor with the joint renamed: the unsaved text is what counts.
    const renamed = urdf.replaceAll("right_wheel_joint", "rigth_wheel_joint");
    expect(codes(new Map([[urdfPath, renamed]]))).not.toContain("14:CONTROLLER_JOINT_UNKNOWN");
  });
});
