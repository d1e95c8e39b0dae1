import type { SpecAttribute, SpecElement } from "./SpecElement.js";

type A = readonly [
  name: string,
  description: string,
  type?: string,
  defaultValue?: string | undefined,
  required?: boolean,
];

interface Entry {
  readonly description: string;
  readonly attributes: readonly A[];
  readonly children: readonly string[];
}

const ORIGIN: A[] = [
  ["xyz", "translation x y z, metres", "vector3", "0 0 0"],
  [
    "rpy",
    "fixed-axis roll, pitch, yaw, radians (applied about x, then y, then z of the parent frame)",
    "vector3",
    "0 0 0",
  ],
];
const SHAPES = ["box", "cylinder", "sphere", "mesh"];

/**
 * The elements urdfdom reads (the URDF XML specification as urdfdom implements it), keyed by
 * `parent/element` where the parent matters and by the element name otherwise.
 */
const URDF: Readonly<Record<string, Entry>> = {
  robot: {
    description: "The robot: a tree of links joined by joints.",
    attributes: [["name", "the robot's name", "string", undefined, true]],
    children: ["link", "joint", "material", "transmission", "gazebo", "ros2_control"],
  },
  link: {
    description: "A rigid body with its inertia, visual and collision geometry.",
    attributes: [["name", "unique name of the link", "string", undefined, true]],
    children: ["inertial", "visual", "collision"],
  },
  joint: {
    description: "Connects a parent link to a child link and says how the child moves.",
    attributes: [
      ["name", "unique name of the joint", "string", undefined, true],
      ["type", "revolute, continuous, prismatic, fixed, floating or planar", "string", undefined, true],
    ],
    children: ["origin", "parent", "child", "axis", "calibration", "dynamics", "limit", "mimic", "safety_controller"],
  },
  inertial: {
    description: "Mass properties of the link; without it the link is massless.",
    attributes: [],
    children: ["origin", "mass", "inertia"],
  },
  "inertial/origin": {
    description: "Pose of the centre of mass and of the inertia axes in the link frame.",
    attributes: ORIGIN,
    children: [],
  },
  "joint/origin": {
    description: "Pose of the joint frame (and of the child link frame) in the parent link frame.",
    attributes: ORIGIN,
    children: [],
  },
  origin: { description: "Pose in the enclosing link frame.", attributes: ORIGIN, children: [] },
  mass: {
    description: "Mass of the link.",
    attributes: [["value", "mass, kilograms", "double", undefined, true]],
    children: [],
  },
  inertia: {
    description: "Inertia tensor about the centre of mass, in the inertial origin's axes, kg·m².",
    attributes: ["ixx", "ixy", "ixz", "iyy", "iyz", "izz"].map((k) => [k, `${k} component, kg·m²`, "double", "0"] as A),
    children: [],
  },
  visual: {
    description: "What RViz and Gazebo draw for the link.",
    attributes: [["name", "optional name", "string"]],
    children: ["origin", "geometry", "material"],
  },
  collision: {
    description: "Shape used for contacts (often simpler than the visual).",
    attributes: [["name", "optional name", "string"]],
    children: ["origin", "geometry"],
  },
  geometry: { description: "Exactly one shape.", attributes: [], children: SHAPES },
  box: {
    description: "A box centred on the origin.",
    attributes: [["size", "x y z side lengths, metres", "vector3", undefined, true]],
    children: [],
  },
  cylinder: {
    description: "A cylinder about the z axis, centred on the origin.",
    attributes: [
      ["radius", "metres", "double", undefined, true],
      ["length", "metres", "double", undefined, true],
    ],
    children: [],
  },
  sphere: {
    description: "A sphere centred on the origin.",
    attributes: [["radius", "metres", "double", undefined, true]],
    children: [],
  },
  mesh: {
    description: "A mesh file (STL, DAE, OBJ; glTF only in gz-sim).",
    attributes: [
      ["filename", "package://, file:// or a path", "string", undefined, true],
      ["scale", "x y z scale factors", "vector3", "1 1 1"],
    ],
    children: [],
  },
  material: {
    description: "A named colour or texture; declared at robot level and named by visuals.",
    attributes: [["name", "material name", "string", undefined, true]],
    children: ["color", "texture"],
  },
  color: {
    description: "Colour.",
    attributes: [["rgba", "red green blue alpha, each in [0, 1]", "vector4", undefined, true]],
    children: [],
  },
  texture: {
    description: "Texture image.",
    attributes: [["filename", "image file", "string", undefined, true]],
    children: [],
  },
  "joint/parent": {
    description: "The parent link.",
    attributes: [["link", "a link of the robot", "string", undefined, true]],
    children: [],
  },
  "joint/child": {
    description: "The child link.",
    attributes: [["link", "a link of the robot", "string", undefined, true]],
    children: [],
  },
  axis: {
    description: "Joint axis in the joint frame (revolute, continuous, prismatic, planar normal).",
    attributes: [["xyz", "unit vector", "vector3", "1 0 0"]],
    children: [],
  },
  calibration: {
    description: "Reference positions of the joint.",
    attributes: [
      ["rising", "rising edge position, radians or metres", "double"],
      ["falling", "falling edge position, radians or metres", "double"],
    ],
    children: [],
  },
  dynamics: {
    description: "Joint friction and damping (used by simulators).",
    attributes: [
      ["damping", "N·s/m or N·m·s/rad", "double", "0"],
      ["friction", "static friction, N or N·m", "double", "0"],
    ],
    children: [],
  },
  limit: {
    description: "Joint limits; required for revolute and prismatic joints.",
    attributes: [
      ["lower", "lower position limit, radians or metres", "double", "0"],
      ["upper", "upper position limit, radians or metres", "double", "0"],
      ["effort", "maximum effort, N·m or N", "double", undefined, true],
      ["velocity", "maximum velocity, rad/s or m/s", "double", undefined, true],
    ],
    children: [],
  },
  mimic: {
    description: "This joint follows another: value = multiplier · other + offset.",
    attributes: [
      ["joint", "the joint followed", "string", undefined, true],
      ["multiplier", "factor", "double", "1"],
      ["offset", "offset, radians or metres", "double", "0"],
    ],
    children: [],
  },
  safety_controller: {
    description: "Soft limits and gains of the safety controller.",
    attributes: [
      ["soft_lower_limit", "radians or metres", "double", "0"],
      ["soft_upper_limit", "radians or metres", "double", "0"],
      ["k_position", "position gain", "double", "0"],
      ["k_velocity", "velocity gain", "double", undefined, true],
    ],
    children: [],
  },
  transmission: {
    description: "Links actuators to joints (ros_control).",
    attributes: [["name", "transmission name", "string", undefined, true]],
    children: ["type", "joint", "actuator"],
  },
  gazebo: {
    description: "Gazebo settings for a link or joint (reference) or for the whole robot; urdfdom ignores it.",
    attributes: [["reference", "a link or joint of the robot", "string"]],
    children: [],
  },
  ros2_control: {
    description: "ros2_control hardware and its joint, sensor and GPIO interfaces.",
    attributes: [
      ["name", "hardware component name", "string", undefined, true],
      ["type", "system, actuator or sensor", "string", undefined, true],
    ],
    children: ["hardware", "joint", "sensor", "gpio"],
  },
  "ros2_control/joint": {
    description: "A joint's command and state interfaces.",
    attributes: [["name", "a joint of the robot", "string", undefined, true]],
    children: ["command_interface", "state_interface", "param"],
  },
  "transmission/joint": {
    description: "A joint driven by the transmission.",
    attributes: [["name", "a joint of the robot", "string", undefined, true]],
    children: ["hardwareInterface", "mechanicalReduction"],
  },
};

/** The URDF element at `path` (element names from `robot` down), as urdfdom reads it. */
export function urdfElement(path: readonly string[]): SpecElement | undefined {
  const name = path[path.length - 1];
  if (name === undefined) return undefined;
  const parent = path[path.length - 2];
  const entry = (parent === undefined ? undefined : URDF[`${parent}/${name}`]) ?? URDF[name];
  if (entry === undefined) return undefined;
  if (name !== "robot" && parent === undefined) return undefined;
  const attributes: SpecAttribute[] = entry.attributes.map(([n, description, type, defaultValue, required]) => ({
    name: n,
    description,
    ...(type === undefined ? {} : { type }),
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
    required: required === true,
  }));
  return { name, description: entry.description, attributes, children: entry.children };
}
