import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { SDF_VERSIONS } from "../../src/emit/sdf/SdfVersion.js";
import { validateFile } from "../../src/validate/validateFile.js";
import { arbitraryRobot } from "./arbitraryRobot.js";

/** robokit's own validator finds nothing to say about the SDF writer's output (issue 4, item 5). */
describe.each(SDF_VERSIONS)("robokit validate on robokit's SDF %s", (version) => {
  it("MARIO validates clean (no error, no warning)", () => {
    expect(validateFile(emitSdf(mario, { version }), "model.sdf").filter((d) => d.severity !== "info")).toEqual([]);
  });

  it("random robots validate clean", () => {
    fc.assert(
      fc.property(arbitraryRobot(), (robot) => {
        expect(validateFile(emitSdf(robot, { version }), "model.sdf").filter((d) => d.severity !== "info")).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});
