import type { DiagnosticCode } from "./codes.js";
import type { Diagnostic, Severity } from "./Diagnostic.js";

/**
 * Why a finding has its severity:
 * - `consumer`: the format's reference consumer rejects the file (urdfdom for URDF, libsdformat
 *   for SDF, MuJoCo for MJCF), so the robot does not load;
 * - `spec`: the format's specification forbids it;
 * - `physics`: the values cannot describe a physical body (negative mass, a negative principal
 *   moment, a violated triangle inequality, NaN);
 * - `loads`: consumers load the file, but the finding is suspect; the diagnostic is a warning and
 *   `consequence` says what Gazebo, MuJoCo or RViz do with it;
 * - `note`: information only.
 */
export type SeverityBasis = "consumer" | "spec" | "physics" | "loads" | "note";

/** One row of the severity policy: what a finding is reported as, and why. */
export interface SeverityEntry {
  readonly code: DiagnosticCode;
  /** Default-mode severity; `--strict` turns every warning into an error. */
  readonly severity: Severity;
  readonly basis: SeverityBasis;
  /** What the finding is, in a few words (for SEVERITY.md and docs/validate.md). */
  readonly what: string;
  /**
   * Errors: which consumer rejects it or which spec clause / physical law forbids it.
   * Warnings: what the consumers do with it. For warnings, `RuleContext.flag` appends it
   * to the message, so each warning says what the simulator will do.
   */
  readonly consequence: string;
}

/**
 * The severity policy: every finding a validator rule can report, with its code, its severity
 * and the reason. Rules report through `ctx.flag(finding, …)` and never choose a severity
 * themselves, so this table is the one place that decides. test/validate/severityPolicy.test.ts
 * checks that src/validate/rules/SEVERITY.md is generated from it.
 *
 * Error: a consumer rejects the file, the spec forbids it, or the physics is impossible.
 * Warning: it loads but deserves a look. Info: a note.
 */
export const severityPolicy = {
  // --- reading the file ---
  xmlMalformed: {
    code: "XML_ERROR",
    severity: "error",
    basis: "consumer",
    what: "not well-formed XML",
    consequence: "TinyXML2 (urdfdom, libsdformat) cannot read it",
  },
  xmlTolerated: {
    code: "XML_TOLERATED",
    severity: "warning",
    basis: "loads",
    what: "not well-formed XML that the format's reference tool reads (urdfdom: text or NULs after the root, a declaration after a comment; libsdformat: text before the root, NULs after it)",
    consequence:
      "check_urdf or libsdformat read the file while ignoring that text; stricter XML tools (xacro, lxml, ROS launch) reject it",
  },
  extensionNotCarried: {
    code: "EXTENSION_NOT_CARRIED",
    severity: "warning",
    basis: "loads",
    what: "an element of the input that the converted output does not carry (a <gazebo> setting, <ros2_control>, <transmission>, an SDF sensor, a kept URDF block in MJCF)",
    consequence: "the output loads without it: its simulator or controller never sees that element",
  },
  // --- structure (phase 1: the format's schema) ---
  attributeMissing: {
    code: "ATTRIBUTE_MISSING",
    severity: "error",
    basis: "spec",
    what: "a required attribute is missing",
    consequence: "the spec requires it; libsdformat and urdfdom reject the element",
  },
  elementMissing: {
    code: "ELEMENT_MISSING",
    severity: "error",
    basis: "spec",
    what: "a required element is missing",
    consequence: "the spec requires it; the consumer rejects the element",
  },
  sdfElementMissingDefaulted: {
    code: "ELEMENT_MISSING",
    severity: "warning",
    basis: "loads",
    what: "SDF: a required element is missing outside a <joint>",
    consequence:
      "libsdformat inserts the element with its default value and loads the file (it rejects only a joint's missing required elements)",
  },
  sdfRangeOlderSpec: {
    code: "ELEMENT_INVALID",
    severity: "warning",
    basis: "loads",
    what: "SDF before 1.6: a value outside its own version's range but inside SDF 1.9's (e.g. SDF 1.5 camera far < 10 m)",
    consequence:
      "libsdformat 12 reads the file converted to SDF 1.9 and checks 1.9's ranges, within which this value lies, so it loads it",
  },
  sdfRangeLibsdformat12: {
    code: "ELEMENT_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF ≤ 1.9: a value inside the published spec's range but outside libsdformat 12's copy of it (camera horizontal_fov < 0.1 rad)",
    consequence: "libsdformat 12 (gz-sim Fortress) refuses the value (Error reading element)",
  },
  elementValueInvalid: {
    code: "ELEMENT_INVALID",
    severity: "error",
    basis: "consumer",
    what: "an element value has the wrong type, form or range",
    consequence: "the consumer cannot parse the value",
  },
  attributeValueInvalid: {
    code: "ATTRIBUTE_INVALID",
    severity: "error",
    basis: "consumer",
    what: "an attribute value has the wrong type, form or range",
    consequence: "the consumer cannot parse the value",
  },
  urdfGeometryValueInvalid: {
    code: "ATTRIBUTE_INVALID",
    severity: "warning",
    basis: "loads",
    what: "URDF: an unparsable value inside a <visual> or <collision> (e.g. mesh scale with 4 numbers)",
    consequence:
      "urdfdom logs an error and drops this visual or collision (RViz does not draw it; no contact for a collision); the rest of the robot loads",
  },
  unknownAttribute: {
    code: "ATTRIBUTE_INCORRECT_TYPE",
    severity: "warning",
    basis: "loads",
    what: "an attribute the spec does not define",
    consequence: "consumers ignore it",
  },
  unknownElement: {
    code: "ELEMENT_UNRECOGNIZED",
    severity: "warning",
    basis: "loads",
    what: "an element the spec does not define here",
    consequence: "consumers ignore it",
  },
  repeatedElement: {
    code: "ELEMENT_REPEATED",
    severity: "warning",
    basis: "loads",
    what: "an element that may appear once appears again",
    consequence: "consumers use the first one",
  },
  // --- names and the kinematic tree ---
  duplicateName: {
    code: "DUPLICATE_NAME",
    severity: "error",
    basis: "consumer",
    what: "two elements of one kind in one scope share a name",
    consequence: "urdfdom and libsdformat reject duplicate link, joint and sibling names",
  },
  urdfTransmissionNameRepeated: {
    code: "DUPLICATE_NAME",
    severity: "warning",
    basis: "loads",
    what: "URDF: two transmissions share a name (one per hardware interface, as franka_ros writes)",
    consequence:
      "urdfdom (check_urdf) and libsdformat (Gazebo) do not read transmissions and load the robot; ros_control's transmission_interface loader registers each transmission's handles under its name, and where two register in one interface hardware_interface keeps the later (\"Replacing previously registered handle\"); ros2_control reads only the <ros2_control> block",
  },
  urdfLinkJointSameName: {
    code: "DUPLICATE_NAME",
    severity: "error",
    basis: "consumer",
    what: "URDF: a link and a joint share a name",
    consequence:
      "libsdformat 12 (Gazebo) refuses it (Error Code 2: joint with non-unique name), since SDF puts links and joints in one name scope; urdfdom (check_urdf, RViz) loads it, as URDF names links and joints apart",
  },
  urdfRobotNameEmpty: {
    code: "ATTRIBUTE_INVALID",
    severity: "error",
    basis: "consumer",
    what: "URDF: the robot's name is empty",
    consequence:
      "libsdformat 12 (Gazebo) refuses it (Error Code 5, the model's required name is empty); urdfdom (check_urdf, RViz) loads it",
  },
  urdfNoLink: {
    code: "MODEL_WITHOUT_LINK",
    severity: "error",
    basis: "consumer",
    what: "URDF: the robot has no link",
    consequence: "urdfdom rejects a robot without links",
  },
  urdfParentMissing: {
    code: "JOINT_PARENT_LINK_INVALID",
    severity: "error",
    basis: "consumer",
    what: "URDF: a joint's parent link does not exist",
    consequence: "urdfdom fails to build the tree",
  },
  urdfChildMissing: {
    code: "JOINT_CHILD_LINK_INVALID",
    severity: "error",
    basis: "consumer",
    what: "URDF: a joint's child link does not exist",
    consequence: "urdfdom fails to build the tree",
  },
  urdfParentIsChild: {
    code: "JOINT_PARENT_SAME_AS_CHILD",
    severity: "error",
    basis: "spec",
    what: "URDF: a joint's parent and child are the same link",
    consequence: "a loop: URDF describes a tree (urdfdom's check misses it)",
  },
  urdfTwoParents: {
    code: "LINK_MULTIPLE_PARENTS",
    severity: "error",
    basis: "consumer",
    what: "URDF: a link is the child of two joints",
    consequence: "urdfdom rejects it: URDF describes a tree",
  },
  urdfMultipleRoots: {
    code: "MODEL_MULTIPLE_ROOTS",
    severity: "error",
    basis: "consumer",
    what: "URDF: more than one link has no parent",
    consequence: "urdfdom rejects it: one root link",
  },
  urdfCycle: {
    code: "KINEMATIC_CYCLE",
    severity: "error",
    basis: "spec",
    what: "URDF: the joints form a cycle",
    consequence: "URDF describes a tree (urdfdom misses cycles away from the root)",
  },
  mimicInvalid: {
    code: "JOINT_MIMIC_INVALID",
    severity: "error",
    basis: "spec",
    what: "URDF: a mimic joint follows itself, or mimic joints form a cycle",
    consequence: "the constraint has no leader to follow",
  },
  mimicLeaderMissing: {
    code: "JOINT_MIMIC_INVALID",
    severity: "warning",
    basis: "loads",
    what: "URDF: a mimic joint follows a joint that does not exist",
    consequence:
      "urdfdom and libsdformat load it; tools that follow mimic tags (MoveIt, joint_state_publisher) find no leader, so the joint is not coupled",
  },
  // --- URDF extensions (transmission, ros2_control, gazebo) ---
  transmissionJointMissing: {
    code: "REFERENCE_INVALID",
    severity: "warning",
    basis: "loads",
    what: "a <transmission> or <ros2_control> joint names no joint",
    consequence:
      "the robot loads; ros_control / ros2_control fail to start that interface, and gazebo_ros_control skips it",
  },
  gazeboReferenceMissing: {
    code: "REFERENCE_INVALID",
    severity: "warning",
    basis: "loads",
    what: "URDF <gazebo reference> names no link or joint",
    consequence: "libsdformat ignores the block, so its friction, material or sensor settings never reach Gazebo",
  },
  pluginJointMissing: {
    code: "REFERENCE_INVALID",
    severity: "warning",
    basis: "loads",
    what: "a Gazebo plugin parameter names no joint",
    consequence: "the model loads; the plugin reports the missing joint when Gazebo starts it and does not drive it",
  },
  ros2ControlSensorMissing: {
    code: "REFERENCE_INVALID",
    severity: "warning",
    basis: "loads",
    what: "a ros2_control sensor with Gazebo hardware has no Gazebo <sensor>",
    consequence: "gz_ros2_control finds no sensor of that name and publishes no data for it",
  },
  // --- materials and geometry ---
  materialUndefined: {
    code: "MATERIAL_UNDEFINED",
    severity: "warning",
    basis: "loads",
    what: "URDF: a visual names a material that is not declared with a colour or texture",
    consequence: "urdfdom loads it; RViz draws the visual in its default colour and Gazebo in its default material",
  },
  geometryNoShape: {
    code: "GEOMETRY_INVALID",
    severity: "warning",
    basis: "loads",
    what: "URDF: a <geometry> without exactly one known shape",
    consequence: "urdfdom drops this visual or collision (RViz draws nothing, no contact); the robot loads",
  },
  geometryZeroSize: {
    code: "GEOMETRY_INVALID",
    severity: "warning",
    basis: "loads",
    what: "a shape with a zero size",
    consequence: "consumers load it; it is invisible and a zero-size collision never touches anything",
  },
  geometryNegativeSize: {
    code: "GEOMETRY_INVALID",
    severity: "error",
    basis: "physics",
    what: "a shape with a negative size",
    consequence: "no shape has a negative extent",
  },
  colorOutOfRange: {
    code: "ATTRIBUTE_INVALID",
    severity: "warning",
    basis: "loads",
    what: "URDF: a colour component outside [0, 1]",
    consequence: "urdfdom rejects the colour and keeps the material without it (RViz default colour)",
  },
  sdfColorOutOfRange: {
    code: "ELEMENT_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: a colour component outside [0, 1]",
    consequence: "libsdformat rejects the value (Error reading element)",
  },
  // --- inertia ---
  massNegative: {
    code: "LINK_INERTIA_INVALID",
    severity: "error",
    basis: "physics",
    what: "negative mass",
    consequence: "mass cannot be negative (libsdformat rejects it)",
  },
  inertiaNegativeMoment: {
    code: "LINK_INERTIA_INVALID",
    severity: "error",
    basis: "physics",
    what: "a negative principal moment of inertia",
    consequence: "the inertia tensor of a body is positive semi-definite (libsdformat rejects it)",
  },
  inertiaTriangle: {
    code: "LINK_INERTIA_INVALID",
    severity: "error",
    basis: "physics",
    what: "principal moments violate the triangle inequality",
    consequence: "for any body I1 + I2 ≥ I3 (libsdformat rejects it)",
  },
  inertiaPartOfPhysicalBody: {
    code: "LINK_INERTIA_INVALID",
    severity: "warning",
    basis: "loads",
    what: "URDF: a link's own tensor is impossible, but the rigid body it is fixed into is physical",
    consequence:
      "Gazebo (fixed-joint reduction) and MuJoCo (fusestatic) simulate only the lumped body, which is physical; the link's own numbers are still wrong",
  },
  urdfGazeboDropsLinks: {
    code: "LINK_INERTIA_INVALID",
    severity: "warning",
    basis: "loads",
    what: "URDF: a link without mass (no <inertial>, or mass 0 with the links fixed to it); other links remain",
    consequence:
      "urdfdom (check_urdf, RViz) loads it; libsdformat 12 (Gazebo) loads the robot without these links and their joints",
  },
  urdfGazeboNonFiniteInertial: {
    code: "LINK_INERTIA_INVALID",
    severity: "error",
    basis: "consumer",
    what: "URDF: libsdformat's fixed-joint reduction adds masses that sum to 0 and gives a link a non-finite inertial pose",
    consequence:
      "libsdformat 12 (Gazebo) refuses the robot with Error Code 9 (pose values must be finite); urdfdom (check_urdf, RViz) loads it",
  },
  urdfGazeboUnsupportedJoint: {
    code: "POSE_RELATIVE_TO_INVALID",
    severity: "error",
    basis: "consumer",
    what: "URDF: a link libsdformat keeps hangs from a floating or planar joint",
    consequence:
      "libsdformat 12 (Gazebo) refuses the robot with Error Code 25 (it writes no joint for these types but places the link relative to it); urdfdom (check_urdf, RViz) loads it",
  },
  urdfGazeboExtensionJointParent: {
    code: "JOINT_PARENT_LINK_INVALID",
    severity: "error",
    basis: "consumer",
    what: "URDF: a joint in a <gazebo> block names a parent that is not a link of the SDF model (lumped, left out or unknown)",
    consequence:
      "libsdformat 12 (Gazebo) refuses the robot with Error Code 20 (parent frame not found); urdfdom (check_urdf, RViz) ignores <gazebo> and loads it",
  },
  urdfGazeboExtensionJointChild: {
    code: "JOINT_CHILD_LINK_INVALID",
    severity: "error",
    basis: "consumer",
    what: "URDF: a joint in a <gazebo> block names a child that is not a link of the SDF model (lumped, left out or unknown)",
    consequence:
      "libsdformat 12 (Gazebo) refuses the robot with Error Code 19 (child frame not found); urdfdom (check_urdf, RViz) ignores <gazebo> and loads it",
  },
  urdfGazeboNoLink: {
    code: "MODEL_WITHOUT_LINK",
    severity: "error",
    basis: "consumer",
    what: "URDF: libsdformat's URDF reader leaves out every link (massless links and all below them)",
    consequence:
      "libsdformat 12 (Gazebo) refuses the robot with Error Code 16 (a model must have at least one link); urdfdom (check_urdf, RViz) loads it",
  },
  massZeroStatic: {
    code: "LINK_INERTIA_INVALID",
    severity: "warning",
    basis: "loads",
    what: "SDF: zero mass on a link of a static model",
    consequence: "Gazebo does not move static models, so the mass is never used",
  },
  massZeroMoving: {
    code: "LINK_INERTIA_INVALID",
    severity: "warning",
    basis: "loads",
    what: "SDF: zero mass on a link of a model that is not static",
    consequence: "libsdformat loads it; MuJoCo rejects a moving body without mass",
  },
  inertiaZeroMoment: {
    code: "LINK_INERTIA_INVALID",
    severity: "warning",
    basis: "loads",
    what: "a zero principal moment of inertia (degenerate tensor)",
    consequence:
      "consumers load it; physics engines cannot rotate the body about that axis (MuJoCo rejects a moving body with zero inertia, Bullet and DART clamp it)",
  },
  urdfInertiaProductMissing: {
    code: "ATTRIBUTE_MISSING",
    severity: "warning",
    basis: "loads",
    what: "URDF <inertia> without some of ixy, ixz, iyz",
    consequence: "urdfdom logs it and libsdformat reads the missing products as 0; both load the link",
  },
  // --- joints ---
  axisZero: {
    code: "JOINT_AXIS_ZERO",
    severity: "error",
    basis: "consumer",
    what: "a joint axis of zero length",
    consequence: "libsdformat rejects it (the norm of the xyz vector cannot be zero)",
  },
  urdfLimitMissing: {
    code: "JOINT_LIMIT_MISSING",
    severity: "error",
    basis: "consumer",
    what: "URDF: a revolute or prismatic joint without <limit>",
    consequence: "urdfdom rejects it",
  },
  limitLowerAboveUpper: {
    code: "JOINT_LIMIT_INVALID",
    severity: "warning",
    basis: "loads",
    what: "joint limit lower > upper",
    consequence:
      "urdfdom and libsdformat load it; pybullet reads it as an unlimited joint, Gazebo passes the empty range to the physics engine, MuJoCo rejects such a range",
  },
  limitNegativeRate: {
    code: "JOINT_LIMIT_INVALID",
    severity: "warning",
    basis: "loads",
    what: "URDF: negative effort or velocity limit",
    consequence:
      "urdfdom loads it; the URDF spec bounds |effort| by the value, and Gazebo reads a negative limit as no limit",
  },
  limitZeroRate: {
    code: "JOINT_LIMIT_INVALID",
    severity: "warning",
    basis: "loads",
    what: "URDF: effort or velocity limit 0 on a moving joint",
    consequence:
      "urdfdom loads it; Gazebo clamps the commanded effort or velocity to 0, so no controller can drive the joint (pybullet ignores URDF limits)",
  },
  numberNotFinite: {
    code: "NUMBER_NOT_FINITE",
    severity: "error",
    basis: "physics",
    what: "a number is NaN, or infinite where only limits may be",
    consequence: "NaN is not a quantity (libsdformat rejects it)",
  },
  // --- SDF structure and frames ---
  sdfRootEntities: {
    code: "ELEMENT_INCORRECT_TYPE",
    severity: "error",
    basis: "consumer",
    what: "SDF: more than one top-level entity, or a world beside one",
    consequence: "libsdformat rejects it",
  },
  reservedName: {
    code: "RESERVED_NAME",
    severity: "error",
    basis: "consumer",
    what: "SDF: a reserved name (world, __model__, __x__)",
    consequence: "libsdformat rejects it",
  },
  reservedRoot: {
    code: "ATTRIBUTE_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: `__root__` used as a frame name",
    consequence: "libsdformat rejects it",
  },
  sdfModelWithoutLink: {
    code: "MODEL_WITHOUT_LINK",
    severity: "error",
    basis: "consumer",
    what: "SDF: a model without a link",
    consequence: "libsdformat rejects it",
  },
  canonicalLinkInvalid: {
    code: "MODEL_CANONICAL_LINK_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: canonical_link names no link",
    consequence: "libsdformat rejects it",
  },
  sdfJointChildWorld: {
    code: "JOINT_CHILD_LINK_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: a joint's child is the world",
    consequence: "libsdformat rejects it",
  },
  sdfJointParentMissing: {
    code: "JOINT_PARENT_LINK_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: a joint's parent frame is not in scope",
    consequence: "libsdformat rejects it",
  },
  sdfJointChildMissing: {
    code: "JOINT_CHILD_LINK_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: a joint's child frame is not in scope",
    consequence: "libsdformat rejects it",
  },
  sdfJointSameLink: {
    code: "JOINT_PARENT_SAME_AS_CHILD",
    severity: "error",
    basis: "consumer",
    what: "SDF: parent and child resolve to the same link",
    consequence: "libsdformat rejects it",
  },
  sdfJointSelfChild: {
    code: "FRAME_ATTACHED_TO_CYCLE",
    severity: "error",
    basis: "consumer",
    what: "SDF: a joint names itself as its child frame",
    consequence: "libsdformat rejects it",
  },
  topLevelPoseRelativeTo: {
    code: "ATTRIBUTE_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: relative_to on a top-level model's pose",
    consequence: "libsdformat rejects it",
  },
  attachedToInvalid: {
    code: "FRAME_ATTACHED_TO_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: attached_to names no frame in scope",
    consequence: "libsdformat rejects it",
  },
  attachedToCycle: {
    code: "FRAME_ATTACHED_TO_CYCLE",
    severity: "error",
    basis: "consumer",
    what: "SDF: the attached_to graph has a cycle",
    consequence: "libsdformat rejects it",
  },
  relativeToInvalid: {
    code: "POSE_RELATIVE_TO_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: relative_to names no frame in scope",
    consequence: "libsdformat rejects it",
  },
  relativeToCycle: {
    code: "POSE_RELATIVE_TO_CYCLE",
    severity: "error",
    basis: "consumer",
    what: "SDF: the relative_to graph has a cycle",
    consequence: "libsdformat rejects it",
  },
  expressedInInvalid: {
    code: "JOINT_AXIS_EXPRESSED_IN_INVALID",
    severity: "error",
    basis: "spec",
    what: "SDF: an axis's expressed_in names no frame in scope",
    consequence: "upstream libsdformat rejects it (12.3 does not check it)",
  },
  placementFrameInvalid: {
    code: "MODEL_PLACEMENT_FRAME_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: placement_frame unknown or without a pose",
    consequence: "libsdformat rejects it",
  },
  sdfJointTypeInvalid: {
    code: "ATTRIBUTE_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: a joint type the spec does not define (e.g. MJCF's hinge)",
    consequence: 'libsdformat 12 refuses the joint ("Joint type of hinge is invalid"), in every SDF version',
  },
  sdfMimicInvalid: {
    code: "JOINT_AXIS_MIMIC_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: //axis/mimic names no other joint",
    consequence: "libsdformat rejects it",
  },
  materialScriptInvalid: {
    code: "ELEMENT_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: a material script without uri or name",
    consequence:
      'libsdformat 12\'s DOM (gz-sim) refuses the material ("A <script> element is missing a child <uri> element"), in every SDF version',
  },
  shaderNormalMapMissing: {
    code: "ELEMENT_MISSING",
    severity: "error",
    basis: "consumer",
    what: "SDF: a normal-map shader without <normal_map>",
    consequence: "libsdformat rejects it",
  },
  // --- SDF includes ---
  mergeIncludeInWorld: {
    code: "MERGE_INCLUDE_UNSUPPORTED",
    severity: "error",
    basis: "consumer",
    what: "SDF: merge-include directly in a world",
    consequence: "libsdformat rejects it",
  },
  mergeIncludeNotModel: {
    code: "MERGE_INCLUDE_UNSUPPORTED",
    severity: "error",
    basis: "consumer",
    what: "SDF: merge-include of a light or actor",
    consequence: 'libsdformat 12 refuses it ("Merge-include is only supported for included models")',
  },
  includeOffline: {
    code: "URI_LOOKUP",
    severity: "warning",
    basis: "loads",
    what: "SDF: an http(s) include (not fetched)",
    consequence: "Gazebo fetches it from the model library when online; its names are not checked here",
  },
  includeNotFound: {
    code: "URI_LOOKUP",
    severity: "error",
    basis: "consumer",
    what: "SDF: an include URI that does not resolve",
    consequence: "libsdformat rejects it",
  },
  includeCycle: {
    code: "URI_LOOKUP",
    severity: "error",
    basis: "consumer",
    what: "SDF: an include that includes itself",
    consequence: "libsdformat cannot load it",
  },
  includeNotSdf: {
    code: "INCLUDE_NOT_SDF",
    severity: "error",
    basis: "consumer",
    what: "SDF: an include whose file is not SDF",
    consequence: "libsdformat rejects it",
  },
  includeOutsideRoots: {
    code: "INCLUDE_OUTSIDE_ROOTS",
    severity: "error",
    basis: "spec",
    what: "SDF: an include whose real path is outside the file's folder and the search paths",
    consequence:
      "robokit reads includes only there (docs/security.md#threat-model); give the folder with -I or SDF_PATH",
  },
  includeNotRegularFile: {
    code: "INCLUDE_NOT_REGULAR_FILE",
    severity: "error",
    basis: "spec",
    what: "SDF: an include that is a device, FIFO, socket or folder",
    consequence: "never opened: it is not a model file",
  },
  includeTooLarge: {
    code: "INCLUDE_TOO_LARGE",
    severity: "error",
    basis: "spec",
    what: "SDF: an included file or model.config over the per-file limit",
    consequence: "not read (docs/security.md#limits lists the limit)",
  },
  includeTotalTooLarge: {
    code: "INCLUDE_TOTAL_TOO_LARGE",
    severity: "error",
    basis: "spec",
    what: "SDF: includes over the total-bytes limit",
    consequence: "the rest are not read (docs/security.md#limits lists the limit)",
  },
  includeDepthExceeded: {
    code: "INCLUDE_DEPTH_EXCEEDED",
    severity: "error",
    basis: "spec",
    what: "SDF: includes nested deeper than the limit",
    consequence: "the deeper include is not followed (docs/security.md#limits lists the limit)",
  },
  // --- resources (meshes) ---
  meshUnreadable: {
    code: "RESOURCE_NOT_FOUND",
    severity: "error",
    basis: "consumer",
    what: "a mesh URI that resolves to something that is not a readable file",
    consequence: "Gazebo, RViz and MuJoCo cannot load the mesh",
  },
  meshNotFoundInSearchPath: {
    code: "RESOURCE_NOT_FOUND",
    severity: "warning",
    basis: "loads",
    what: "a mesh not found although search paths were given",
    consequence:
      "urdfdom (check_urdf) and libsdformat (ign sdf -k) load the file, as they never open meshes; Gazebo and RViz load the robot without that mesh, so they do not draw it or collide with it",
  },
  meshNotFound: {
    code: "RESOURCE_NOT_FOUND",
    severity: "warning",
    basis: "loads",
    what: "a mesh not found next to the file (no search path given)",
    consequence: "not checked further; the consumer finds it only if its package or model folder is on its path",
  },
  meshGltfInUrdf: {
    code: "RESOURCE_FORMAT_UNSUPPORTED",
    severity: "warning",
    basis: "loads",
    what: "URDF: a glTF/GLB mesh",
    consequence: "gz-sim loads it; RViz and Gazebo Classic show nothing",
  },
  meshFormatUnknown: {
    code: "RESOURCE_FORMAT_UNSUPPORTED",
    severity: "warning",
    basis: "loads",
    what: "a mesh in a format other than STL, DAE, OBJ (or glTF/GLB in SDF)",
    consequence: "consumers may show nothing",
  },
  mjcfMeshMissing: {
    code: "RESOURCE_NOT_FOUND",
    severity: "error",
    basis: "consumer",
    what: "MJCF output: a mesh file that cannot be found or read (missing, outside the roots, not a regular file, over the size limits, a network URI)",
    consequence: "MuJoCo refuses to load an MJCF whose mesh file is missing, so nothing is written",
  },
  mjcfMeshFormat: {
    code: "RESOURCE_FORMAT_UNSUPPORTED",
    severity: "warning",
    basis: "loads",
    what: "MJCF output: a mesh in a format robokit cannot carry into MJCF (not STL, OBJ or COLLADA)",
    consequence:
      "MuJoCo reads only STL, OBJ and MSH meshes: the geom is left out of the MJCF, so MuJoCo neither draws it nor collides with it",
  },
  mjcfMeshConverted: {
    code: "MESH_CONVERTED",
    severity: "info",
    basis: "note",
    what: "MJCF output: a mesh rewritten for MuJoCo (COLLADA, an ASCII STL, an STL over MuJoCo 2.2.2's 200,000 facets, an OBJ of several objects)",
    consequence: "the file next to the MJCF holds the same triangles in a format MuJoCo reads",
  },
  // --- SDF poses and versions ---
  poseRotationFormatInvalid: {
    code: "ATTRIBUTE_INVALID",
    severity: "error",
    basis: "spec",
    what: "SDF: a pose rotation_format other than euler_rpy or quat_xyzw",
    consequence: "the spec defines only those two",
  },
  poseNumberCount: {
    code: "ELEMENT_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: a pose with the wrong count of numbers for its rotation format",
    consequence: "libsdformat cannot parse the pose",
  },
  sdfSensorTypeNewer: {
    code: "ATTRIBUTE_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: a sensor type defined only in a newer SDF version than the file's (after 1.9)",
    consequence:
      'libsdformat 12 rejects the sensor ("the provided sensor type is missing or invalid"); the spec of the file\'s version does not list the type',
  },
  sdfSensorTypeUnknown: {
    code: "ATTRIBUTE_INVALID",
    severity: "error",
    basis: "consumer",
    what: "SDF: a sensor type no SDF version defines",
    consequence: 'libsdformat rejects the sensor ("the provided sensor type is missing or invalid")',
  },
  sdfVersionMissing: {
    code: "ATTRIBUTE_MISSING",
    severity: "error",
    basis: "consumer",
    what: "SDF: <sdf> without a version",
    consequence: "libsdformat rejects it",
  },
  sdfVersionMalformed: {
    code: "VERSION_UNSUPPORTED",
    severity: "error",
    basis: "consumer",
    what: "SDF: a version not of the form 1.x",
    consequence: "libsdformat rejects it",
  },
  sdfGazeboRoot: {
    code: "VERSION_DEPRECATED",
    severity: "error",
    basis: "consumer",
    what: "SDF 1.0-1.2 with a <gazebo> root",
    consequence: "libsdformat 9 and later (Gazebo 11, gz-sim) no longer read it",
  },
  sdf10Root: {
    code: "VERSION_DEPRECATED",
    severity: "warning",
    basis: "loads",
    what: "SDF 1.0 with an <sdf> root",
    consequence: "libsdformat 12 cannot convert it and reads it as its newest version, ignoring 1.0 attributes",
  },
  sdfVersionNewer: {
    code: "VERSION_UNSUPPORTED",
    severity: "warning",
    basis: "loads",
    what: "SDF newer than robokit's newest schema",
    consequence: "checked against the newest schema robokit has",
  },
  sdfVersionNoSpec: {
    code: "VERSION_UNSUPPORTED",
    severity: "warning",
    basis: "loads",
    what: "an SDF version without a specification (e.g. 1.1)",
    consequence: "checked against the nearest older specification",
  },
  sdfVersionConverted: {
    code: "VERSION_CONVERTED",
    severity: "info",
    basis: "note",
    what: "SDF before 1.6, read through libsdformat's conversions",
    consequence: "the rules ran on the converted document; positions are in the original file",
  },
  // --- input limits (docs/security.md#limits) ---
  inputTooLarge: {
    code: "INPUT_TOO_LARGE",
    severity: "error",
    basis: "spec",
    what: "a file over robokit's size limit",
    consequence: "robokit does not read the file (docs/security.md#limits lists the limit)",
  },
  tooManyElements: {
    code: "TOO_MANY_ELEMENTS",
    severity: "error",
    basis: "spec",
    what: "a file over robokit's element-count limit",
    consequence: "robokit stops reading there (docs/security.md#limits lists the limit)",
  },
  tooManyOfOneCode: {
    code: "TOO_MANY_ERRORS",
    severity: "info",
    basis: "note",
    what: "more diagnostics of one code than robokit reports",
    consequence: "the first 10,000 of each code are reported, the rest counted",
  },
  meshReadBudgetExceeded: {
    code: "MESH_READ_BUDGET_EXCEEDED",
    severity: "info",
    basis: "note",
    what: "collision meshes of one file adding up to more than robokit reads in one validation (1 GiB)",
    consequence: "the links whose meshes were not read are not judged against their geometry",
  },
  tooManySchemaErrors: {
    code: "TOO_MANY_ERRORS",
    severity: "info",
    basis: "note",
    what: "more schema errors than robokit reports",
    consequence: "the first 10,000 are reported; the schema check stops there",
  },
  includeNoEntity: {
    code: "ELEMENT_MISSING",
    severity: "error",
    basis: "consumer",
    what: "SDF: an included file without a model, actor or light",
    consequence: "libsdformat rejects it",
  },
  includeManyEntities: {
    code: "ELEMENT_INCORRECT_TYPE",
    severity: "error",
    basis: "consumer",
    what: "SDF: an included file with several top-level entities",
    consequence: "libsdformat rejects it",
  },
  // --- robokit view (docs/security-view.md) ---
  viewFileOutsideRoots: {
    code: "VIEW_FILE_OUTSIDE_ROOTS",
    severity: "error",
    basis: "spec",
    what: "view: a mesh or texture whose real path is outside the robot's folder, its package and the search paths",
    consequence:
      "robokit view serves files only there (docs/security-view.md); give the folder with -I or ROS_PACKAGE_PATH",
  },
  viewFileNotRegular: {
    code: "VIEW_FILE_NOT_REGULAR",
    severity: "error",
    basis: "spec",
    what: "view: a mesh or texture that is a FIFO, device, socket or folder",
    consequence: "never opened: it is not a mesh file",
  },
  viewFileTooLarge: {
    code: "VIEW_FILE_TOO_LARGE",
    severity: "error",
    basis: "spec",
    what: "view: a mesh or texture over the per-file limit",
    consequence: "not served (docs/security-view.md lists the limit)",
  },
  viewUrlRemote: {
    code: "VIEW_URL_REMOTE",
    severity: "error",
    basis: "spec",
    what: "view: a mesh or texture URL on the network (http, https, other schemes)",
    consequence: "the page fetches nothing from the network; the URL is dropped",
  },
  // --- meshes (src/mesh, robokit inertia) ---
  meshMalformed: {
    code: "MESH_INVALID",
    severity: "error",
    basis: "consumer",
    what: "a mesh file that cannot be read (STL, OBJ or COLLADA syntax, a binary STL size that disagrees with its triangle count, an index out of range)",
    consequence: "assimp (Gazebo, RViz) and MuJoCo fail on the file or read something else than intended",
  },
  meshEmpty: {
    code: "MESH_INVALID",
    severity: "error",
    basis: "physics",
    what: "a mesh with no triangles or with zero volume",
    consequence: "no mass or inertia can be derived from it",
  },
  meshTooLarge: {
    code: "MESH_TOO_LARGE",
    severity: "error",
    basis: "spec",
    what: "a mesh over robokit's byte, triangle or vertex limit",
    consequence: "robokit does not read it (docs/inertia.md lists the limits)",
  },
  meshNotClosed: {
    code: "MESH_NOT_CLOSED",
    severity: "warning",
    basis: "loads",
    what: "an open, non-manifold or inconsistently oriented mesh",
    consequence:
      "its volume is not defined: robokit's inertia falls back to the approximation named in the message, and MuJoCo's exact mesh inertia rejects such a mesh",
  },
  meshShellsOverlap: {
    code: "MESH_SHELLS_OVERLAP",
    severity: "warning",
    basis: "loads",
    what: "a closed mesh whose shells lie inside or across another solid shell",
    consequence:
      "the shared volume is counted once per shell: robokit's mass properties and MuJoCo's mesh inertia come out too heavy there",
  },
  meshInverted: {
    code: "MESH_INVERTED",
    severity: "warning",
    basis: "loads",
    what: "a closed mesh whose triangles face inward (negative volume)",
    consequence:
      "robokit flips the orientation and computes the solid's inertia; renderers that cull back faces show it inside out",
  },
  meshFeatureIgnored: {
    code: "MESH_FEATURE_IGNORED",
    severity: "warning",
    basis: "loads",
    what: "a COLLADA feature robokit does not read (lines, strips, polygon holes, skew, lookat, controllers)",
    consequence: "it is left out of the mass properties; assimp-based viewers may still draw it",
  },
  meshUnitsSuspect: {
    code: "MESH_UNITS_SUSPECT",
    severity: "warning",
    basis: "loads",
    what: "a mesh over 10 m across (after its scale)",
    consequence:
      "URDF, SDF and MuJoCo read mesh coordinates as metres: a part drawn in millimetres comes out 1000 times too large (scale 0.001 fixes it)",
  },
  densityImplausible: {
    code: "DENSITY_IMPLAUSIBLE",
    severity: "warning",
    basis: "loads",
    what: "a density below 100 or above 22,600 kg/m³",
    consequence:
      "simulators accept it, but no solid material is that light or that heavy: check the mass, the units of the mesh and its scale",
  },
  xacroValueTooLarge: {
    code: "XACRO_VALUE_TOO_LARGE",
    severity: "error",
    basis: "spec",
    what: "xacro: an expression that would make a string, list or integer over robokit's size limit",
    consequence: "refused before it is made; the expansion stops (docs/security-xacro.md lists the limit)",
  },
  xacroTooManySteps: {
    code: "XACRO_TOO_MANY_STEPS",
    severity: "error",
    basis: "spec",
    what: "xacro: an expansion over robokit's evaluation-step limit",
    consequence: "the expansion stops (docs/security-xacro.md lists the limit)",
  },
  xacroTooDeep: {
    code: "XACRO_TOO_DEEP",
    severity: "error",
    basis: "spec",
    what: "xacro: an expansion nested deeper than robokit's depth limits (a block or macro that inserts itself)",
    consequence: "the expansion stops; ROS's xacro fails there too (Python's recursion limit)",
  },
  xacroOutputTooLarge: {
    code: "XACRO_OUTPUT_TOO_LARGE",
    severity: "error",
    basis: "spec",
    what: "xacro: an expansion whose output is over robokit's size limit",
    consequence: "the expansion stops (docs/security-xacro.md lists the limit)",
  },
  packageSearchLimit: {
    code: "PACKAGE_SEARCH_LIMIT",
    severity: "error",
    basis: "spec",
    what: "xacro: $(find pkg) would visit more folders than robokit's limit",
    consequence: "the search stops; give the package's folder with -I (docs/security-xacro.md)",
  },
  meshUnitsSuspectInRobot: {
    code: "MESH_UNITS_SUSPECT",
    severity: "warning",
    basis: "loads",
    what: "validate: a collision mesh over 10 m across or 100 times the robot's largest joint offset or primitive shape",
    consequence:
      "Gazebo, RViz and MuJoCo read mesh coordinates as metres: they draw and collide with the part 1000 times too large (scale 0.001 fixes it)",
  },
  colladaUnitScaledTwice: {
    code: "MESH_UNITS_SUSPECT",
    severity: "warning",
    basis: "loads",
    what: "validate: a COLLADA mesh whose <unit> the URDF scale applies again",
    consequence:
      "assimp (Gazebo, RViz) already applies the <unit>: the part comes out that factor too small; drop the scale",
  },
  linkDensityImplausible: {
    code: "DENSITY_IMPLAUSIBLE",
    severity: "warning",
    basis: "loads",
    what: "validate: a link's mass over its collision volume below 10 or above 22,600 kg/m³",
    consequence:
      "Gazebo and MuJoCo simulate this mass: contacts, wheel traction and motor loads come out wrong; check the mass and the geometry's units",
  },
  inertiaTooSmallForGeometry: {
    code: "INERTIA_GEOMETRY_MISMATCH",
    severity: "warning",
    basis: "loads",
    what: "validate: an inertia over 10 times smaller than the uniform solid of the link's mass and collision shape",
    consequence:
      "Gazebo and MuJoCo will use this inertia: the link will spin up or jitter under small torques and contacts",
  },
  inertiaTooLargeForGeometry: {
    code: "INERTIA_GEOMETRY_MISMATCH",
    severity: "warning",
    basis: "loads",
    what: "validate: an inertia over 10 times larger than the uniform solid of the link's mass and collision shape",
    consequence:
      "Gazebo and MuJoCo will use this inertia: the link will respond sluggishly to joint torques and controllers tuned in simulation will not transfer",
  },
  comOutsideCollision: {
    code: "COM_OUTSIDE_GEOMETRY",
    severity: "warning",
    basis: "loads",
    what: "validate: a centre of mass outside the link's collision bounding box by more than 2 cm plus a quarter of its largest side",
    consequence: "Gazebo and MuJoCo will pivot the link about a point outside its body: it will tip, sag or wobble",
  },
  // --- ros2_control parameter files (src/validate/controllers) ---
  parameterFileInvalid: {
    code: "PARAMETER_FILE_INVALID",
    severity: "error",
    basis: "consumer",
    what: "controllers: a parameter file rcl_yaml_param_parser refuses",
    consequence: "the node (controller_manager, a controller) does not start with this file",
  },
  controllerTypeUnknown: {
    code: "CONTROLLER_TYPE_UNKNOWN",
    severity: "error",
    basis: "consumer",
    what: "controllers: a ros2_controllers class this distro does not have",
    consequence: "controller_manager cannot load the controller (pluginlib finds no such class)",
  },
  controllerTypeUnchecked: {
    code: "CONTROLLER_TYPE_UNCHECKED",
    severity: "info",
    basis: "note",
    what: "controllers: a controller class of another package",
    consequence: "its parameters are not checked",
  },
  parameterUndeclared: {
    code: "PARAMETER_UNDECLARED",
    severity: "warning",
    basis: "loads",
    what: "controllers: a parameter the node does not declare",
    consequence: "the node starts and ignores it",
  },
  parameterTypeMismatch: {
    code: "PARAMETER_TYPE_MISMATCH",
    severity: "error",
    basis: "consumer",
    what: "controllers: a value of another ROS 2 type than declared (an integer for a double)",
    consequence:
      "rclcpp converts no parameter type, so reading it throws (ParameterTypeException): controller_manager or the controller fails to start",
  },
  parameterValueInvalid: {
    code: "PARAMETER_VALUE_INVALID",
    severity: "error",
    basis: "consumer",
    what: "controllers: a value that fails a validator of its definition",
    consequence: "generate_parameter_library refuses the value and the controller fails to initialise",
  },
  parameterValidatorUnchecked: {
    code: "PARAMETER_VALIDATOR_UNCHECKED",
    severity: "info",
    basis: "note",
    what: "controllers: a validator written in C++ that robokit does not evaluate",
    consequence: "the controller checks it when it starts",
  },
  parameterMissing: {
    code: "PARAMETER_MISSING",
    severity: "error",
    basis: "consumer",
    what: "controllers: a parameter without a usable default is not set",
    consequence: "generate_parameter_library throws and the controller fails to initialise",
  },
  controllerNotLoaded: {
    code: "CONTROLLER_NOT_LOADED",
    severity: "warning",
    basis: "loads",
    what: "controllers: parameters for a node named like a controller that controller_manager does not load",
    consequence: "controller_manager never creates that node, so these parameters are not used",
  },
  controllerJointUnknown: {
    code: "CONTROLLER_JOINT_UNKNOWN",
    severity: "error",
    basis: "consumer",
    what: "controllers: a joint the robot's <ros2_control> block does not have",
    consequence: "controller_manager finds no interface of that joint and does not activate the controller",
  },
  controllerInterfaceMissing: {
    code: "CONTROLLER_INTERFACE_MISSING",
    severity: "error",
    basis: "consumer",
    what: "controllers: an interface the controller claims that the joint does not declare",
    consequence: "controller_manager does not activate the controller (the interface is not available)",
  },
  controllerGeometryMismatch: {
    code: "CONTROLLER_GEOMETRY_MISMATCH",
    severity: "warning",
    basis: "loads",
    what: "controllers: drive geometry more than 1 % away from the robot's wheels",
    consequence: "the controller runs, but its odometry and wheel commands are off by that ratio (curves, distances)",
  },
  controllerInterfaceConflict: {
    code: "CONTROLLER_INTERFACE_CONFLICT",
    severity: "warning",
    basis: "loads",
    what: "controllers: two controllers claim the same command interface",
    consequence: "controller_manager refuses to activate the second while the first is active (resource conflict)",
  },
  controllerNotDrivable: {
    code: "CONTROLLER_NOT_DRIVABLE",
    severity: "error",
    basis: "consumer",
    what: "controllers: no controller robokit can drive the base as",
    consequence: "robokit sim and import --controllers stop (validate reports the file as it reports any)",
  },
  controllerJointsUndeclared: {
    code: "CONTROLLER_JOINTS_UNDECLARED",
    severity: "warning",
    basis: "loads",
    what: "controllers: the robot declares no <ros2_control> block and no <transmission>",
    consequence:
      "robokit drives the controller's joints directly (velocity servos on wheels, position servos on steering); controller_manager on the robot would find no interface for them",
  },
  parameterRepeated: {
    code: "PARAMETER_REPEATED",
    severity: "warning",
    basis: "loads",
    what: "controllers: a parameter set twice for one node in one file",
    consequence: "rcl_yaml_param_parser keeps the value it reads last",
  },
  controllerPackageMismatch: {
    code: "CONTROLLER_PACKAGE_MISMATCH",
    severity: "warning",
    basis: "loads",
    what: "controllers: a controller whose parameters are almost all unknown to the ros2_controllers class of its name",
    consequence:
      "the block was most likely written for another package's class of the same name (or for another class); pluginlib loads whichever is installed, and robokit checks the block no further",
  },
  parametersElsewhere: {
    code: "PARAMETERS_ELSEWHERE",
    severity: "info",
    basis: "note",
    what: "controllers: a loaded controller whose parameters none of the given files sets",
    consequence: "give the file that sets them (all files are read as one) to check them",
  },
  controllerDistroChosen: {
    code: "CONTROLLER_DISTRO",
    severity: "info",
    basis: "note",
    what: "controllers: the ROS 2 distro the files are checked for, and why",
    consequence: "the controllers and controller_manager of that distro",
  },
  // --- robokit itself ---
  internalError: {
    code: "INTERNAL_ERROR",
    severity: "error",
    basis: "note",
    what: "a validator rule failed (a robokit bug)",
    consequence: "the other rules still ran; please report it",
  },
} as const satisfies Record<string, SeverityEntry>;

/** A finding a rule can report: a key of {@link severityPolicy}. */
export type Finding = keyof typeof severityPolicy;

/**
 * A diagnostic for a finding reported outside a rule (the reader, the version check), with
 * the table's code and severity and, for a warning, its consequence.
 */
export function policyDiagnostic(
  finding: Finding,
  message: string,
  at: Pick<Diagnostic, "file" | "line" | "column" | "xmlPath">,
): Diagnostic {
  const entry: SeverityEntry = severityPolicy[finding];
  return {
    code: entry.code,
    severity: entry.severity,
    message: entry.severity === "warning" ? `${message}; ${entry.consequence}` : message,
    ...at,
  };
}

/** The policy row of a finding. */
export function policyOf(finding: Finding): SeverityEntry {
  return severityPolicy[finding];
}

/**
 * The severity a finding is reported with: the table's, except that `strict` turns every
 * warning into an error (infos stay infos).
 */
export function effectiveSeverity(severity: Severity, strict: boolean): Severity {
  return strict && severity === "warning" ? "error" : severity;
}
