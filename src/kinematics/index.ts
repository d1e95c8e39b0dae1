/**
 * robokit/kinematics: steered (4WD4S), omni, mecanum, differential, Ackermann, bicycle and
 * tricycle drives behind one {@link DriveKinematics} interface, Kabsch wheel
 * odometry, SE(2) integration and a planar pose estimator. REP-103 (x forward, y left, z up), SI
 * units, radians, counter-clockwise positive, angles wrapped to (−π, π]. Every hot path also has
 * an allocation-free `…Into` form.
 * @packageDocumentation
 */
export { AckermannDriveKinematics } from "./AckermannDriveKinematics.js";
export type { AckermannDimensions, AckermannWheelPositions, AckermannWheelSpeeds } from "./AckermannDriveKinematics.js";
export { BicycleDriveKinematics } from "./BicycleDriveKinematics.js";
export type { BicycleWheelPositions, BicycleWheelSpeeds } from "./BicycleDriveKinematics.js";
export type { DriveKinematics } from "./DriveKinematics.js";
export { DriveOdometry } from "./DriveOdometry.js";
export { steeredWheelAngle } from "./steeredWheelAngle.js";
export { TricycleDriveKinematics } from "./TricycleDriveKinematics.js";
export type { TricycleDimensions, TricycleWheelPositions, TricycleWheelSpeeds } from "./TricycleDriveKinematics.js";
export { TWIST_EPSILON, unachievableTwist } from "./unachievableTwist.js";
export type { ChassisAcceleration } from "./ChassisAcceleration.js";
export type { ChassisVelocity } from "./ChassisVelocity.js";
export { classifyDriveMode, DEFAULT_MODE_EPSILON, driveModeOf } from "./classifyDriveMode.js";
export { driveFromModel } from "./driveFromModel.js";
export type {
  AckermannDriveFromModel,
  BicycleDriveFromModel,
  DifferentialDriveFromModel,
  DriveFromModel,
  DriveFromModelResult,
  MecanumDriveFromModel,
  OmniDriveFromModel,
  SteeredDriveFromModel,
  TricycleDriveFromModel,
} from "./driveFromModel.js";
export { driveJoints } from "./driveJoints.js";
export type { DriveJoints } from "./driveJoints.js";
export { baseMotionFromPointInto, twistAtPointInto } from "./shiftTwist.js";
export type { DriveMode, DriveModeReport } from "./classifyDriveMode.js";
export { desaturateWheelSpeeds, desaturateWheelSpeedsInto } from "./desaturateWheelSpeeds.js";
export { DifferentialDriveKinematics } from "./DifferentialDriveKinematics.js";
export type { DifferentialWheelPositions, DifferentialWheelSpeeds } from "./DifferentialDriveKinematics.js";
export { discretize, discretizeInto } from "./discretize.js";
export { foldWheelState, foldWheelStatesInto } from "./foldWheelState.js";
export type { FoldResult } from "./foldWheelState.js";
export { fromFieldRelative, fromFieldRelativeInto } from "./fromFieldRelative.js";
export { composePoseInto, integratePose, integratePoseInto } from "./integratePose.js";
export { isKabschValid } from "./KabschResult.js";
export type { KabschStatus, PlanarKabschResult } from "./KabschResult.js";
export { KABSCH_EPSILON, kabschPlanar, kabschPlanarInto } from "./kabschPlanar.js";
export { kabschSvd, kabschSvdInto } from "./kabschSvd.js";
export type { SvdKabschResult } from "./kabschSvd.js";
export { KABSCH_ODOMETRY_TOLERANCE, KabschWheelOdometry } from "./KabschWheelOdometry.js";
export type { KabschWheelOdometryOptions } from "./KabschWheelOdometry.js";
export { limitTwistRateInto } from "./limitTwistRateInto.js";
export { MecanumDriveKinematics } from "./MecanumDriveKinematics.js";
export type { MecanumWheelPositions, MecanumWheelSpeeds } from "./MecanumDriveKinematics.js";
export { Odometry } from "./Odometry.js";
export type { OmniConvention, OmniDriveGeometry } from "./OmniDriveGeometry.js";
export { OmniDriveKinematics } from "./OmniDriveKinematics.js";
export type { OmniSpeedUnit, OmniWheelPositions, OmniWheelSpeeds } from "./OmniDriveKinematics.js";
export { optimizeWheelState, optimizeWheelStatesInto } from "./optimizeWheelState.js";
export { PlanarPoseEstimator } from "./PlanarPoseEstimator.js";
export type { PlanarPoseEstimatorOptions } from "./PlanarPoseEstimator.js";
export type { Pose2d } from "./Pose2d.js";
export { ROBOTINO_2, ROBOTINO_3 } from "./robotinoPresets.js";
export { SE2_SERIES_THRESHOLD, se2Exp, se2ExpInto } from "./se2Exp.js";
export { se2Log, se2LogInto } from "./se2Log.js";
export { SteeredDriveKinematics } from "./SteeredDriveKinematics.js";
export type {
  SteeredDriveCommand,
  SteeredDriveOptions,
  SteeredWheelAcceleration,
  SteeredWheelPositions,
} from "./SteeredDriveKinematics.js";
export type { SteeredWheelState } from "./SteeredWheelState.js";
export { symmetricEigen3Into } from "../util/symmetricEigen3.js";
export { toFieldRelative, toFieldRelativeInto } from "./toFieldRelative.js";
export type { Twist2d } from "./Twist2d.js";
export { TwistRateLimiter } from "./TwistRateLimiter.js";
export type { Vector2 } from "./Vector2.js";
export type { Vector3 } from "./Vector3.js";
export { canonicalAtan2, wrapAngle } from "../util/wrapAngle.js";
