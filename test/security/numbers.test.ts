import { describe, expect, it } from "vitest";

import { readXml } from "../../src/parse/readXml.js";
import { urdfToModel } from "../../src/parse/urdfToModel.js";
import { validateFile } from "../../src/validate/validateFile.js";

const urdf = (mass: string, name = "a"): string =>
  `<robot name="r"><link name="${name}"><inertial><mass value="${mass}"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link></robot>`;

describe("numbers and references read as XML defines them", () => {
  it("a NaN padded past 4,096 characters is still NUMBER_NOT_FINITE", () => {
    const codes = validateFile(urdf(`${" ".repeat(5000)}NaN`), "x.urdf").map((d) => d.code);
    expect(codes).toContain("NUMBER_NOT_FINITE");
    expect(validateFile(urdf(`${" ".repeat(5000)}1`), "x.urdf")).toEqual([]);
  });

  it("numeric character references are decoded, decimal and hexadecimal, and &amp; is decoded last", () => {
    expect(validateFile(urdf("&#49;"), "x.urdf")).toEqual([]);
    expect(validateFile(urdf("&#x31;.5"), "x.urdf")).toEqual([]);
    const m = urdfToModel(urdf("&#x32;", "l&#65;"), "x.urdf");
    expect(m.robot?.links[0]?.name).toBe("lA");
    expect(m.robot?.links[0]?.inertial?.mass).toBe(2);
    const literal = readXml(`<a b="&amp;#49;">&amp;#x41;</a>`, "x.xml").document.root;
    expect(literal?.attributes[0]?.value).toBe("&#49;");
    expect(literal?.text).toBe("&#x41;");
  });

  it("a reference to NUL or U+FFFE is not well-formed XML (XML_ERROR with its place)", () => {
    for (const ref of ["&#0;", "&#x0;", "&#xFFFE;", "&#xD800;", "&#1114112;"]) {
      const m = urdfToModel(urdf("1", `a${ref}b`), "x.urdf");
      expect(m.robot, ref).toBeUndefined();
      expect(
        m.diagnostics.map((d) => d.code),
        ref,
      ).toEqual(["XML_ERROR"]);
      expect(m.diagnostics[0]?.column, ref).toBe(30);
    }
  });

  it("links called inf and nan are names, not numbers", () => {
    const text = `<robot name="r"><link name="inf"/><link name="nan"/><joint name="j" type="fixed"><parent link="inf"/><child link="nan"/></joint></robot>`;
    expect(validateFile(text, "x.urdf").filter((d) => d.code === "NUMBER_NOT_FINITE")).toEqual([]);
    const sdf = `<sdf version="1.9"><model name="m"><link name="inf"/><link name="nan"/><joint name="j" type="fixed"><parent>inf</parent><child>nan</child></joint></model></sdf>`;
    expect(validateFile(sdf, "x.sdf").filter((d) => d.code === "NUMBER_NOT_FINITE")).toEqual([]);
  });
});

describe("SDF poses", () => {
  const sdf = (pose: string): string =>
    `<sdf version="1.9"><model name="m"><link name="l">${pose}</link></model></sdf>`;
  it("7 numbers without rotation_format is an error; quat_xyzw takes 7, euler_rpy 6", () => {
    expect(validateFile(sdf("<pose>0 0 0 0 0 0 1</pose>"), "x.sdf").map((d) => d.code)).toContain("ELEMENT_INVALID");
    expect(
      validateFile(sdf('<pose rotation_format="quat_xyzw">0 0 0 0 0 0 1</pose>'), "x.sdf").filter(
        (d) => d.severity === "error",
      ),
    ).toEqual([]);
    expect(validateFile(sdf("<pose>0 0 0 0 0 0</pose>"), "x.sdf").filter((d) => d.severity === "error")).toEqual([]);
    expect(
      validateFile(sdf('<pose rotation_format="quat_xyzw">0 0 0 0 0 0</pose>'), "x.sdf").map((d) => d.code),
    ).toContain("ELEMENT_INVALID");
  });
});
