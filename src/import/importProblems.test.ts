import { describe, expect, it } from "vitest";

import { checkRobot } from "../model/checkRobot.js";
import { urdfToModel } from "../parse/urdfToModel.js";
import { importFindings, markImportedAsRead } from "./importFindings.js";
import { importProblems } from "./importProblems.js";

describe("importProblems and importFindings", () => {
  const urdf = (mass: number): string =>
    `<robot name="r"><link name="a"/><link name="b"><inertial><mass value="${mass}"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link><joint name="j" type="continuous"><parent link="a"/><child link="b"/></joint></robot>`;

  it("keeps what a file's consumers load (a massless moving link) as a finding, and the marked robot passes the model check", () => {
    const robot = urdfToModel(urdf(0), "r.urdf").robot!;
    expect(importProblems(robot)).toEqual([]);
    const findings = importFindings(robot);
    expect(findings.map((d) => [d.code, d.severity])).toEqual([["LINK_INERTIA_INVALID", "warning"]]);
    // Unmarked, an authored robot like this one is refused; marked as read, it builds.
    expect(checkRobot(robot).some((d) => d.severity === "error")).toBe(true);
    const marked = markImportedAsRead(robot, findings);
    expect(marked.imported?.findings).toEqual([findings[0]!.message]);
    expect(checkRobot(marked).filter((d) => d.severity === "error")).toEqual([]);
  });

  it("refuses what no consumer loads (a negative mass)", () => {
    const robot = urdfToModel(urdf(1), "r.urdf").robot!;
    const negative = {
      ...robot,
      links: robot.links.map((l) => (l.inertial === undefined ? l : { ...l, inertial: { ...l.inertial, mass: -1 } })),
    };
    expect(importProblems(negative).map((d) => d.code)).toContain("LINK_INERTIA_INVALID");
  });

  it("finds nothing in a physical robot, which stays unmarked", () => {
    const robot = urdfToModel(urdf(1), "r.urdf").robot!;
    expect(importProblems(robot)).toEqual([]);
    expect(importFindings(robot)).toEqual([]);
    expect(markImportedAsRead(robot, [])).toBe(robot);
  });
});
