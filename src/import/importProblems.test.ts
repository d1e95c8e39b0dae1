import { describe, expect, it } from "vitest";

import { urdfToModel } from "../parse/urdfToModel.js";
import { importProblems } from "./importProblems.js";

describe("importProblems", () => {
  const urdf = (mass: number): string =>
    `<robot name="r"><link name="a"/><link name="b"><inertial><mass value="${mass}"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link><joint name="j" type="continuous"><parent link="a"/><child link="b"/></joint></robot>`;

  it("refuses what a file's consumers load but a robokit module could not build (a massless moving link)", () => {
    const read = urdfToModel(urdf(0), "r.urdf");
    expect(read.robot).toBeDefined();
    expect(importProblems(read.robot!).map((d) => d.code)).toContain("LINK_INERTIA_INVALID");
  });

  it("accepts a physical robot", () => {
    expect(importProblems(urdfToModel(urdf(1), "r.urdf").robot!)).toEqual([]);
  });
});
