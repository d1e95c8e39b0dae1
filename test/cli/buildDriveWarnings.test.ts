import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { ackermann } from "../../examples/ackermann/ackermann.js";
import type { Robot } from "../../src/model/Robot.js";
import { runCliInProcess } from "../support/runCliInProcess.js";

describe("robokit build on a drive whose geometry the controller does not assume", () => {
  it("writes the package and says, naming the drive, where the steering controller's base frame is", async () => {
    // base_link 0.3 m behind the rear axle: every joint on it moves 0.3 m forward.
    const shifted: Robot = {
      ...ackermann,
      joints: (ackermann.joints ?? []).map((j) =>
        j.parent === "base_link" && j.origin !== undefined
          ? { ...j, origin: { ...j.origin, xyz: [j.origin.xyz[0] + 0.3, j.origin.xyz[1], j.origin.xyz[2]] } }
          : j,
      ),
    };
    const dir = mkdtempSync(join(tmpdir(), "robokit-drive-warning-"));
    const file = join(dir, "car.json");
    writeFileSync(file, JSON.stringify(shifted));
    const r = await runCliInProcess(["build", file, "--out", join(dir, "out")]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /car\.json: warning DRIVE_GEOMETRY_MISMATCH: drive: the traction axle's centre is at \(0\.3, 0\) m in "base_link".*ackermann_steering_controller/,
    );
    const clean = await runCliInProcess(["build", "ackermann", "--out", join(dir, "clean")]);
    expect(clean.code).toBe(0);
    expect(clean.stderr).toBe("");
  });
});
