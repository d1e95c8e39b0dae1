import { describe, expect, it } from "vitest";

import { cart } from "../../examples/cart/cart.js";
import { mecanum } from "../../examples/mecanum/mecanum.js";
import { robot as pantilt } from "../../examples/pantilt/pantilt.js";
import { tricycle } from "../../examples/tricycle/tricycle.js";
import { emitPackageReadme } from "../../src/emit/package/emitPackageReadme.js";

const driveSection = (text: string): string => text.slice(text.indexOf("## Drive"), text.indexOf("## Sensor topics"));

describe("the generated package README's Drive section suggests what works for the robot", () => {
  it("no robokit ik for a robot without a drive (pan-tilt head), on ROS 2 and ROS 1", () => {
    for (const platform of [
      { target: "gz", distro: "jazzy" },
      { target: "ros1", distro: "noetic" },
    ] as const) {
      const drive = driveSection(emitPackageReadme(pantilt, platform));
      expect(drive).not.toContain("robokit ik");
      expect(drive).toContain("pan");
    }
  });

  it("a mobile base's twist topic: diff drive on cmd_vel, mecanum and steering controllers on reference", () => {
    const twist = (text: string) => /ros2 topic pub -r 10 (\S+) geometry_msgs\/msg\/TwistStamped/.exec(text)?.[1];
    for (const distro of ["humble", "jazzy", "kilted", "rolling"] as const) {
      expect(twist(emitPackageReadme(cart, { target: "gz", distro }))).toBe("/diff_drive_controller/cmd_vel");
      expect(twist(emitPackageReadme(mecanum, { target: "gz", distro }))).toBe("/mecanum_drive_controller/reference");
      expect(twist(emitPackageReadme(tricycle, { target: "gz", distro }))).toBe(
        "/tricycle_steering_controller/reference",
      );
    }
  });
});
