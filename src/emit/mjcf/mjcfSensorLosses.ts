import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { Robot } from "../../model/Robot.js";
import { assertNever } from "../../util/assertNever.js";

/**
 * What MJCF's sensors do not hold of the robot's sensors. Warnings (FEATURE_UNSUPPORTED): a
 * lidar (a site only: an MJCF rangefinder is one ray, there is no scan). Info: a GPS written
 * as `framepos` and `framelinvel` at its site (metres and m/s in MuJoCo's world frame, not
 * latitude and longitude), a range sensor's cone written as its centre ray.
 */
export function mjcfSensorLosses(robot: Robot): Diagnostic[] {
  const out: Diagnostic[] = [];
  robot.links.forEach((link, i) => {
    (link.sensors ?? []).forEach((s, k) => {
      const jsonPath = `/links/${i}/sensors/${k}`;
      switch (s.type) {
        case "lidar":
          out.push({
            code: "FEATURE_UNSUPPORTED",
            severity: "warning",
            jsonPath,
            message: `lidar "${s.name}": MJCF rangefinders are single rays; only a site at the sensor is written, no scan`,
          });
          return;
        case "gps":
          out.push({
            code: "FEATURE_UNSUPPORTED",
            severity: "info",
            jsonPath,
            message: `GPS "${s.name}": written as framepos and framelinvel at its site, a position (m) and velocity (m/s) in MuJoCo's world frame, not latitude and longitude`,
          });
          return;
        case "range":
          if ((s.samples ?? 1) > 1)
            out.push({
              code: "FEATURE_UNSUPPORTED",
              severity: "info",
              jsonPath,
              message: `range sensor "${s.name}": its ${s.samples} rays across the cone are written as one rangefinder along the centre`,
            });
          return;
        case "imu":
        case "camera":
        case "stereo":
        case "contact":
          return;
        default:
          assertNever(s, "sensor type");
      }
    });
  });
  return out;
}
