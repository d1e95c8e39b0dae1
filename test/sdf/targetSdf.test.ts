import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { validateFile } from "../../src/validate/validateFile.js";

const modelSdf = (target: string, sdfVersion?: string): string =>
  buildArtifacts(mario, { target, ...(sdfVersion === undefined ? {} : { sdfVersion }) }).find(
    (a) => a.path === "sdf/mario/model.sdf",
  )?.content ?? "";

describe("the SDF model follows the target", () => {
  it("gz: SDF 1.9 with gz-sim sensor types", () => {
    const sdf = modelSdf("gz");
    expect(sdf).toContain('<sdf version="1.9">');
    expect(sdf).toContain('type="navsat"');
    expect(sdf).not.toContain('type="multicamera"');
  });

  it("classic and ros1: SDF 1.6 (Gazebo Classic 11 reads at most 1.7) with Classic sensor types", () => {
    for (const target of ["classic", "ros1"]) {
      const sdf = modelSdf(target);
      expect(sdf).toContain('<sdf version="1.6">');
      expect(sdf).not.toContain('type="navsat"');
      expect(sdf).toContain('type="multicamera"');
      expect(validateFile(sdf, "model.sdf")).toEqual([]);
    }
  });

  it("classic writes Classic's gps sensor; ros1 leaves GPS to the hector plugin in its URDF", () => {
    expect(modelSdf("classic")).toContain('type="gps"');
    expect(modelSdf("ros1")).not.toContain('type="gps"');
  });

  it("--sdf-version still wins over the target's default", () => {
    expect(modelSdf("classic", "1.7")).toContain('<sdf version="1.7">');
    expect(modelSdf("gz", "1.11")).toContain('<sdf version="1.11">');
  });
});
