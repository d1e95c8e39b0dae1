/**
 * The compiled form of generate_parameter_library's parameter definitions (the YAML files of
 * ros2_controllers and controller_manager), as scripts/generate-controller-definitions.ts
 * writes them to data/controller-definitions/<distro>.json. Short keys keep the files small.
 */

/** The ROS 2 distros whose definitions robokit ships. */
export const CONTROLLER_DISTROS = ["humble", "jazzy", "kilted", "rolling"] as const;

/** A ROS 2 distro with controller definitions. */
export type ControllerDistro = (typeof CONTROLLER_DISTROS)[number];

/** A ROS 2 parameter type as generate_parameter_library names it (`none`: a dynamic map it does not declare). */
export type ParamType =
  | "bool"
  | "int"
  | "double"
  | "string"
  | "bool_array"
  | "int_array"
  | "double_array"
  | "string_array"
  | "none";

/** A parameter value in JSON: non-finite doubles are the strings "NaN", "Infinity", "-Infinity". */
export type DefValue = boolean | number | string | readonly DefValue[];

/** One declared parameter. */
export interface ParamDef {
  /** Type. */
  readonly t: ParamType;
  /** Default value; absent when the parameter has none (then it must be given). */
  readonly d?: DefValue;
  /** Validators: name without `<>` (e.g. `gt`, `control_filters::gt_eq_or_nan`) then its arguments. */
  readonly v?: readonly (readonly [string, ...DefValue[]])[];
  /** Fixed length of a `*_fixed_N` type. */
  readonly n?: number;
}

/** A nested section of parameters (`linear.x.*`), or a map templated on a string-array parameter (`__map_joints`). */
export interface SectionDef {
  /** Children by name. */
  readonly s?: Readonly<Record<string, DefNode>>;
  /** `__map_<param>`: one copy of `n` under each value of the string-array parameter `k` (full dotted name). */
  readonly m?: { readonly k: string; readonly n: SectionDef };
}

/** A node of the definition tree. */
export type DefNode = ParamDef | SectionDef;

/** One controller class (pluginlib name) of a distro. */
export interface ClassDef {
  /** ros2_controllers package that exports it. */
  readonly pkg: string;
  /** Parameter sets (keys of {@link DistroDefinitions.sets}) the controller declares, merged. */
  readonly sets: readonly string[];
  /** Parameters the class sets itself (e.g. JointGroupPositionController's `interface_name`). */
  readonly preset?: Readonly<Record<string, DefValue>>;
}

/** Everything robokit knows of one distro's controllers. */
export interface DistroDefinitions {
  readonly distro: ControllerDistro;
  /** controller_manager's own parameters (node-level, without the per-controller keys). */
  readonly controllerManager: SectionDef;
  /** Controller classes by pluginlib name, e.g. `diff_drive_controller/DiffDriveController`. */
  readonly classes: Readonly<Record<string, ClassDef>>;
  /** Parameter sets by `<package>/<namespace>`. */
  readonly sets: Readonly<Record<string, SectionDef>>;
  /** Every ros2_controllers package of the distro (a class of one of them that is not listed is an error). */
  readonly packages: readonly string[];
}

/** The index of classes across distros (data/controller-definitions/index.json). */
export interface DefinitionsIndex {
  /** For every class of any distro, the distros that have it. */
  readonly classes: Readonly<Record<string, readonly ControllerDistro[]>>;
  /** Every ros2_controllers package of any distro. */
  readonly packages: readonly string[];
}

/** True when a definition node is a parameter. */
export function isParamDef(node: DefNode): node is ParamDef {
  return "t" in node;
}
