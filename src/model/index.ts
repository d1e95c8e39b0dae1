export type { FmuActuatorModel, InterfaceKind, JointActuator, PidGains } from "./Actuator.js";
export type { ArduPilotChannel, ArduPilotLink } from "./ArduPilotLink.js";
export { checkRobot } from "./checkRobot.js";
export type { CheckRobotOptions } from "./checkRobot.js";
export { defineRobot } from "./defineRobot.js";
export type {
  AckermannDrive,
  BicycleDrive,
  DifferentialDrive,
  Drive,
  MecanumDrive,
  OmniDrive,
  SteeredDrive,
  SteeredModule,
  TricycleDrive,
} from "./Drive.js";
export type {
  BoxGeometry,
  CapsuleGeometry,
  CylinderGeometry,
  Geometry,
  MeshGeometry,
  PlaneGeometry,
  SphereGeometry,
} from "./Geometry.js";
export { equivalentInertiaBox } from "./equivalentInertiaBox.js";
export type { InertiaBox } from "./equivalentInertiaBox.js";
export { geometrySolid } from "./geometrySolid.js";
export type { GeometrySolid, MeshMeasurer } from "./geometrySolid.js";
export type { InertiaTensor, Inertial } from "./Inertial.js";
export {
  boxInertia,
  capsuleInertia,
  combineInertials,
  cylinderInertia,
  inertiaMatrix,
  inertiaProblem,
  principalMoments,
  rotateInertia,
  shapeInertia,
  shiftInertia,
  solidInertial,
  sphereInertia,
} from "./inertia.js";
export type { InertiaProblem, Matrix3 } from "./inertia.js";
export { isSdfOnlyJoint, isTreeJoint, JOINT_TYPES, jointAxis, SDF_ONLY_JOINT_TYPES } from "./Joint.js";
export { ballJoint, gearboxJoint, revolute2Joint, screwJoint, universalJoint } from "./sdfJoints.js";
export type {
  BallJoint,
  Calibration,
  ContinuousJoint,
  GearboxJoint,
  Revolute2Joint,
  ScrewJoint,
  SdfAxisLimit,
  SdfOnlyJoint,
  SecondAxis,
  UniversalJoint,
  FixedJoint,
  FixedJointLimit,
  FloatingJoint,
  Joint,
  JointBase,
  JointDynamics,
  JointLimit,
  Mimic,
  PlanarJoint,
  PrismaticJoint,
  RateLimit,
  RevoluteJoint,
  SafetyController,
} from "./Joint.js";
export type { ImportedAsRead } from "./ImportedAsRead.js";
export type { Collision, Link, Surface, Visual } from "./Link.js";
export { linkInertiaBoxes } from "./linkInertiaBoxes.js";
export type { LinkInertiaBoxes } from "./linkInertiaBoxes.js";
export { linkPoses, relativePose, rootLink } from "./linkPoses.js";
export type { Material } from "./Material.js";
export type { XmlBlock } from "./XmlBlock.js";
export type { GaussianNoise } from "./Noise.js";
export {
  composePoses,
  IDENTITY_POSE,
  invertPose,
  pose,
  poseFromMatrix,
  poseToMatrix,
  quatFromRpy,
  rotateVector,
  rotationFromRpy,
  rpyFromQuat,
  transformPoint,
} from "./Pose.js";
export type { Pose } from "./Pose.js";
export type { PackageInfo, Robot } from "./Robot.js";
export { RobotBuilder } from "./RobotBuilder.js";
export { RobotModelError } from "./RobotModelError.js";
export type {
  AxesNoise,
  CameraOptics,
  CameraSensor,
  ContactSensor,
  GpsSensor,
  ImuSensor,
  LidarSensor,
  RangeSensor,
  ScanAxis,
  Sensor,
  SensorBase,
  StereoCameraSensor,
} from "./Sensor.js";
export { box, capsule, cylinder, mesh, plane, sphere } from "./shapes.js";
export { solidLink } from "./solidLink.js";
export type { SolidLinkOptions } from "./solidLink.js";
export type { Quat, Rgba, Vec3 } from "./Vector.js";
export { wheelLayout } from "./wheelLayout.js";
export { driveGeometry } from "./driveGeometry.js";
export type {
  AckermannGeometry,
  BicycleGeometry,
  DifferentialGeometry,
  DriveGeometry,
  DriveSteering,
  DriveWheel,
  MecanumGeometry,
  TricycleGeometry,
} from "./driveGeometry.js";
export { rollingRadius } from "./rollingRadius.js";
export type { OmniWheelLayout, SteeredModuleLayout, Vec2, WheelLayout } from "./wheelLayout.js";
