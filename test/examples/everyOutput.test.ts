// every generated description of both examples, for every target and every
// SDF version robokit writes, validates clean with robokit, and with libsdformat 12
// (`ign sdf -k`) where it reads the version (≤ 1.9).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { SIM_TARGETS } from "../../src/emit/gazebo/SimTarget.js";
import { SDF_VERSIONS } from "../../src/emit/sdf/SdfVersion.js";
import { validateFile } from "../../src/validate/validateFile.js";
import { haveTool, runTool } from "../support/tools.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-every-"));
const IGN_READS = new Set(["1.6", "1.7", "1.8", "1.9"]);

describe.each([mario, robotino])("$name: every description file", (robot) => {
  describe.each(SIM_TARGETS)("target %s", (target) => {
    it.each(SDF_VERSIONS)("SDF %s: robokit reports nothing; ign sdf -k accepts it (≤ 1.9)", (sdfVersion) => {
      const files = buildArtifacts(robot, { target, sdfVersion }).filter((a) => /\.(urdf|sdf|world)$/.test(a.path));
      expect(files.map((f) => f.path)).toEqual(
        expect.arrayContaining([`urdf/${robot.name}.urdf`, `sdf/${robot.name}/model.sdf`]),
      );
      for (const f of files) expect(validateFile(f.content, f.path), `${f.path}`).toEqual([]);
      const sdf = files.find((f) => f.path.endsWith("model.sdf"))!;
      expect(sdf.content).toContain(`<sdf version="${sdfVersion}">`);
      if (!IGN_READS.has(sdfVersion) || !haveTool("ign", "ign sdf -k (libsdformat 12) on every example SDF")) return;
      const file = join(dir, `${robot.name}-${target}-${sdfVersion}.sdf`);
      writeFileSync(file, sdf.content);
      const r = runTool("ign", ["sdf", "-k", file]);
      expect(r.stdout + r.stderr, file).toContain("Valid.");
      expect(r.status).toBe(0);
    });
  });
});
