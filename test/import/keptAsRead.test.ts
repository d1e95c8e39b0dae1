import { describe, expect, it } from "vitest";

import { emitUrdf } from "../../src/emit/urdf/emitUrdf.js";
import { importExtras } from "../../src/import/importExtras.js";
import { undeclaredPrefixes } from "../../src/import/withNamespaces.js";
import { descriptionToModel } from "../../src/parse/descriptionToModel.js";
import { parseXacroXml } from "../../src/parse/xacro/parseXacroXml.js";

/** The URDF robokit writes for an imported file: the model as read plus the blocks kept verbatim. */
function reimported(text: string): string {
  const read = descriptionToModel(text, "r.urdf");
  if (read.robot === undefined) throw new Error(read.diagnostics.map((d) => d.message).join("; "));
  const extras = importExtras(text, "r.urdf", read.robot);
  return emitUrdf({ ...(extras.robot ?? read.robot), xmlBlocks: extras.blocks });
}

const LINKS = `<link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <link name="b"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>`;

describe("import keeps what the file's consumers read", () => {
  it("keeps the lower and upper a continuous joint carries (urdfdom parses them)", () => {
    const text = `<robot name="r">
  ${LINKS}
  <joint name="j" type="continuous"><parent link="a"/><child link="b"/><axis xyz="0 0 1"/><limit lower="-3.14" upper="3.14" effort="10" velocity="2"/></joint>
</robot>`;
    expect(reimported(text)).toContain('<limit lower="-3.14" upper="3.14" effort="10" velocity="2"/>');
  });

  it("keeps a <mimic> written on a fixed joint (urdfdom reads it)", () => {
    const text = `<robot name="r">
  ${LINKS}
  <link name="c"/>
  <joint name="j" type="revolute"><parent link="a"/><child link="b"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
  <joint name="k" type="fixed"><parent link="b"/><child link="c"/><mimic joint="j" multiplier="2" offset="0.5"/></joint>
</robot>`;
    expect(reimported(text)).toContain('<mimic joint="j" multiplier="2" offset="0.5"/>');
  });

  it("writes a continuous joint without bounds as before", () => {
    const text = `<robot name="r">
  ${LINKS}
  <joint name="j" type="continuous"><parent link="a"/><child link="b"/><limit effort="10" velocity="2"/></joint>
</robot>`;
    expect(reimported(text)).toContain('<limit effort="10" velocity="2"/>');
  });

  it("keeps the namespace declaration a kept block's prefix needs", () => {
    const text = `<robot name="r" xmlns:drake="http://drake.mit.edu" xmlns:other="urn:unused">
  ${LINKS}
  <joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>
  <gazebo reference="b"><drake:proximity_properties><drake:mu_static value="0.5"/></drake:proximity_properties></gazebo>
</robot>`;
    const out = reimported(text);
    const parsed = parseXacroXml(out, "out.urdf");
    if ("error" in parsed) throw new Error(parsed.error.message);
    expect(undeclaredPrefixes(parsed.root)).toEqual([]);
    expect(out).toContain('xmlns:drake="http://drake.mit.edu"');
    // Only what the block uses travels with it.
    expect(out).not.toContain("urn:unused");
  });

  it("finds an undeclared prefix, and none where it is declared on an ancestor", () => {
    const bad = parseXacroXml('<robot name="r"><gazebo><drake:x/></gazebo></robot>', "x");
    const good = parseXacroXml(
      '<robot name="r" xmlns:drake="u"><gazebo><drake:x a:b="1" xmlns:a="v"/></gazebo></robot>',
      "x",
    );
    if ("error" in bad || "error" in good) throw new Error("parse");
    expect(undeclaredPrefixes(bad.root)).toEqual(["drake"]);
    expect(undeclaredPrefixes(good.root)).toEqual([]);
  });
});
