/**
 * The registry of diagnostic codes. Append-only: never rename or reuse a code.
 * Where libsdformat has an ErrorCode with the same meaning, its name is used.
 */
export const diagnosticCodes = {
  XML_ERROR: "The file is not well-formed XML.",
  FILE_READ_ERROR: "The file could not be read.",
  DOCUMENT_INVALID:
    "A robot (a JSON/YAML document, or the model a module builds) does not match robot.schema.json, or holds what JSON cannot (a function, a class instance, a cycle).",
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
  // Validator: libsdformat's ErrorCode names where one exists.
  RESERVED_NAME: "A name is reserved (`world`, `__model__`, or starts and ends with `__`).",
  ATTRIBUTE_MISSING: "A required attribute is missing.",
  ATTRIBUTE_INVALID: "An attribute value does not have the type or form the spec requires.",
  ATTRIBUTE_INCORRECT_TYPE: "An attribute that the spec does not define (unknown attribute).",
  ELEMENT_MISSING: "A required element is missing.",
  ELEMENT_INVALID: "An element value does not have the type, form or range the spec requires.",
  ELEMENT_DEPRECATED: "An element that the spec marks as deprecated.",
  ELEMENT_INCORRECT_TYPE: "An element is not allowed where it is (e.g. a second top-level model).",
  ELEMENT_UNRECOGNIZED: "An element that the spec does not define at this place (unknown element).",
  ELEMENT_REPEATED: "An element that may appear at most once appears more than once.",
  URI_LOOKUP: "An <include> URI could not be resolved to a model.",
  MODEL_CANONICAL_LINK_INVALID: "A model's canonical_link does not name one of its links.",
  MODEL_WITHOUT_LINK: "A model has no link (SDF) / a robot has no link (URDF).",
  FRAME_ATTACHED_TO_INVALID: "A frame's attached_to does not name a frame in scope.",
  FRAME_ATTACHED_TO_CYCLE: "The attached_to graph has a cycle.",
  POSE_RELATIVE_TO_INVALID: "A pose's relative_to does not name a frame in scope.",
  POSE_RELATIVE_TO_CYCLE: "The relative_to graph has a cycle.",
  MODEL_PLACEMENT_FRAME_INVALID: "A placement_frame is unknown or given without a pose.",
  VERSION_DEPRECATED: "The SDF version is deprecated and no longer read (before 1.3).",
  VERSION_UNSUPPORTED: 'The document\'s format or version is not known (not <robot>, not <sdf version="1.x">).',
  MERGE_INCLUDE_UNSUPPORTED: "A merge-include is used where it is not supported.",
  JOINT_AXIS_EXPRESSED_IN_INVALID: "A joint axis is expressed in a frame that is not in scope.",
  JOINT_AXIS_MIMIC_INVALID: "An SDF //axis/mimic refers to a missing joint.",
  INTERNAL_ERROR: "A validator rule failed unexpectedly (a robokit bug); the other rules still ran.",
  FEATURE_UNSUPPORTED:
    "The target format or version cannot express a model feature (e.g. SDF mimic before 1.11, an SDF ball joint in URDF); it is left out or approximated.",
  // limits and names (docs/security.md)
  INPUT_TOO_LARGE:
    "An input is larger than robokit reads: URDF/SDF 128 MiB, robot document or scenario 128 MiB, wheel CSV 64 MiB, FMU 256 MiB.",
  TOO_MANY_ELEMENTS:
    "An XML file has more than 3,200,000 elements or 400,000 links and joints, a YAML document more than 2,000,000 separators (JSON: 16,000,000; an upper bound of its values, counted before parsing), or a robot document more than 200,000 links or joints.",
  NESTING_TOO_DEEP: "A YAML/JSON document nests deeper than 256 levels.",
  YAML_ALIAS_LIMIT: "A YAML document's aliases expand to more nodes than robokit resolves (10,000).",
  ARCHIVE_ENTRY_TOO_LARGE:
    "An FMU's modelDescription.xml is, declares or inflates to more than 16 MiB (a zip bomb); inflation stops at the limit.",
  NAME_INVALID:
    "A name the emitters write holds characters XML cannot carry (NUL, controls), whitespace or `& < > \" ' ` $ { } \\ ;`, is empty or too long; a robot name is not letters, digits and `_`.",
  NAME_UNSAFE_FOR_PATH:
    "A name from a document would become a folder or file name but holds a separator, `..` or other characters that are not allowed there.",
  // includes, resources and SDF versions read from real files.
  INCLUDE_OUTSIDE_ROOTS:
    "An <include> resolves (after symlinks) outside the top-level file's folder and the search paths; it is not read.",
  INCLUDE_NOT_REGULAR_FILE:
    "An <include> names something that is not a regular file (a device, FIFO, socket or a folder without model.config); it is not read.",
  INCLUDE_TOO_LARGE: "An included file is larger than the per-file include size limit; it is not read.",
  INCLUDE_DEPTH_EXCEEDED: "Includes nest deeper than the include depth limit; the deeper include is not followed.",
  INCLUDE_TOTAL_TOO_LARGE:
    "The included files together exceed the total include size limit; further includes are not read.",
  INCLUDE_NOT_SDF:
    "An included file is not an SDF document (not XML, or its root is not <sdf>); its content is not shown.",
  RESOURCE_NOT_FOUND:
    "A mesh or other resource URI (package://, model://, file://, relative path) does not resolve to a readable file.",
  RESOURCE_FORMAT_UNSUPPORTED:
    "A mesh file has a format the consumer cannot load (STL, DAE and OBJ everywhere; glTF/GLB only in gz-sim).",
  VERSION_CONVERTED:
    "An SDF file older than 1.6 was read through libsdformat's version conversions before the rules ran.",
  // the viewer
  MESH_URI_UNRESOLVED:
    "No longer reported: robokit view reports a mesh it cannot find as RESOURCE_NOT_FOUND, as validate does. (A mesh URI that does not resolve to a file on this machine.)",
  VIEW_RELOAD_FAILED: "robokit view could not reload the changed file; the page keeps the last scene that loaded.",
  // xacro
  XACRO_ERROR:
    "A xacro document cannot be expanded (unknown macro or property, bad expression, missing file or package); reported at the xacro element, with the macro calls that led there.",
  XACRO_WARNING: "xacro would warn here (xacro.warning/error messages, an include glob that matches nothing).",
  // limits
  TOO_MANY_ERRORS:
    "More diagnostics than robokit reports: past 10,000 schema errors the schema check stops, and past 10,000 diagnostics of one code in a file the rest are only counted.",
  // robokit view serves only regular files below its roots
  VIEW_FILE_OUTSIDE_ROOTS:
    "robokit view refuses a mesh or texture whose real path (symlinks resolved) lies outside the robot's folder, its package, -I folders and the ROS/SDF/Gazebo search paths; the page draws nothing for it.",
  VIEW_FILE_NOT_REGULAR:
    "robokit view refuses a mesh or texture that is not a regular file (a FIFO, device, socket or folder); it is never opened for reading.",
  VIEW_FILE_TOO_LARGE: "robokit view refuses a mesh or texture over its per-file size limit.",
  VIEW_URL_REMOTE:
    "robokit view drops a mesh or texture URL that would make the page fetch from the network (http, https or any other scheme it does not resolve on disk).",
  // mass properties from meshes (src/mesh)
  MESH_INVALID:
    "A mesh file (STL, OBJ, COLLADA) cannot be read: bad syntax, a binary STL whose triangle count disagrees with its size, an index out of range, no triangles, or zero volume.",
  MESH_TOO_LARGE:
    "A mesh file is over robokit's mesh limits (bytes, triangles or vertices; docs/inertia.md lists them).",
  MESH_NOT_CLOSED:
    "A mesh is open, non-manifold or inconsistently oriented, so its volume is not defined; the mass properties fall back to a named approximation.",
  MESH_INVERTED: "A closed mesh's triangles face inward (negative volume); robokit flipped them.",
  MESH_FEATURE_IGNORED:
    "A mesh file uses a feature robokit does not read (COLLADA lines, strips, holes, skew, lookat, controllers); it is left out.",
  MESH_UNITS_SUSPECT: "A mesh is so large (over 10 m across after its scale) that it was likely drawn in millimetres.",
  DENSITY_IMPLAUSIBLE:
    "A solid's density (mass over volume) is below 100 kg/m³ or above 22,600 kg/m³ (osmium, the densest element).",
  // simulation limits
  SCENARIO_LIMIT_EXCEEDED:
    "A scenario asks for more than robokit simulates in one run: over 3600 s, a controller rate outside 1–1000 Hz, more than 360,000 control steps, or a rose swept faster than 10 rad/s.",
  // the xacro evaluator's budgets (docs/security-xacro.md)
  XACRO_VALUE_TOO_LARGE:
    "A xacro expression would make a string longer than 4 Mi characters, a list, tuple or dict of more than 1,000,000 items, or an integer of more than 65,536 bits; it is refused before it is made.",
  XACRO_TOO_MANY_STEPS:
    "A xacro expansion takes more than 2,000,000 evaluation steps (a long loop, range or comprehension, or macros and includes that multiply); it stops there.",
  XACRO_TOO_DEEP:
    "A xacro expansion nests more than 1,000 levels (elements, inserted blocks, properties that read properties, expressions, lambda calls) or macro calls more than 256 deep; it stops there.",
  XACRO_OUTPUT_TOO_LARGE: "A xacro expansion produces more than 32 Mi characters of output; it stops there.",
  PACKAGE_SEARCH_LIMIT:
    "$(find pkg) would search more folders than robokit visits (10,000 folders, 4 levels below each search root); the search stops there.",
  // inertials against the collision geometry (src/validate/rules/inertiaGeometry.ts)
  INERTIA_GEOMETRY_MISMATCH:
    "A link's largest principal moment of inertia is more than 10 times larger or smaller than that of the uniform solid of its mass filling its collision shapes.",
  COM_OUTSIDE_GEOMETRY:
    "A link's centre of mass lies outside its collision shapes' bounding box by more than 2 cm plus a quarter of the box's largest side.",
  // what the reference tools read although it is not well-formed XML
  XML_TOLERATED:
    "The file is not well-formed XML (text or NUL characters outside the root element, an XML declaration after a comment), but the reference tool of its format reads it; robokit reads it the same way.",
  DRIVE_GEOMETRY_MISMATCH:
    "A drive's wheels or steering joints are not where, or do not turn the way, the ros2_controllers controller written for it assumes.",
  // What a conversion (convert, emit, build) cannot carry into the output format
  EXTENSION_NOT_CARRIED:
    "An element of the input (a <gazebo> plugin, sensor or setting, <ros2_control>, <transmission>, an SDF sensor or frame, a kept URDF block) has no place in the output format, or is not carried into it; the output is written without it.",
  MESH_READ_BUDGET_EXCEEDED:
    "The collision meshes of one file add up to more bytes than one validation reads; the links whose meshes were not read are not judged against their geometry.",
  MESH_SHELLS_OVERLAP:
    "A closed mesh has shells that lie inside or across another solid shell: the volume they share is counted once per shell.",
  // ros2_control parameter files checked against the controllers' definitions (docs/controllers.md)
  PARAMETER_FILE_INVALID:
    "A ROS 2 parameter file that rcl_yaml_param_parser refuses: not YAML, no node name above ros__parameters, a key without a value, an array of mixed types or of non-scalars.",
  CONTROLLER_TYPE_UNKNOWN:
    "A controller type names a ros2_controllers class that this distro does not have (a typo, or a class of another distro).",
  CONTROLLER_TYPE_UNCHECKED:
    "A controller type is a class of another package than ros2_controllers; its parameters are not checked.",
  PARAMETER_UNDECLARED: "A parameter that the controller (or controller_manager) does not declare; it is ignored.",
  PARAMETER_TYPE_MISMATCH:
    "A parameter value has another ROS 2 type than the one declared (an integer for a double, a string for a string array, ...).",
  PARAMETER_VALUE_INVALID:
    "A parameter value fails a validator of its definition (gt, bounds, one_of, not_empty, fixed_size, unique, ...).",
  PARAMETER_VALIDATOR_UNCHECKED: "A parameter has a validator written in C++ that robokit does not evaluate.",
  PARAMETER_MISSING:
    "A parameter without a default, or whose default fails its own validators, is not set in any of the files.",
  CONTROLLER_NOT_LOADED:
    "Parameters for a node named like a controller that controller_manager does not load (no `<name>.type`).",
  CONTROLLER_JOINT_UNKNOWN: "A controller names a joint that the robot's <ros2_control> block does not have.",
  CONTROLLER_INTERFACE_MISSING:
    "A controller claims a command or state interface of a joint that the robot's <ros2_control> block does not declare.",
  CONTROLLER_GEOMETRY_MISMATCH:
    "A drive controller's geometry (wheel separation, radius, wheelbase, track) differs from the robot's wheels by more than 1 %.",
  CONTROLLER_INTERFACE_CONFLICT: "Two controllers claim the same command interface of a joint.",
  // robokit sim and import --controllers: the drive read from a robot's own controllers
  CONTROLLER_NOT_DRIVABLE:
    "No controller of the parameter files is one robokit can drive the robot's base as (a joint-only controller, an unknown class, a joint the robot lacks, a parameter robokit's drive cannot represent).",
  CONTROLLER_JOINTS_UNDECLARED:
    "The robot declares neither a <ros2_control> block nor <transmission> elements: robokit drives the controller's joints as the robot's own joints.",
  SIMULATOR_APPROXIMATION:
    "The simulator will not do what the model says (a tyre's contact, a servo too soft or too light for its contacts or its controller); the message says what it will do instead.",
  PARAMETER_REPEATED:
    "A parameter is set twice for one node in one file (a repeated key or node block); rcl_yaml_param_parser keeps the last value.",
  CONTROLLER_PACKAGE_MISMATCH:
    "Almost none of a controller's parameters is declared by the ros2_controllers class of its name: another package most likely exports a class of that name.",
  PARAMETERS_ELSEWHERE:
    "A loaded controller has no parameter block in the files given; another parameter file of the launch sets them.",
  CONTROLLER_DISTRO: "The ROS 2 distro the controller files are checked for, and where robokit took it from.",
  // meshes written next to an MJCF (convert -f mjcf, build, emit -f mjcf -o)
  MESH_CONVERTED:
    "A mesh was rewritten for its consumer: COLLADA as STL (unit and node transforms applied), an ASCII STL as binary, an STL over MuJoCo 2.2.2's 200,000 facets or an OBJ of several objects as one OBJ.",
  MODULE_SYNTAX_ERROR:
    "A robot module cannot run as written: a syntax error, or TypeScript that type-stripping cannot run (enum, namespace, parameter property, decorator).",
} as const;

/** A stable diagnostic code. */
export type DiagnosticCode = keyof typeof diagnosticCodes;
