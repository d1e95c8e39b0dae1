import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DocumentSymbol, Hover, Position } from "vscode-languageserver";

import { LanguageService } from "./LanguageService.js";
import { RenameRefused } from "./RenameRefused.js";
import { scanTags } from "./scanTags.js";
import { pathToUri } from "./Workspace.js";

const ROBOT = `<?xml version="1.0"?>
<robot name="bot" xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:arg name="prefix" default="r_"/>
  <xacro:property name="wheel_radius" value="0.05"/>
  <xacro:include filename="$(find bot_description)/urdf/wheel.xacro"/>
  <link name="base_link"/>
  <xacro:wheel side="left" radius="\${wheel_radius}"/>
  <link name="arm"/>
  <joint name="arm_joint" type="revolute">
    <parent link="base_link"/>
    <child link="arm"/>
    <limit effort="1" velocity="1"/>
  </joint>
  <ros2_control name="hw" type="system">
    <joint name="arm_joint"/>
  </ros2_control>
</robot>
`;

const WHEEL = `<?xml version="1.0"?>
<robot xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:macro name="wheel" params="side radius:=0.1 *origin">
    <link name="\${side}_wheel"/>
    <joint name="\${side}_wheel_joint" type="continuous">
      <parent link="base_link"/>
      <child link="\${side}_wheel"/>
    </joint>
  </xacro:macro>
</robot>
`;

const SDF = `<sdf version="1.9">
  <model name="m">
    <link name="a"><inertial><mass>1</mass></inertial></link>
    <link name="b"/>
    <joint name="j" type="revolute"><parent>a</parent><child>b</child></joint>
    <include><uri>model://wheel_model</uri></include>
    <link name="c"><visual name="v"><geometry><mesh><uri>package://bot_description/meshes/c.dae</uri></mesh></geometry></visual></link>
  </model>
</sdf>
`;

const CONTROLLERS = `controller_manager:
  ros__parameters:
    update_rate: 100
arm_controller:
  ros__parameters:
    joints:
      - arm_joint
    interface_name: position
gripper_controller:
  ros__parameters:
    joint_names: [arm_joint, "missing_joint"]
`;

const PKG = "/ws/src/bot_description";
const FILES: Record<string, string> = {
  [`${PKG}/urdf/bot.urdf.xacro`]: ROBOT,
  [`${PKG}/urdf/wheel.xacro`]: WHEEL,
  "/ws/m.sdf": SDF,
};

function service(): LanguageService {
  const s = new LanguageService({
    readFile: (p) => FILES[p],
    findPackage: (name) => (name === "bot_description" ? PKG : undefined),
    findModel: (name) => (name === "wheel_model" ? "/ws/models/wheel_model" : undefined),
  });
  s.update(pathToUri(`${PKG}/urdf/bot.urdf.xacro`), ROBOT, 1);
  s.update(pathToUri("/ws/m.sdf"), SDF, 1);
  return s;
}

/** The position of the `nth` occurrence of `needle` in `text`, plus `delta` characters. */
function at(text: string, needle: string, delta = 0, nth = 0): Position {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  if (i === -1) throw new Error(`${needle} not in text`);
  const before = text.slice(0, i + delta);
  const lines = before.split("\n");
  return { line: lines.length - 1, character: lines[lines.length - 1]!.length };
}

function hoverText(h: Hover | null): string {
  return h === null ? "" : (h.contents as { value: string }).value;
}

const robotUri = pathToUri(`${PKG}/urdf/bot.urdf.xacro`);
const wheelUri = pathToUri(`${PKG}/urdf/wheel.xacro`);
const sdfUri = pathToUri("/ws/m.sdf");

describe("LanguageService", () => {
  it("goes to a link's definition from a joint in an included macro file", () => {
    const s = service();
    s.update(wheelUri, WHEEL, 1);
    const defs = s.definition(wheelUri, at(WHEEL, 'link="base_link"', 7));
    expect(defs).toEqual([{ uri: robotUri, range: { start: at(ROBOT, "base_link"), end: at(ROBOT, "base_link", 9) } }]);
  });

  it("goes to a macro, an included file through $(find), a property and an argument", () => {
    const s = service();
    expect(s.definition(robotUri, at(ROBOT, "xacro:wheel", 8)).map((l) => [l.uri, l.range.start])).toEqual([
      [wheelUri, at(WHEEL, '"wheel"', 1)],
    ]);
    expect(s.definition(robotUri, at(ROBOT, "/urdf/wheel.xacro", 3)).map((l) => l.uri)).toEqual([wheelUri]);
    expect(s.definition(robotUri, at(ROBOT, "bot_description)", 2)).map((l) => l.uri)).toEqual([
      pathToUri(`${PKG}/package.xml`),
    ]);
    expect(s.definition(robotUri, at(ROBOT, "${wheel_radius}", 4)).map((l) => l.range.start)).toEqual([
      at(ROBOT, '"wheel_radius"', 1),
    ]);
  });

  it("goes to SDF model:// includes and package:// meshes", () => {
    const s = service();
    expect(s.definition(sdfUri, at(SDF, "model://wheel_model", 12)).map((l) => l.uri)).toEqual([
      pathToUri("/ws/models/wheel_model"),
    ]);
    expect(s.definition(sdfUri, at(SDF, "package://bot_description/meshes", 30)).map((l) => l.uri)).toEqual([
      pathToUri(`${PKG}/meshes/c.dae`),
    ]);
    expect(s.definition(sdfUri, at(SDF, "package://bot_description/meshes", 12)).map((l) => l.uri)).toEqual([
      pathToUri(`${PKG}/package.xml`),
    ]);
  });

  it("finds references of a joint (ros2_control) and renames it everywhere", () => {
    const s = service();
    const refs = s.references(robotUri, at(ROBOT, '"arm_joint"', 1), true);
    expect(refs.map((r) => r.range.start)).toEqual([at(ROBOT, "arm_joint"), at(ROBOT, "arm_joint", 0, 1)]);
    const edit = s.rename(robotUri, at(ROBOT, "arm_joint", 0, 1), "shoulder");
    expect(edit?.changes?.[robotUri]?.map((e) => [e.range.start, e.newText])).toEqual([
      [at(ROBOT, "arm_joint"), "shoulder"],
      [at(ROBOT, "arm_joint", 0, 1), "shoulder"],
    ]);
  });

  it("renames a link across the include", () => {
    const s = service();
    s.update(wheelUri, WHEEL, 1);
    const edit = s.rename(robotUri, at(ROBOT, '"base_link"', 1), "chassis");
    expect(Object.keys(edit?.changes ?? {}).sort()).toEqual([robotUri, wheelUri].sort());
    expect(edit?.changes?.[robotUri]).toHaveLength(2);
    expect(edit?.changes?.[wheelUri]).toHaveLength(1);
  });

  it("completes link names, joint names, macro parameters and allowed children", () => {
    const s = service();
    const typing = ROBOT.replace('<child link="arm"/>', '<child link=""/>');
    s.update(robotUri, typing, 2);
    const links = s.completion(robotUri, at(typing, '<child link="', 13)).map((c) => c.label);
    expect(links).toEqual(expect.arrayContaining(["base_link", "arm"]));
    expect(links).not.toContain("arm_joint");
    const call = ROBOT.replace('<xacro:wheel side="left"', "<xacro:wheel ");
    s.update(robotUri, call, 3);
    // radius is given already; *origin is a block, not an attribute.
    expect(s.completion(robotUri, at(call, "<xacro:wheel ", 13)).map((c) => c.label)).toEqual(["side"]);
    const child = ROBOT.replace('<link name="arm"/>', '<link name="arm"><</link>');
    s.update(robotUri, child, 4);
    const elements = s.completion(robotUri, at(child, '"arm"><', 7)).map((c) => c.label);
    expect(elements).toEqual(expect.arrayContaining(["inertial", "visual", "collision", "xacro:wheel"]));
    expect(elements).not.toContain("limit");
  });

  it("completes SDF children and links by the parent's context and version", () => {
    const s = service();
    const typing = SDF.replace('<link name="b"/>', '<link name="b"><</link>');
    s.update(sdfUri, typing, 2);
    const elements = s.completion(sdfUri, at(typing, '"b"><', 5)).map((c) => c.label);
    expect(elements).toEqual(expect.arrayContaining(["inertial", "visual", "collision", "sensor"]));
    expect(elements).not.toContain("joint");
    expect(s.completion(sdfUri, at(SDF, "<parent>a", 8)).map((c) => c.label)).toEqual(["a", "b", "c"]);
  });

  it("hovers the SDF spec, URDF elements, xacro properties and macros", () => {
    const s = service();
    const mass = hoverText(s.hover(sdfUri, at(SDF, "<mass>", 2)));
    expect(mass).toContain("**<mass>** — type `double`, default `1.0`");
    expect(mass).toContain("mass of the link");
    expect(hoverText(s.hover(sdfUri, at(SDF, 'type="revolute"', 1)))).toContain("joint@type");
    expect(hoverText(s.hover(robotUri, at(ROBOT, "effort", 1)))).toContain("maximum effort, N·m or N");
    expect(hoverText(s.hover(robotUri, at(ROBOT, "${wheel_radius}", 5)))).toContain("= `0.05`");
    expect(hoverText(s.hover(robotUri, at(ROBOT, "xacro:wheel", 8)))).toBe(
      "**macro wheel**(`side`, `radius:=0.1`, `*origin`)",
    );
  });

  it("explains a diagnostic under the cursor", () => {
    const s = service();
    const start = at(ROBOT, "<limit");
    s.setDiagnostics(robotUri, [
      { range: { start, end: at(ROBOT, "<limit", 6) }, message: "m", code: "JOINT_LIMIT_INVALID", severity: 1 },
    ]);
    expect(hoverText(s.hover(robotUri, at(ROBOT, "<limit", 2)))).toContain("**JOINT_LIMIT_INVALID**");
  });

  it("outlines the kinematic tree", () => {
    const s = service();
    const tree = (list: DocumentSymbol[]): unknown =>
      list.map((d) => (d.children?.length ? { [d.name]: tree(d.children) } : d.name));
    expect(tree(s.documentSymbols(sdfUri))).toEqual([{ a: [{ j: ["b"] }] }, "c"]);
    expect(tree(s.documentSymbols(robotUri))).toEqual([
      { base_link: [{ arm_joint: ["arm"] }] },
      "wheel_radius",
      "prefix",
    ]);
  });

  it("links a controller file's joint lists to the robot's joints", () => {
    const s = service();
    const yamlUri = pathToUri(`${PKG}/config/controllers.yaml`);
    s.update(yamlUri, CONTROLLERS, 1);
    expect(s.definition(yamlUri, at(CONTROLLERS, "- arm_joint", 4)).map((l) => [l.uri, l.range.start])).toEqual([
      [robotUri, at(ROBOT, "arm_joint")],
    ]);
    expect(s.definition(yamlUri, at(CONTROLLERS, "missing_joint", 2))).toEqual([]);
    const refs = s.references(robotUri, at(ROBOT, "arm_joint", 1), false);
    expect(refs.filter((r) => r.uri === yamlUri).map((r) => r.range.start)).toEqual([
      at(CONTROLLERS, "arm_joint"),
      at(CONTROLLERS, "[arm_joint", 1),
    ]);
    expect(Object.keys(s.rename(robotUri, at(ROBOT, "arm_joint", 1), "shoulder")?.changes ?? {}).sort()).toEqual(
      [robotUri, yamlUri].sort(),
    );
    const typing = CONTROLLERS.replace("      - arm_joint", "      - ");
    s.update(yamlUri, typing, 2);
    // Joints of every open description (the SDF model's j too), links never.
    expect(s.completion(yamlUri, at(typing, "      - ", 8)).map((c) => c.label)).toEqual(["arm_joint", "j"]);
    expect(s.completion(yamlUri, at(typing, "interface_name: ", 16))).toEqual([]);
  });

  it("shows a xacro value in a code span it cannot break out of, names escaped", () => {
    const s = service();
    const value = "0.1` [link](https://example.com/x) ![img](https://example.com/i.png) &lt;img src=x&gt; ``";
    const text = ROBOT.replace(
      '<xacro:property name="wheel_radius" value="0.05"/>',
      `<xacro:property name="wheel_radius" value="${value}"/>`,
    );
    s.update(robotUri, text, 2);
    expect(hoverText(s.hover(robotUri, at(text, "${wheel_radius}", 5)))).toBe(
      `**property wheel\\_radius** = \`\`\` ${value} \`\`\``,
    );
  });

  it("refuses a new name the files it edits cannot hold, and edits nothing", () => {
    const s = service();
    const yamlUri = pathToUri(`${PKG}/config/controllers.yaml`);
    s.update(yamlUri, CONTROLLERS, 1);
    const joint = at(ROBOT, "arm_joint", 1);
    const refused = (uri: string, p: Position, name: string): string => {
      try {
        s.rename(uri, p, name);
      } catch (error) {
        expect(error).toBeInstanceOf(RenameRefused);
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(refused(robotUri, joint, 'x"/><a b="')).toMatch(/a name written in XML cannot hold '"'/);
    expect(refused(robotUri, joint, "a&b")).toMatch(/cannot hold '&'/);
    expect(refused(robotUri, joint, "a\u0007b")).toMatch(/cannot hold U\+0007/);
    expect(refused(robotUri, joint, "a${x}")).toMatch(/xacro would evaluate/);
    expect(refused(robotUri, joint, "")).toMatch(/empty/);
    // The controller file lists the joint: a comma would split its YAML list.
    expect(refused(robotUri, joint, "a, b")).toMatch(/plain YAML word/);
    expect(refused(robotUri, joint, "shoulder_2")).toBe("accepted");
    expect(refused(sdfUri, at(SDF, '"j"', 1), "m::j")).toMatch(/'::' separates scopes/);
    expect(refused(sdfUri, at(SDF, '"j"', 1), "__j__")).toMatch(/reserved in SDF/);
    expect(refused(sdfUri, at(SDF, '"j"', 1), "é_joint")).toBe("accepted");
  });

  it("scans any text without throwing, with tags in order and inside the text", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("<", ">", "/", '"', "a", " ", "=", "!", "-", "?", "\n") }),
        (text) => {
          const { tags } = scanTags(text);
          tags.forEach((t, i) => {
            expect(t.start).toBeGreaterThanOrEqual(0);
            expect(t.end).toBeLessThanOrEqual(text.length);
            expect(t.parent).toBeLessThan(i);
            if (i > 0) expect(t.start).toBeGreaterThan(tags[i - 1]!.start);
          });
        },
      ),
    );
  });
});
