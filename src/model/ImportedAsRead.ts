/**
 * Marks a robot read from a URDF or SDF file someone else wrote and kept as that file says.
 * The model check ({@link checkRobot}) then reports what an authored robot may not hold (zero
 * mass, a tensor that is not positive definite, zero-size shapes, names no ROS package can
 * carry) as warnings, and every emitter writes those values back as read.
 */
export interface ImportedAsRead {
  /** Always true: the robot is checked leniently. */
  readonly lenient: true;
  /** What the model check found when the file was imported, one message each (for the reader). */
  readonly findings?: readonly string[];
}
