import type { OmniDriveGeometry } from "./OmniDriveGeometry.js";

/**
 * FESTO Robotino 2 (motors 1, 2, 3 at 60°, 180°, 300°; +x points between wheels 1 and 3).
 * R 0.132 m, r 0.040 m, gear 16: OpenRobotino API2 `OmniDriveModel.h` defaults and
 * `controld2.conf` [DriveLayout] (BusHero/robotino_api2 @ 9757814). k = 60·16/(2π·0.04) ≈
 * 3819.72 motor rpm per m/s. Convention "ccw", as the API's `project`.
 */
export const ROBOTINO_2: OmniDriveGeometry = Object.freeze({
  wheelAngles: Object.freeze([Math.PI / 3, Math.PI, (5 * Math.PI) / 3]),
  robotRadius: 0.132,
  wheelRadius: 0.04,
  gearRatio: 16,
  convention: "ccw",
});

/**
 * FESTO Robotino 3: R 0.175 m, r 0.060 m, gear 32 (`controld3.conf` [DriveLayout],
 * BusHero/robotino_api2 @ 9757814); wheels at 60°, 180°, 300°. k ≈ 5092.96 motor rpm per m/s.
 */
export const ROBOTINO_3: OmniDriveGeometry = Object.freeze({
  wheelAngles: Object.freeze([Math.PI / 3, Math.PI, (5 * Math.PI) / 3]),
  robotRadius: 0.175,
  wheelRadius: 0.06,
  gearRatio: 32,
  convention: "ccw",
});
