import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { sdfBuildExtensions } from "../../src/emit/sdf/sdfBuildExtensions.js";
import { emitUrdf } from "../../src/emit/urdf/emitUrdf.js";
import { lumpFixedJoints } from "../../src/model/lumpFixedJoints.js";
import { sdfToModel } from "../../src/parse/sdfToModel.js";
import { urdfToModel } from "../../src/parse/urdfToModel.js";
import { haveTool, runTool } from "../support/tools.js";
import { runCliInProcess } from "../support/runCliInProcess.js";
import { compareModels } from "./compareModels.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-convert-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = runCliInProcess;

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("robokit convert", () => {
  const urdf = file("mario.urdf", emitUrdf(mario));

  it("URDF → SDF --keep-fixed (default 1.9): exit 0, one model on stdout that reads back as MARIO", async () => {
    const r = await run(["convert", urdf, "--to", "sdf", "--keep-fixed"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('<sdf version="1.9">');
    expect(r.stderr).not.toContain("lumped");
    expect(
      compareModels(mario, sdfToModel(r.stdout, "out.sdf").robot!, {
        materialNames: false,
        surfaces: false,
        urdfOnly: false,
      }),
    ).toEqual([]);
  });

  it("SDF world → URDF: the world's largest inline model (a warning says which), --model picks another, an unknown name exits 1 listing the models", async () => {
    const marioSdf = emitSdf(mario, { version: "1.9" });
    const model = marioSdf.slice(marioSdf.indexOf("<model "), marioSdf.lastIndexOf("</model>") + "</model>".length);
    const ground =
      '<model name="ground_plane"><static>true</static><link name="link"><collision name="c"><geometry><box><size>10 10 0.1</size></box></geometry></collision></link></model>';
    const world = file(
      "mario.world",
      `<?xml version="1.0"?>\n<sdf version="1.9">\n  <world name="yard">\n    ${ground}\n    ${model}\n  </world>\n</sdf>\n`,
    );
    const r = await run(["convert", world, "--to", "urdf"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/mario\.world:5:5: warning FEATURE_UNSUPPORTED: reading model "mario" of world "yard"/);
    expect(
      compareModels(mario, urdfToModel(r.stdout, "out.urdf").robot!, {
        materialNames: false,
        surfaces: false,
        urdfOnly: false,
      }),
    ).toEqual([]);
    const picked = await run(["convert", world, "--to", "urdf", "--model", "ground_plane"]);
    expect(picked.code, picked.stderr).toBe(0);
    expect(urdfToModel(picked.stdout, "g.urdf").robot?.links.map((l) => l.name)).toEqual(["link"]);
    const unknown = await run(["convert", world, "--to", "urdf", "--model", "rover"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toMatch(
      /mario\.world:3:3: error FEATURE_UNSUPPORTED: the file has no inline <model name="rover"> \(it has: ground_plane, mario\)/,
    );
  });

  it("URDF → SDF lumps fixed joints as libsdformat does: reads back as the lumped MARIO, lumped links stay <frame>s, ign sdf -k accepts it", async () => {
    const { robot: lumped, lumped: gone } = lumpFixedJoints(mario);
    expect(gone.length).toBeGreaterThan(0);
    const r = await run(["convert", urdf, "--to", "sdf"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`info: ${gone.length} links lumped into their parents through fixed joints`);
    expect(
      compareModels(lumped, sdfToModel(r.stdout, "out.sdf").robot!, {
        materialNames: false,
        surfaces: false,
        urdfOnly: false,
      }),
    ).toEqual([]);
    for (const g of gone) {
      expect(r.stdout).toContain(`<frame name="${g.joint}" attached_to="${g.into}">`);
      expect(r.stdout).toContain(`<frame name="${g.link}" attached_to="${g.joint}">`);
    }
    const old = await run(["convert", urdf, "--to", "sdf", "--sdf-version", "1.6"]);
    expect(old.stdout).not.toContain("<frame");
    expect(old.stdout).not.toContain(`<link name="${gone[0]!.link}"`);
    if (haveTool("ign", "libsdformat's ign sdf -k")) {
      for (const text of [r.stdout, old.stdout]) {
        const check = runTool("ign", ["sdf", "-k", file("lumped.sdf", text)]);
        expect(check.status, check.stderr).toBe(0);
      }
    }
  });

  it("URDF → SDF keeps a fixed joint marked <preserveFixedJoint> or <disableFixedJointLumping>", async () => {
    const inertial = '<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>';
    const kept = file(
      "kept.urdf",
      `<robot name="k"><link name="a">${inertial}</link><link name="b">${inertial}</link><link name="c">${inertial}</link><link name="d">${inertial}</link>
<joint name="ab" type="fixed"><parent link="a"/><child link="b"/></joint><joint name="ac" type="fixed"><parent link="a"/><child link="c"/></joint><joint name="ad" type="fixed"><parent link="a"/><child link="d"/></joint>
<gazebo reference="ab"><preserveFixedJoint>true</preserveFixedJoint></gazebo><gazebo reference="ac"><disableFixedJointLumping>1</disableFixedJointLumping></gazebo></robot>`,
    );
    const r = await run(["convert", kept, "--to", "sdf"]);
    expect(r.code).toBe(0);
    expect([...r.stdout.matchAll(/<link name="(\w+)"/g)].map((m) => m[1])).toEqual(["a", "b", "c"]);
    expect(r.stdout).toContain('<frame name="d" attached_to="ad">');
  });

  it("SDF 1.6 → URDF: exit 0, check_urdf accepts the output", async () => {
    const sdf = file("mario16.sdf", emitSdf(mario, { version: "1.6" }));
    const r = await run(["convert", sdf, "--to", "urdf"]);
    expect(r.code).toBe(0);
    expect(
      compareModels(mario, urdfToModel(r.stdout, "out.urdf").robot!, {
        materialNames: false,
        surfaces: false,
        urdfOnly: false,
      }),
    ).toEqual([]);
    if (haveTool("check_urdf", "URDF cross-check (liburdfdom-tools)")) {
      const out = file("converted.urdf", r.stdout);
      const check = runTool("check_urdf", [out]);
      expect(check.status).toBe(0);
      expect(check.stdout).toContain("Successfully Parsed XML");
    }
  });

  it("--sdf-version picks the version; a lost mimic is reported on stderr", async () => {
    const gripper = file(
      "gripper.urdf",
      `<robot name="g"><link name="a"/><link name="b"/><link name="c"/>
<joint name="j" type="prismatic"><parent link="a"/><child link="b"/><limit lower="0" upper="1" effort="1" velocity="1"/></joint>
<joint name="k" type="prismatic"><parent link="a"/><child link="c"/><limit lower="0" upper="1" effort="1" velocity="1"/><mimic joint="j"/></joint></robot>`,
    );
    const old = await run(["convert", gripper, "--to", "sdf", "--sdf-version", "1.8"]);
    expect(old.code).toBe(0);
    expect(old.stdout).toContain('<sdf version="1.8">');
    expect(old.stderr).toMatch(
      /gripper\.urdf: warning FEATURE_UNSUPPORTED: joint "k": SDF 1\.8 has no \/\/axis\/mimic/,
    );
    const latest = await run(["convert", gripper, "--to", "sdf", "--sdf-version", "1.11"]);
    expect(latest.stdout).toContain('<mimic joint="j">');
    expect(latest.stderr).toBe("");
  });

  it("invalid input: exit 1, file:line:col diagnostics on stderr, nothing on stdout", async () => {
    const bad = file(
      "bad.urdf",
      `<robot name="r">\n  <link name="a"/>\n  <joint name="j" type="fixed"><parent link="a"/><child link="ghost"/></joint>\n</robot>\n`,
    );
    const r = await run(["convert", bad, "--to", "sdf"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`${bad}:3:3: error JOINT_CHILD_LINK_INVALID`);
    const broken = file("broken.sdf", `<sdf version="1.9">\n<model name="m">\n</sdf>\n`);
    const b = await run(["convert", broken, "--to", "urdf"]);
    expect(b.code).toBe(1);
    expect(b.stderr).toMatch(new RegExp(`${broken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:3:\\d+: error XML_ERROR`));
    const missing = await run(["convert", join(dir, "nope.urdf"), "--to", "sdf"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("FILE_READ_ERROR");
  });

  it("usage errors exit 2: unknown --to (step), missing --to, unsupported --sdf-version", async () => {
    expect((await run(["convert", urdf, "--to", "step"])).code).toBe(2);
    expect((await run(["convert", urdf])).code).toBe(2);
    expect((await run(["convert", urdf, "--to", "sdf", "--sdf-version", "1.12"])).code).toBe(2);
  });
});

describe("--sdf-version in emit and build", () => {
  it("emit --format sdf writes the asked version; an unsupported one is a usage error (exit 2)", async () => {
    const ok = await run(["emit", "mario", "--format", "sdf", "--sdf-version", "1.7"]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe(
      emitSdf(mario, { ...sdfBuildExtensions({ target: "gz", distro: "jazzy" }), version: "1.7" }),
    );
    const bad = await run(["emit", "mario", "--format", "sdf", "--sdf-version", "1.5"]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
  });

  it("build writes sdf/<robot>/model.config and model.sdf; an unsupported version writes nothing (exit 2)", async () => {
    const out = join(dir, "build");
    const ok = await run(["build", "mario", "--out", out, "--sdf-version", "1.6"]);
    expect(ok.code).toBe(0);
    expect(readFileSync(join(out, "sdf/mario/model.sdf"), "utf8")).toContain('<sdf version="1.6">');
    expect(readFileSync(join(out, "sdf/mario/model.config"), "utf8")).toContain('<sdf version="1.6">model.sdf</sdf>');
    const none = join(dir, "none");
    const bad = await run(["build", "mario", "--out", none, "--sdf-version", "one.nine"]);
    expect(bad.code).toBe(2);
    expect(existsSync(none)).toBe(false);
  });
});
