import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { sdfLosses } from "../../src/emit/sdf/sdfLosses.js";
import { emitUrdf } from "../../src/emit/urdf/emitUrdf.js";
import { readXml } from "../../src/parse/readXml.js";
import { sdfToModel } from "../../src/parse/sdfToModel.js";
import { attr, child, childrenNamed, type XmlElement } from "../../src/parse/XmlDocument.js";
import type { SdfVersion } from "../../src/emit/sdf/SdfVersion.js";
import { haveTool, runTool } from "../support/tools.js";
import { arbitraryRobot } from "./arbitraryRobot.js";
import { compareModels } from "./compareModels.js";

/** libsdformat 12 (ign sdf) reads SDF up to 1.9. */
const CHECKABLE: readonly SdfVersion[] = ["1.6", "1.7", "1.8", "1.9"];
const dir = mkdtempSync(join(tmpdir(), "robokit-ign-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function ignCheck(text: string): { status: number | null; output: string } {
  const file = join(dir, `m${counter++}.sdf`);
  writeFileSync(file, text);
  const run = runTool("ign", ["sdf", "-k", file]);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe.runIf(haveTool("ign", "SDF cross-check with libsdformat (ign sdf -k)"))(
  "ign sdf -k accepts robokit's SDF",
  () => {
    it.each(CHECKABLE)("MARIO, SDF %s", (version) => {
      const run = ignCheck(emitSdf(mario, { version }));
      expect(run.output).toContain("Valid.");
      expect(run.status).toBe(0);
    });

    it.each(CHECKABLE)("random robots with every joint type and geometry, SDF %s", (version) => {
      fc.assert(
        fc.property(arbitraryRobot(), (robot) => {
          const run = ignCheck(emitSdf(robot, { version }));
          expect(run.output, run.output).toContain("Valid.");
          expect(run.status).toBe(0);
        }),
        // No shrinking: each step is a process run, and the first counterexample is readable enough.
        { numRuns: 8, seed: 4242 + CHECKABLE.indexOf(version), endOnFailure: true },
      );
    });

    it("uses libsdformat's own pose convention: its URDF→SDF conversion of MARIO has the same joint types and joint and link poses as robokit's SDF 1.9", () => {
      const urdf = join(dir, "mario.urdf");
      writeFileSync(urdf, emitUrdf(mario));
      const converted = runTool("ign", ["sdf", "-p", urdf]);
      expect(converted.status).toBe(0);
      const theirs = modelOf(converted.stdout);
      const ours = modelOf(emitSdf(mario, { version: "1.9" }));
      // libsdformat lumps fixed joints (their child links vanish), so compare the movable joints
      // whose parent link is not such a child.
      const lumped = new Set((mario.joints ?? []).filter((j) => j.type === "fixed").map((j) => j.child));
      const compared = (mario.joints ?? []).filter((j) => j.type !== "fixed" && !lumped.has(j.parent));
      expect(compared.length).toBeGreaterThan(0);
      for (const joint of compared) {
        expect(attr(byName(ours, "joint", joint.name), "type")).toBe(attr(byName(theirs, "joint", joint.name), "type"));
        expectSamePose(poseText(byName(theirs, "joint", joint.name)), poseText(byName(ours, "joint", joint.name)));
        expectSamePose(poseText(byName(theirs, "link", joint.child)), poseText(byName(ours, "link", joint.child)));
      }
    });

    it.each(CHECKABLE)(
      "libsdformat's own reading of MARIO's SDF %s (ign sdf -p, converted to 1.9) reads back as MARIO",
      (version) => {
        const file = join(dir, `mario-${version}.sdf`);
        writeFileSync(file, emitSdf(mario, { version }));
        const printed = runTool("ign", ["sdf", "-p", file]);
        expect(printed.status).toBe(0);
        const result = sdfToModel(printed.stdout, "printed.sdf");
        expect(result.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
        expect(compareModels(mario, result.robot!, { materialNames: false, urdfOnly: false, mimic: false })).toEqual(
          [],
        );
      },
    );

    it.each(CHECKABLE)(
      "libsdformat's reading of random robots' SDF %s (ign sdf -p) reads back as the same robots",
      (version) => {
        fc.assert(
          fc.property(arbitraryRobot({ jointTypes: ["fixed", "revolute", "continuous", "prismatic"] }), (robot) => {
            const file = join(dir, `r${counter++}.sdf`);
            writeFileSync(file, emitSdf(robot, { version }));
            const printed = runTool("ign", ["sdf", "-p", file]);
            expect(printed.status, printed.stderr).toBe(0);
            const result = sdfToModel(printed.stdout, "printed.sdf");
            expect(result.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
            expect(
              compareModels(robot, result.robot!, { materialNames: false, urdfOnly: false, mimic: false }),
            ).toEqual([]);
          }),
          { numRuns: 6, seed: 777 + CHECKABLE.indexOf(version), endOnFailure: true },
        );
      },
    );

    it("accepts a link/joint name clash at every version once robokit renames the joint <name>_joint (as libsdformat's URDF converter does; sdfLosses warns), and rejects the clash itself", () => {
      const robot = {
        name: "clash",
        links: [{ name: "base" }, { name: "wheel" }],
        joints: [{ name: "wheel", type: "continuous" as const, parent: "base", child: "wheel" }],
      };
      for (const version of CHECKABLE) {
        expect(sdfLosses(robot, version).map((d) => d.code)).toEqual(["DUPLICATE_NAME"]);
        const text = emitSdf(robot, { version });
        expect(text).toContain('<joint name="wheel_joint"');
        const run = ignCheck(text);
        expect(run.status, run.output).toBe(0);
        const clash = ignCheck(text.replace('<joint name="wheel_joint"', '<joint name="wheel"'));
        expect(clash.status, clash.output).not.toBe(0);
        expect(clash.output).toContain("wheel");
      }
    });

    it("rejects a broken file (the check can fail)", () => {
      const broken = emitSdf(mario, { version: "1.9" }).replace(
        "<parent>base_link</parent>",
        "<parent>no_such_link</parent>",
      );
      const run = ignCheck(broken);
      expect(run.status).not.toBe(0);
      expect(run.output).not.toContain("Valid.");
    });
  },
);

function modelOf(text: string): XmlElement {
  const model = readXml(text, "x.sdf").document.root?.children.find((c) => c.name === "model");
  if (model === undefined) throw new Error("no model");
  return model;
}

function byName(model: XmlElement, tag: string, name: string): XmlElement {
  const el = childrenNamed(model, tag).find((e) => attr(e, "name") === name);
  if (el === undefined) throw new Error(`no ${tag} ${name}`);
  return el;
}

/** relative_to and the six numbers of an element's pose. */
function poseText(el: XmlElement): [string | undefined, number[]] {
  const p = child(el, "pose");
  return [p === undefined ? undefined : attr(p, "relative_to"), (p?.text ?? "").trim().split(/\s+/).map(Number)];
}

function expectSamePose(a: [string | undefined, number[]], b: [string | undefined, number[]]): void {
  expect(a[0]).toBe(b[0]);
  expect(a[1]).toHaveLength(6);
  a[1].forEach((v, i) => expect(v).toBeCloseTo(b[1][i]!, 7));
}
