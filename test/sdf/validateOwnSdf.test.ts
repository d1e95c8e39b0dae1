import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { SDF_VERSIONS } from "../../src/emit/sdf/SdfVersion.js";
import { validateFile } from "../../src/validate/validateFile.js";
import { arbitraryRobot } from "./arbitraryRobot.js";

/** robokit's own validator finds nothing to say about the SDF writer's output. */
describe.each(SDF_VERSIONS)("robokit validate on robokit's SDF %s", (version) => {
  it("MARIO validates clean (no error, no warning)", () => {
    expect(validateFile(emitSdf(mario, { version }), "model.sdf").filter((d) => d.severity !== "info")).toEqual([]);
  });

  it("random robots validate clean", () => {
    // The random robots' inertials are drawn independently of their shapes (0.1 kg·m² on a 1 cm box):
    // the checks of inertials against geometry judge the robot, not the SDF writer, and have their own
    // tests (test/validate/inertiaGeometry*.test.ts). Everything else must be silent.
    const aboutThePhysics = new Set([
      "INERTIA_GEOMETRY_MISMATCH",
      "DENSITY_IMPLAUSIBLE",
      "COM_OUTSIDE_GEOMETRY",
      "MESH_UNITS_SUSPECT",
    ]);
    fc.assert(
      fc.property(arbitraryRobot(), (robot) => {
        const found = validateFile(emitSdf(robot, { version }), "model.sdf").filter(
          (d) => d.severity !== "info" && !aboutThePhysics.has(d.code),
        );
        expect(found).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});
