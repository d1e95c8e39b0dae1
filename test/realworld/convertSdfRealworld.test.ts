import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { haveTool } from "../support/tools.js";
import { convertibleUrdfs, POSE_TOLERANCE, renderConvertReport, runConvertSdf } from "./convertSdf.js";

const here = dirname(fileURLToPath(import.meta.url));

// robokit convert --to sdf on every distinct real URDF that urdfdom and libsdformat load,
// one batched run of ign sdf -k (our output) and ign sdf -p (the original), two processes at a time.
describe.runIf(haveTool("ign", "libsdformat's ign sdf -k / -p on converted real URDFs"))(
  "convert --to sdf on the real URDFs of test/data/realworld",
  () => {
    it("ign sdf -k accepts every output; links, joints, total mass and link poses agree with ign sdf -p; CONVERT.md is up to date", {
      timeout: 400_000,
    }, async () => {
      const paths = convertibleUrdfs();
      expect(paths.length).toBe(176);
      const rows = await runConvertSdf(paths);
      const written = rows.filter((r) => r.written);
      expect(rows.filter((r) => !r.written).map((r) => r.path)).toEqual([]);
      expect(written.filter((r) => r.ignError !== "").map((r) => `${r.path}: ${r.ignError}`)).toEqual([]);
      // Links: the same after lumping, except massless links below moving joints that libsdformat drops (deliberate).
      expect(written.flatMap((r) => r.linkDiffs.map((d) => `${r.path}: ${d}`))).toEqual([]);
      expect(
        written.filter((r) => r.droppedByThem.length > 0).map((r) => `${r.path}: ${r.masslessRoots.join(",")}`),
      ).toEqual([
        "bulletphysics+bullet3/data/widowx/widowx.urdf: gripper_aux_link",
        "Gepetto+example-robot-data/robots/bluevolta_description/urdf/bluevolta_bravo7_gripper.urdf: bravo_finger1_link,bravo_finger2_link",
        "Gepetto+example-robot-data/robots/bravo7_description/urdf/bravo7_gripper.urdf: bravo_finger1_link,bravo_finger2_link",
        "Gepetto+example-robot-data/robots/falcon_description/urdf/falcon_bravo7_gripper.urdf: bravo_finger1_link,bravo_finger2_link",
      ]);
      expect(written.flatMap((r) => r.jointDiffs.map((d) => `${r.path}: ${d}`))).toEqual([]);
      expect(
        written
          .filter((r) => !r.massAgrees)
          .map((r) => `${r.path}: ${r.massOurs} − ${r.massDropped} vs ${r.massTheirs}`),
      ).toEqual([]);
      expect(
        written
          .filter((r) => !(r.worstPose <= POSE_TOLERANCE))
          .map((r) => `${r.path}: ${r.worstPoseLink} ${r.worstPose}`),
      ).toEqual([]);
      // Lumping is what made the 9 files with non-physical tensors on fixed-joint children valid; it happens in most robots.
      expect(written.filter((r) => r.lumped > 0).length).toBeGreaterThan(80);
      expect(readFileSync(join(here, "CONVERT.md"), "utf8")).toBe(renderConvertReport(rows));
    });
  },
);
