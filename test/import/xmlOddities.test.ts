import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { descriptionToModel } from "../../src/parse/descriptionToModel.js";
import { validateFile } from "../../src/validate/validateFile.js";
import { repoRoot } from "../support/testData.js";
import { haveTool, runTool } from "../support/tools.js";

const work = join(repoRoot, "tmp", "xml-oddities");
// One link with mass: libsdformat would refuse a URDF whose only link is massless (Error Code 16).
const URDF =
  '<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link></robot>';
const SDF = '<sdf version="1.9"><model name="m"><link name="a"/></model></sdf>';

/**
 * XML that is not well-formed, with what the reference tool said when it was run on it
 * (check_urdf of urdfdom for URDF, `ign sdf -k` of libsdformat 12 for SDF). The recorded verdict
 * is checked against the live tool wherever it is installed.
 */
const CASES = [
  {
    id: "a declaration after a comment",
    ext: "urdf",
    text: `<!-- c -->\n<?xml version="1.0"?>\n${URDF}`,
    accepts: true,
  },
  { id: "text before the root", ext: "urdf", text: `hello ${URDF}`, accepts: false },
  { id: "a declaration missing its '<'", ext: "urdf", text: `?xml version="1.0"?>\n${URDF}`, accepts: false },
  { id: "text after the root", ext: "urdf", text: `${URDF} trailing`, accepts: true },
  { id: "NULs after the root", ext: "urdf", text: `${URDF}\0\0`, accepts: true },
  {
    id: "a declaration after a comment",
    ext: "sdf",
    text: `<!-- c -->\n<?xml version="1.0"?>\n${SDF}`,
    accepts: false,
  },
  { id: "text before the root", ext: "sdf", text: `hello ${SDF}`, accepts: true },
  { id: "a declaration missing its '<'", ext: "sdf", text: `?xml version="1.0"?>\n${SDF}`, accepts: true },
  { id: "text after the root", ext: "sdf", text: `${SDF} trailing`, accepts: false },
  { id: "NULs after the root", ext: "sdf", text: `${SDF}\0`, accepts: true },
] as const;

beforeAll(() => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
});

describe("import reads the XML oddities its format's reference tool reads, and no others", () => {
  it.each(CASES)("$ext: $id", ({ id, ext, text, accepts }) => {
    const file = join(work, `${id.replace(/\W+/g, "_")}.${ext}`);
    writeFileSync(file, text);
    const tool = ext === "urdf" ? "check_urdf" : "ign";
    if (haveTool(tool, `the reference verdict on XML oddities (${ext})`)) {
      const run = ext === "urdf" ? runTool("check_urdf", [file]) : runTool("ign", ["sdf", "-k", file]);
      expect(run.status === 0, `${tool} on ${id}`).toBe(accepts);
    }
    const read = descriptionToModel(text, file);
    expect(read.robot !== undefined, "robokit reads it").toBe(accepts);
    const codes = read.diagnostics.filter((d) => d.severity !== "info").map((d) => [d.code, d.severity]);
    // Read with one warning that names the oddity, or refused as not well-formed.
    expect(codes).toEqual([accepts ? ["XML_TOLERATED", "warning"] : ["XML_ERROR", "error"]]);
  });

  it("the warning points at the oddity, and positions after it are unchanged", () => {
    const text = `<!-- licence -->\n<?xml version="1.0"?>\n<robot name="r">\n  <link name="a"><inertial><mass value="x"/></inertial></link>\n</robot>`;
    const read = descriptionToModel(text, "r.urdf");
    expect(read.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ["XML_TOLERATED", 2, 1],
      // The bad mass is still reported where it is.
      ...read.diagnostics.filter((d) => d.code !== "XML_TOLERATED").map((d) => [d.code, 4, d.column]),
    ]);
  });
});

describe("validate gives the reference tool's verdict on the same oddities", () => {
  it.each(CASES)("$ext: $id", ({ id, ext, text, accepts }) => {
    const found = validateFile(text, `${id.replace(/\W+/g, "_")}.${ext}`);
    const errors = found.filter((d) => d.severity === "error").map((d) => d.code);
    // An error only where the tool refuses the file; a tolerated oddity is a warning.
    expect(errors).toEqual(accepts ? [] : ["XML_ERROR"]);
    expect(found.some((d) => d.code === "XML_TOLERATED" && d.severity === "warning")).toBe(accepts);
  });
});
