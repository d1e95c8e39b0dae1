import { describe, expect, it } from "vitest";

import { readXml } from "../../src/parse/readXml.js";
import { attr, child, type XmlElement } from "../../src/parse/XmlDocument.js";
import { convertSdf } from "../../src/validate/convertSdf.js";
import { validateFile } from "../../src/validate/validateFile.js";

// SDF 1.0–1.5 are checked against their own schema and read through libsdformat's
// .convert files up to 1.6 before the rules run, with positions in the original file.

function root(text: string): XmlElement {
  const r = readXml(text, "t.sdf").document.root;
  if (r === undefined) throw new Error("no root");
  return r;
}

function at(e: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let cur = e;
  for (const p of path) cur = cur === undefined ? undefined : child(cur, p);
  return cur;
}

describe("convertSdf: libsdformat's conversions", () => {
  it("1.0 → 1.6: attributes become elements (rename), <gazebo> becomes <sdf>, positions stay in the original file", () => {
    const text = `<gazebo version="1.0">
  <world name="w">
    <physics type="ode" update_rate="250"><gravity xyz="0 0 -9.8"/></physics>
    <model name="m" static="true">
      <origin pose="1 2 3 0 0 0"/>
      <link name="l"><inertial mass="2"><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
    </model>
  </world>
</gazebo>`;
    const { root: out, steps } = convertSdf(root(text), 0, 6);
    expect(steps).toEqual(["1.2", "1.3", "1.4", "1.5", "1.6"]);
    expect(out.name).toBe("sdf");
    expect(attr(out, "version")).toBe("1.6");
    const model = at(out, "world", "model");
    expect(at(model, "static")?.text).toBe("true");
    expect(at(model, "pose")?.text).toBe("1 2 3 0 0 0");
    const mass = at(model, "link", "inertial", "mass");
    expect(mass?.text).toBe("2");
    expect([mass?.line, mass?.column]).toEqual([6, 32]); // the mass="2" attribute in the original
    expect(mass?.xmlPath).toBe('/sdf/world[@name="w"]/model[@name="m"]/link[@name="l"]/inertial/mass');
    expect(at(model, "link", "inertial", "inertia", "izz")?.text).toBe("1");
    // 1.2 → 1.3 moves physics/update_rate to real_time_update_rate; 1.5 → 1.6 moves gravity to the world.
    expect(at(out, "world", "physics", "real_time_update_rate")?.text).toBe("250");
    expect(at(out, "world", "gravity")?.text).toBe("0 0 -9.8");
    expect(at(out, "world", "physics", "gravity")).toBeUndefined();
  });

  it("1.4 → 1.5 adds use_parent_model_frame to joint axes (add)", () => {
    const out = convertSdf(
      root(
        `<sdf version="1.4"><model name="m"><joint name="j" type="revolute"><axis><xyz>1 0 0</xyz></axis></joint></model></sdf>`,
      ),
      4,
      6,
    ).root;
    expect(at(out, "model", "joint", "axis", "use_parent_model_frame")?.text).toBe("true");
  });

  it("1.5 → 1.6 splits the IMU noise into angular_velocity and linear_acceleration (copy, move, remove)", () => {
    const out = convertSdf(
      root(`<sdf version="1.5"><model name="m"><link name="l"><sensor name="s" type="imu"><imu><noise><type>gaussian</type>
<rate><mean>0.1</mean><stddev>0.2</stddev></rate><accel><mean>0.3</mean><stddev>0.4</stddev></accel></noise></imu></sensor></link></model></sdf>`),
      5,
      6,
    ).root;
    const imu = at(out, "model", "link", "sensor", "imu");
    expect(at(imu, "noise")).toBeUndefined();
    for (const axis of ["x", "y", "z"]) {
      const av = at(imu, "angular_velocity", axis, "noise");
      const la = at(imu, "linear_acceleration", axis, "noise");
      expect(av === undefined ? undefined : attr(av, "type")).toBe("gaussian");
      expect([at(av, "mean")?.text, at(av, "stddev")?.text]).toEqual(["0.1", "0.2"]);
      expect([at(la, "mean")?.text, at(la, "stddev")?.text]).toEqual(["0.3", "0.4"]);
    }
  });

  it("1.6 → 1.7 (descendant_name, move to an attribute, map, remove)", () => {
    const out = convertSdf(
      root(
        `<sdf version="1.6"><model name="m"><link name="l"><pose frame="f">0 0 1 0 0 0</pose></link><joint name="j" type="revolute"><axis><xyz>0 0 1</xyz><use_parent_model_frame>1</use_parent_model_frame></axis></joint></model></sdf>`,
      ),
      6,
      7,
    ).root;
    const pose = at(out, "model", "link", "pose");
    expect(pose === undefined ? undefined : [attr(pose, "relative_to"), attr(pose, "frame")]).toEqual(["f", undefined]);
    const xyz = at(out, "model", "joint", "axis", "xyz");
    expect(xyz === undefined ? undefined : attr(xyz, "expressed_in")).toBe("__model__");
    expect(at(out, "model", "joint", "axis", "use_parent_model_frame")).toBeUndefined();
  });
});

describe("validating SDF 1.0–1.5", () => {
  it("runs the rules on the converted document and reports at the original attribute", () => {
    const text = `<?xml version="1.0"?>
<sdf version="1.0">
  <model name="m">
    <link name="l"><inertial mass="-2"><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  </model>
</sdf>
`;
    const found = validateFile(text, "old.sdf");
    const mass = found.find((d) => d.code === "LINK_INERTIA_INVALID");
    expect(mass?.severity).toBe("error");
    expect([mass?.line, mass?.column]).toEqual([4, 30]);
    expect(found.find((d) => d.code === "VERSION_CONVERTED")?.severity).toBe("info");
  });

  it("checks a 1.4 file against the 1.4 schema, not 1.6", () => {
    // <use_parent_model_frame> exists from 1.5 on: unknown in 1.4, accepted in 1.5.
    const file = (v: string): string =>
      `<sdf version="${v}"><model name="m"><link name="a"/><link name="b"/><joint name="j" type="revolute"><parent>a</parent><child>b</child><axis><xyz>1 0 0</xyz><use_parent_model_frame>true</use_parent_model_frame></axis></joint></model></sdf>`;
    const unknown = (v: string): string[] =>
      validateFile(file(v), "t.sdf")
        .filter((d) => d.code === "ELEMENT_UNRECOGNIZED")
        .map((d) => d.message);
    expect(unknown("1.4")).toEqual([
      expect.stringContaining("<use_parent_model_frame> is not defined as a child of <axis> in SDF 1.4"),
    ]);
    expect(unknown("1.5")).toEqual([]);
  });

  it('accepts <sdf version="1.2"> like libsdformat 12, and flags the <gazebo> root it no longer reads', () => {
    const body = `<model name="m"><link name="l"/></model>`;
    expect(validateFile(`<sdf version="1.2">${body}</sdf>`, "t.sdf").filter((d) => d.severity === "error")).toEqual([]);
    expect(
      validateFile(`<gazebo version="1.2">${body}</gazebo>`, "t.sdf")
        .filter((d) => d.severity === "error")
        .map((d) => d.code),
    ).toEqual(["VERSION_DEPRECATED"]);
  });
});
