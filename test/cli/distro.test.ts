import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { runCliProcess } from "../support/runCliProcess.js";

describe("robokit build --distro", () => {
  it("--distro noetic alone builds the ROS 1 package; --distro humble gives Robotino no omni controller", () => {
    const noetic = mkdtempSync(join(tmpdir(), "robokit-distro-"));
    const r = runCliProcess(["build", "mario", "--distro", "noetic", "-o", noetic]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("(ros1, noetic)");
    expect(existsSync(join(noetic, "launch", "mario_gazebo.launch"))).toBe(true);
    const humble = mkdtempSync(join(tmpdir(), "robokit-distro-"));
    expect(runCliProcess(["build", "robotino", "--distro", "humble", "-o", humble]).status).toBe(0);
    expect(readFileSync(join(humble, "package.xml"), "utf8")).not.toContain("omni_wheel_drive_controller");
  });

  it("a target the distro has no binaries for, or an unknown distro, is a usage error (exit 2) that writes nothing", () => {
    const out = join(mkdtempSync(join(tmpdir(), "robokit-distro-")), "pkg");
    const bad = runCliProcess(["build", "mario", "--target", "classic", "--distro", "jazzy", "-o", out]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("classic runs on humble");
    expect(existsSync(out)).toBe(false);
    expect(runCliProcess(["build", "mario", "--distro", "iron", "-o", out]).status).toBe(2);
  });
});
