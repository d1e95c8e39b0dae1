// The attack suite: hostile variants of valid files through every command. The bulk runs the
// commands' pure cores in this process (validate, convert, emit/build, sim's scenario reader,
// fmu check); a sample runs the real CLI in child processes. Each case has an expected
// outcome: no exception other than a model error, no INTERNAL_ERROR diagnostic, well-formed
// diagnostics, time per case and memory under caps; in the CLI sample, an exit code of 0, 1,
// 2 or 3 and no file outside the output folder. The seed is printed: ROBOKIT_FUZZ_SEED=<seed>
// reruns the same cases. A case that fails becomes a fixed test in this folder.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";

import { checkModelDescription } from "../../src/cli/commands/fmuCommand.js";
import { readZipEntry } from "../../src/cli/readZipEntry.js";
import { isModelError } from "../../src/cli/errors.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { emitUrdf } from "../../src/emit/urdf/emitUrdf.js";
import { readRobotDocument } from "../../src/model/readRobotDocument.js";
import { descriptionToModel } from "../../src/parse/descriptionToModel.js";
import { readScenario } from "../../src/sim/readScenario.js";
import type { Diagnostic } from "../../src/diagnostics/Diagnostic.js";
import { validateFile } from "../../src/validate/validateFile.js";
import { importProblems } from "../../src/import/importProblems.js";
import { robotToTypeScript } from "../../src/import/robotToTypeScript.js";
import { robotToYaml } from "../../src/import/robotToYaml.js";
import { expandXacro } from "../../src/parse/xacro/expandXacro.js";
import { writeXacroXml } from "../../src/parse/xacro/writeXacroXml.js";
import { runCliProcess } from "../support/runCliProcess.js";
import { twoLinkRobot } from "../support/twoLinkRobot.js";
import { textEntry, zipArchive } from "../support/zipArchive.js";
import { hostileVariant, prng } from "./hostileInputs.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
// CI gates what lands, so there the draw is fixed (as fast-check's seed is, test/support/fastCheckSeed.ts); a local run draws anew.
const SEED = Number(
  process.env["ROBOKIT_FUZZ_SEED"] ?? (process.env["CI"] === "true" ? 20261123 : Date.now() % 2 ** 31),
);
/** Slowest a single in-process case may be (a loaded CI machine; real cases take milliseconds). */
const CASE_MS = 5_000;

// Valid seeds, one per input kind.
const robot = twoLinkRobot();
const SEEDS = {
  urdf: emitUrdf(robot),
  sdf: emitSdf(robot),
  sdfWorld: readFileSync(join(root, "test", "fixtures", "sdf", "valid", "rover.sdf"), "utf8"),
  document: stringify(robot),
  json: JSON.stringify(robot, null, 1),
  scenario: readFileSync(join(root, "scenarios", "mario", "paper.yaml"), "utf8"),
  // xacro: properties, math, a macro with a block, conditionals, an include through $(find).
  xacro: `<?xml version="1.0"?>
<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:arg name="len" default="0.5"/>
  <xacro:property name="len" value="$(arg len)"/>
  <xacro:property name="m" value="\${2 * 1.5}"/>
  <xacro:include filename="$(find pkg)/inc.xacro"/>
  <xacro:macro name="box_link" params="name size:=0.1 *origin">
    <link name="\${name}"><inertial><xacro:insert_block name="origin"/><mass value="\${m}"/><inertia ixx="\${m*size*size/6}" ixy="0" ixz="0" iyy="\${m*size*size/6}" iyz="0" izz="\${m*size*size/6}"/></inertial>
      <visual><geometry><box size="\${size} \${size} \${len}"/></geometry></visual></link>
  </xacro:macro>
  <xacro:box_link name="base"><origin xyz="0 0 0"/></xacro:box_link>
  <xacro:box_link name="arm" size="\${len/2}"><origin xyz="0 0 \${len/2}"/></xacro:box_link>
  <xacro:if value="\${len > 0.1}"><joint name="j" type="revolute"><parent link="base"/><child link="arm"/><axis xyz="0 0 1"/><limit lower="\${-pi/2}" upper="\${pi/2}" effort="1" velocity="1"/></joint></xacro:if>
  <xacro:unless value="\${len > 0.1}"><joint name="j" type="fixed"><parent link="base"/><child link="arm"/></joint></xacro:unless>
</robot>
`,
  xacroInclude: `<?xml version="1.0"?>\n<robot xmlns:xacro="http://www.ros.org/wiki/xacro"><xacro:property name="unused" value="\${[i*i for i in range(3)]}"/></robot>\n`,
  modelDescription: `<?xml version="1.0"?>\n<fmiModelDescription fmiVersion="2.0" modelName="m">\n<ModelVariables>\n${["actuatorInput", "jointPosition", "jointVelocity", "jointAcceleration"].map((n) => `<ScalarVariable name="${n}" causality="input"><Real/></ScalarVariable>`).join("\n")}\n<ScalarVariable name="jointTorque" causality="output"><Real/></ScalarVariable>\n</ModelVariables>\n</fmiModelDescription>\n`,
};

function wellFormed(ds: readonly Diagnostic[]): string | undefined {
  for (const d of ds) {
    if (d.code === "INTERNAL_ERROR") return `INTERNAL_ERROR: ${d.message}`;
    if (
      typeof d.message !== "string" ||
      (d.line !== undefined && !(d.line >= 1)) ||
      (d.column !== undefined && !(d.column >= 1))
    )
      return `malformed diagnostic ${JSON.stringify(d)}`;
  }
  return undefined;
}

/** The commands' pure cores; each returns a failure description, or undefined when the outcome is the expected one. */
const TARGETS: Record<
  string,
  { seed: (rnd: () => number) => string; run: (text: string) => string | undefined; cases: number }
> = {
  "validate urdf": {
    seed: () => SEEDS.urdf,
    cases: 4_000,
    run: (t) => wellFormed(validateFile(t, "f.urdf", { strict: t.length % 2 === 0 })),
  },
  "validate sdf": {
    seed: (rnd) => (rnd() < 0.5 ? SEEDS.sdf : SEEDS.sdfWorld),
    cases: 4_000,
    run: (t) => wellFormed(validateFile(t, "f.sdf", { strict: t.length % 2 === 0 })),
  },
  convert: {
    seed: (rnd) => (rnd() < 0.5 ? SEEDS.urdf : SEEDS.sdf),
    cases: 4_000,
    run: (t) => {
      const r = descriptionToModel(t, "f.xml");
      const bad = wellFormed(r.diagnostics);
      if (bad !== undefined || r.robot === undefined || r.diagnostics.some((d) => d.severity === "error")) return bad;
      emitSdf(r.robot, { version: "1.9" });
      emitUrdf(r.robot);
      return undefined;
    },
  },
  "emit/build": {
    seed: (rnd) => (rnd() < 0.5 ? SEEDS.document : SEEDS.json),
    cases: 4_000,
    run: (t) => {
      const r = readRobotDocument(t, "r.yaml");
      const bad = wellFormed(r.diagnostics);
      if (bad !== undefined || r.robot === undefined) return bad;
      buildArtifacts(r.robot, { target: ["gz", "classic", "ros1"][t.length % 3] ?? "gz" });
      return undefined;
    },
  },
  xacro: {
    seed: () => SEEDS.xacro,
    cases: 2_000,
    run: (t) => {
      // Half the cases mutate the top file, half the included one; the host is in memory (no disk).
      const top = t.length % 2 === 0 ? t : SEEDS.xacro;
      const included = t.length % 2 === 0 ? SEEDS.xacroInclude : t;
      const r = expandXacro(top, "/x/r.urdf.xacro", {
        path: "/x/r.urdf.xacro",
        host: {
          readFile: (p) => (p === "/x/inc.xacro" ? included : undefined),
          findPackage: (n) => (n === "pkg" ? "/x" : undefined),
          env: () => undefined,
        },
      });
      const bad = wellFormed(r.diagnostics);
      if (bad !== undefined || r.root === undefined) return bad;
      return wellFormed(descriptionToModel(writeXacroXml(r.root).text, "r.urdf").diagnostics);
    },
  },
  import: {
    seed: (rnd) => (rnd() < 0.5 ? SEEDS.urdf : SEEDS.sdf),
    cases: 2_000,
    run: (t) => {
      const r = descriptionToModel(t, "f.xml");
      const bad = wellFormed(r.diagnostics);
      if (bad !== undefined || r.robot === undefined || r.diagnostics.some((d) => d.severity === "error")) return bad;
      if (importProblems(r.robot).length > 0) return undefined;
      robotToTypeScript(r.robot, { from: "f.xml", notes: [] });
      robotToYaml(r.robot, { from: "f.xml", notes: [] });
      return undefined;
    },
  },
  "sim scenario": {
    seed: () => SEEDS.scenario,
    cases: 2_000,
    run: (t) => wellFormed(readScenario(t, "s.yaml").diagnostics),
  },
  "fmu check": {
    seed: () => SEEDS.modelDescription,
    cases: 2_000,
    run: (t) => {
      // Half the cases mutate the XML, half the archive bytes around it.
      const zip = zipArchive([textEntry("modelDescription.xml", t, t.length % 2 === 0 ? 8 : 0)]);
      if (t.length % 3 === 0) {
        for (let i = 0; i < 4; i++) {
          const at = (t.charCodeAt(i) * 7919 + i) % zip.length;
          zip[at] = (zip[at] ?? 0) ^ 0xff;
        }
      }
      try {
        const entry = readZipEntry(zip, "modelDescription.xml");
        if (entry !== undefined) checkModelDescription(new TextDecoder().decode(entry));
      } catch (error) {
        // fmu check turns every error into exit 1 with its message; a TypeError is a bug.
        if (error instanceof TypeError || error instanceof ReferenceError) throw error;
      }
      return undefined;
    },
  },
};

describe(`attack suite (seed ${SEED}; rerun with ROBOKIT_FUZZ_SEED=${SEED})`, () => {
  const total = Object.values(TARGETS).reduce((n, t) => n + t.cases, 0);
  it(`${total} hostile variants through validate, convert, xacro, import, emit/build, sim and fmu check`, () => {
    console.log(`robokit attack suite: seed ${SEED}, ${total} in-process cases`);
    const rnd = prng(SEED);
    const failures: string[] = [];
    let slowest = 0;
    for (const [name, target] of Object.entries(TARGETS)) {
      // Warm-up on the valid seed (schemas compile on first use), outside the timing.
      expect(target.run(target.seed(rnd)), `${name} on its valid seed`).toBeUndefined();
      for (let i = 0; i < target.cases; i++) {
        const text = hostileVariant(target.seed(rnd), rnd);
        const started = performance.now();
        let outcome: string | undefined;
        try {
          outcome = target.run(text);
        } catch (error) {
          if (!isModelError(error))
            outcome = `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
        }
        const ms = performance.now() - started;
        slowest = Math.max(slowest, ms);
        if (ms > CASE_MS) outcome = `took ${ms.toFixed(0)} ms`;
        if (outcome !== undefined && failures.length < 20)
          failures.push(
            `${name} #${i}: ${outcome}\n  input: ${JSON.stringify(text.length > 400 ? `${text.slice(0, 400)}…` : text)}`,
          );
      }
    }
    console.log(
      `robokit attack suite: slowest case ${slowest.toFixed(0)} ms, heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(process.memoryUsage().heapUsed).toBeLessThan(1024 * 2 ** 20);
    // ~60 s on an idle 2-core machine; room for a loaded CI runner.
  }, 600_000);
});

describe(`attack suite through the CLI (seed ${SEED})`, () => {
  const base = mkdtempSync(join(tmpdir(), "robokit-attack-"));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it("each command exits 0, 1, 2 or 3 on hostile input, one line, and writes nothing outside its output folder", () => {
    const rnd = prng(SEED ^ 0x5eed);
    const work = join(base, "work");
    mkdirSync(work);
    const cases: { args: string[]; file: string; text: string | Uint8Array }[] = [];
    for (let k = 0; k < 1; k++) {
      cases.push({ file: "a.urdf", text: hostileVariant(SEEDS.urdf, rnd), args: ["validate", "a.urdf"] });
      cases.push({ file: "b.sdf", text: hostileVariant(SEEDS.sdf, rnd), args: ["convert", "b.sdf", "--to", "urdf"] });
      cases.push({ file: "x.urdf.xacro", text: hostileVariant(SEEDS.xacro, rnd), args: ["validate", "x.urdf.xacro"] });
      cases.push({
        file: "a.urdf",
        text: hostileVariant(SEEDS.urdf, rnd),
        args: ["import", "a.urdf", "--to", "ts", "--out", "out/r.ts"],
      });
      cases.push({
        file: "r.yaml",
        text: hostileVariant(SEEDS.document, rnd),
        args: ["emit", "r.yaml", "--format", "sdf"],
      });
      cases.push({
        file: "r.yaml",
        text: hostileVariant(SEEDS.document, rnd),
        args: ["build", "r.yaml", "--out", "out/pkg"],
      });
      cases.push({
        file: "m.fmu",
        text: zipArchive([textEntry("modelDescription.xml", hostileVariant(SEEDS.modelDescription, rnd))]),
        args: ["fmu", "check", "m.fmu"],
      });
    }
    const scenario = hostileVariant(SEEDS.scenario, rnd);
    cases.push({ file: "s.yaml", text: scenario, args: ["sim", "mario", "-s", "s.yaml", "--duration", "0.05"] });
    for (const c of cases) {
      writeFileSync(join(work, c.file), c.text);
      const r = runCliProcess(c.args, work);
      const what = `robokit ${c.args.join(" ")} (seed ${SEED})\n${r.stderr}`;
      expect([0, 1, 2, 3], what).toContain(r.status);
      expect(r.stderr, what).not.toMatch(/internal error|\n\s+at /);
      expect(readdirSync(base), what).toEqual(["work"]);
      expect(
        readdirSync(work).filter(
          (f) => ![c.file, "a.urdf", "b.sdf", "x.urdf.xacro", "r.yaml", "m.fmu", "s.yaml", "out"].includes(f),
        ),
        what,
      ).toEqual([]);
      rmSync(join(work, "out"), { recursive: true, force: true });
    }
  }, 600_000);
});
