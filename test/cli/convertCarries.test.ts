import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { mjcfLosses } from "../../src/emit/mjcf/mjcfLosses.js";
import { parseXacroXml } from "../../src/parse/xacro/parseXacroXml.js";
import type { XacroElement } from "../../src/parse/xacro/XacroNode.js";
import { runCliInProcess } from "../support/runCliInProcess.js";
import { repoRoot } from "../xacro/xacroTestSet.js";

const dir = join(repoRoot, "tmp", "convert-carries");

function write(name: string, text: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function elementsNamed(el: XacroElement, name: string): XacroElement[] {
  const kids = el.children.filter((c): c is XacroElement => c.type === "element");
  return [...kids.filter((c) => c.name === name), ...kids.flatMap((c) => elementsNamed(c, name))];
}

function names(text: string, tag: string): string[] {
  const parsed = parseXacroXml(text, "out.xml");
  if ("error" in parsed) throw new Error(parsed.error.message);
  return elementsNamed(parsed.root, tag).map((e) => e.attrs.find(([k]) => k === "name")?.[1] ?? "");
}

const INERTIAL = `<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>`;

describe("robokit convert carries or names every extension element", () => {
  rmSync(dir, { recursive: true, force: true });
  const urdf = buildArtifacts(mario).find((a) => a.path.endsWith(".urdf"))?.content ?? "";

  it("URDF → SDF: MARIO's gz plugins and sensors go into the model, as libsdformat puts them; <ros2_control> is named", async () => {
    const r = await runCliInProcess(["convert", write("mario.urdf", urdf), "--to", "sdf"]);
    expect(r.code, r.stderr).toBe(0);
    expect(names(r.stdout, "plugin")).toEqual(names(urdf, "plugin").filter((n) => n.includes("::")));
    expect(names(r.stdout, "sensor").sort()).toEqual(names(urdf, "sensor").sort());
    expect(r.stderr).toMatch(
      /mario\.urdf:\d+:\d+: warning EXTENSION_NOT_CARRIED: <ros2_control name="GazeboSimSystem"> is not carried into SDF/,
    );
  });

  it("URDF → SDF: a foreign robot's plugins and sensors are carried, every other element named once", async () => {
    const file = write(
      "foreign.urdf",
      `<robot name="r" xmlns:x="urn:x">
  <link name="a">${INERTIAL}</link>
  <link name="b">${INERTIAL}</link>
  <joint name="j" type="fixed"><parent link="a"/><child link="b"/><origin xyz="0 0 1"/></joint>
  <gazebo><plugin name="p" filename="libp.so"><x:gain>1</x:gain></plugin><static>false</static></gazebo>
  <gazebo reference="a"><sensor name="s" type="imu"><update_rate>5</update_rate></sensor><material>Gazebo/Red</material><mu1>0.5</mu1></gazebo>
  <gazebo reference="b"><sensor name="t" type="imu"/></gazebo>
  <transmission name="t1"><type>x</type></transmission>
</robot>
`,
    );
    const r = await runCliInProcess(["convert", file, "--to", "sdf"]);
    expect(r.code, r.stderr).toBe(0);
    expect(names(r.stdout, "plugin")).toEqual(["p"]);
    expect(names(r.stdout, "sensor")).toEqual(["s"]);
    expect(r.stdout).toContain('xmlns:x="urn:x"');
    const named = r.stderr.split("\n").filter((l) => l.includes("EXTENSION_NOT_CARRIED"));
    expect(named.map((l) => /:(\d+):\d+: /.exec(l)?.[1])).toEqual(["5", "6", "7", "8"]);
    expect(named.join("\n")).toMatch(
      /<static>[\s\S]*<material>[\s\S]*<sensor name="t">.*lumped[\s\S]*<transmission name="t1">/,
    );
  });

  it("SDF → URDF: the model's plugins come back as a <gazebo> block; sensors and frames are named", async () => {
    const sdf = await runCliInProcess(["convert", write("m.urdf", urdf), "--to", "sdf"]);
    const r = await runCliInProcess(["convert", write("m.sdf", sdf.stdout), "--to", "urdf"]);
    expect(r.code, r.stderr).toBe(0);
    expect(names(r.stdout, "plugin")).toEqual(names(sdf.stdout, "plugin"));
    const named = r.stderr.split("\n").filter((l) => l.includes("EXTENSION_NOT_CARRIED"));
    expect(named.filter((l) => l.includes("<sensor")).length).toBe(names(sdf.stdout, "sensor").length);
    expect(named.filter((l) => l.includes("<frame")).length).toBe(names(sdf.stdout, "frame").length);
  });

  it("URDF → URDF keeps the blocks as they are", async () => {
    const r = await runCliInProcess(["convert", write("same.urdf", urdf), "--to", "urdf"]);
    expect(r.code, r.stderr).toBe(0);
    expect(names(r.stdout, "ros2_control")).toEqual(["GazeboSimSystem"]);
    expect(names(r.stdout, "plugin")).toEqual(names(urdf, "plugin"));
  });
});

describe("emit -f mjcf and build name what MJCF cannot hold", () => {
  it("names a lidar, which MJCF writes as a site only", () => {
    const lidar = {
      type: "lidar",
      name: "scan",
      updateRate: 10,
      horizontal: { samples: 360, minAngle: -3, maxAngle: 3 },
      rangeMin: 0.1,
      rangeMax: 10,
    } as const;
    const robot = { ...mario, links: mario.links.map((l, i) => (i === 0 ? { ...l, sensors: [lidar] } : l)) };
    expect(mjcfLosses(robot).map((d) => d.message)).toContain(
      'lidar "scan": MJCF rangefinders are single rays; only a site at the sensor is written, no scan',
    );
    // MARIO's GPS is written as a world-frame position: named, as information only.
    expect(mjcfLosses(mario).filter((d) => d.severity !== "info")).toEqual([]);
  });

  it("a URDF block kept from an import is one warning on stderr", async () => {
    const file = write(
      "kept.urdf",
      `<robot name="kept">
  <link name="a">${INERTIAL}</link>
  <gazebo><plugin name="p" filename="libp.so"/></gazebo>
</robot>
`,
    );
    const ts = await runCliInProcess(["import", file, "--to", "yaml", "--out", join(dir, "kept.yaml")]);
    expect(ts.code, ts.stderr).toBe(0);
    const yaml = join(dir, "kept.yaml");
    const emitted = await runCliInProcess(["emit", yaml, "-f", "mjcf"]);
    expect(emitted.code, emitted.stderr).toBe(0);
    expect(emitted.stderr).toMatch(
      /warning EXTENSION_NOT_CARRIED: <gazebo> \(kept from the imported URDF\) is not written: MJCF has no place for it/,
    );
    const built = await runCliInProcess(["build", yaml, "--out", join(dir, "kept-build")]);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr.match(/EXTENSION_NOT_CARRIED/g)?.length).toBe(1);
  });
});
