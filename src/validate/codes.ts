/**
 * The registry of diagnostic codes. Append-only: never rename or reuse a code.
 * Where libsdformat has an ErrorCode with the same meaning, its name is used.
 */
export const diagnosticCodes = {
  XML_ERROR: "The file is not well-formed XML.",
  FILE_READ_ERROR: "The file could not be read.",
  DOCUMENT_INVALID: "A robot document (JSON/YAML) does not match robot.schema.json.",
  DUPLICATE_NAME: "Two elements in one scope share a name.",
  LINK_INERTIA_INVALID: "Mass or inertia tensor is not physically valid.",
  JOINT_PARENT_LINK_INVALID: "A joint's parent link does not exist.",
  JOINT_CHILD_LINK_INVALID: "A joint's child link does not exist.",
  JOINT_PARENT_SAME_AS_CHILD: "A joint's parent and child are the same link.",
  JOINT_AXIS_ZERO: "A joint axis has zero length.",
  JOINT_LIMIT_MISSING: "A revolute or prismatic joint has no limit.",
  JOINT_LIMIT_INVALID: "A joint limit is inconsistent (lower > upper, negative effort or velocity).",
  JOINT_MIMIC_INVALID: "A mimic joint refers to a missing joint, itself, or forms a cycle.",
  LINK_MULTIPLE_PARENTS: "A link is the child of more than one joint.",
  KINEMATIC_CYCLE: "The joints form a cycle.",
  MODEL_MULTIPLE_ROOTS: "More than one link has no parent joint.",
  MODEL_NO_LINKS: "The model has no links.",
  NUMBER_NOT_FINITE: "A number is NaN or infinite.",
  MATERIAL_UNDEFINED: "A visual refers to a material that is not declared.",
  GEOMETRY_INVALID: "A geometry has a non-positive size.",
  REFERENCE_INVALID: "A reference (transmission, ros2_control, sensor, drive, plugin) names a missing element.",
  VALUE_OUT_OF_RANGE: "A number is outside its allowed range (e.g. a sensor rate ≤ 0).",
} as const;

/** A stable diagnostic code. */
export type DiagnosticCode = keyof typeof diagnosticCodes;
