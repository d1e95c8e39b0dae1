import { describe, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { emitModelConfig } from "../../src/emit/sdf/emitModelConfig.js";
import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { expectGolden } from "../support/golden.js";

/** MARIO's SDF, byte for byte (UPDATE_GOLDEN=1 rewrites the files; review the diff). */
describe("MARIO SDF golden files", () => {
  it("SDF 1.9 (default; relative_to poses)", () =>
    expectGolden("mario/model-1.9.sdf", emitSdf(mario, { version: "1.9" })));
  it("SDF 1.6 (Gazebo Classic; model-frame poses)", () =>
    expectGolden("mario/model-1.6.sdf", emitSdf(mario, { version: "1.6" })));
  it("model.config", () => expectGolden("mario/model.config", emitModelConfig(mario, "1.9")));
});
