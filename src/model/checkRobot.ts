import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import type { DiagnosticCode } from "../diagnostics/codes.js";
import { assertNever } from "../util/assertNever.js";
import { findNonFinite, findNumbers } from "../util/findNonFinite.js";
import { checkDriveGeometry } from "./checkDriveGeometry.js";
import { checkConsumerRanges } from "./checkConsumerRanges.js";
import { checkNames } from "./checkNames.js";
import { describeJsonPath } from "./describeJsonPath.js";
import { functionalGraphCycles } from "./functionalGraphCycles.js";
import { gazeboMasslessLinks } from "./gazeboMasslessLinks.js";
import type { Geometry } from "./Geometry.js";
import { inertiaProblem } from "./inertia.js";
import { isTreeJoint, jointAxis, type Joint, type SdfAxisLimit } from "./Joint.js";
import type { Link } from "./Link.js";
import type { Material } from "./Material.js";
import type { Robot } from "./Robot.js";

/** Largest magnitude of any number in a robot (SI units): products of a few stay finite. */
const MAX_MODEL_MAGNITUDE = 1e20;
/**
 * Smallest magnitude other than 0 of a number robokit halves, squares or divides by: those
 * results stay above 0 and finite.
 */
const MIN_MODEL_MAGNITUDE = 1e-100;
/** JSON pointers of shape dimensions (a box's sides, a radius, a length, a mesh's scale). */
const SHAPE_DIMENSION = /\/geometry\/(?:size\/\d+|radius|length|scale\/\d+)$/;
/**
 * JSON pointers of the other numbers robokit divides by: a velocity limit (a servo's gain is
 * effort over it), a PID's proportional gain (the integral and derivative times are the other
 * gains over it) and a noise's correlation time (its drift frequency is its inverse).
 */
const DIVISOR = /\/(?:limit\/velocity|pid\/p|dynamicBiasCorrelationTime)$/;

/** Options of {@link checkRobot}. */
export interface CheckRobotOptions {
  /**
   * The model was read from a URDF or SDF file someone else wrote: what its consumers load
   * (zero mass or inertia, an impossible tensor on one link, zero-size shapes, lower > upper,
   * negative effort or velocity limits, undeclared materials) is a warning, so the file still
   * converts; the validator judges the physics. Robots authored in robokit keep every check.
   */
  readonly imported?: boolean;
}

/**
 * Checks a robot model and returns every problem found (never throws on data, however
 * malformed). Each diagnostic names the element and the field, e.g.
 * `joint "servo1": axis must be non-zero`, with a JSON pointer such as `/joints/3/axis`.
 *
 * Rules: unique names (links, joints, materials, sensors); joint parent/child exist and
 * differ; no link with two parents; no cycle; exactly one root; every number finite;
 * mass > 0; inertia positive definite and satisfying the triangle inequality; non-zero
 * axes; revolute/prismatic joints have limits with lower ≤ upper; materials, mimic and
 * drive references resolve; positive geometry and sensor rates.
 *
 * With `options.imported`, or on a robot marked `imported: { lenient: true }`, what a file's
 * consumers load (the values listed under {@link CheckRobotOptions.imported}) is a warning.
 */
export function checkRobot(robot: Robot, options: CheckRobotOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  // A robot that says it was imported as read (robot.imported) is judged as its file was.
  const imported = options.imported === true || robot.imported?.lenient === true;
  const add = (code: DiagnosticCode, jsonPath: string, message: string, suspect = false): void => {
    out.push({ code, severity: suspect && imported ? "warning" : "error", message, jsonPath });
  };
  const links: readonly Link[] = Array.isArray(robot.links) ? robot.links : [];
  const joints: readonly Joint[] = Array.isArray(robot.joints) ? robot.joints : [];
  const materials: readonly Material[] = Array.isArray(robot.materials) ? robot.materials : [];

  // Every non-finite number, naming the owning element (`joint "x": origin.xyz[1] is NaN`).
  findNonFinite(robot, (path, value) => {
    const { owner, field } = describeJsonPath(robot, path);
    add("NUMBER_NOT_FINITE", path, `${owner}: ${field} is ${String(value)}; numbers must be finite`);
  });
  // Far past any robot's quantity in SI units, where products of a few such numbers overflow to
  // infinity, or a shape's size (halved, squared) underflows to 0.
  findNumbers(
    robot,
    (n) => Number.isFinite(n) && (Math.abs(n) > MAX_MODEL_MAGNITUDE || (n !== 0 && Math.abs(n) < MIN_MODEL_MAGNITUDE)),
    (path, value) => {
      const big = Math.abs(value) > MAX_MODEL_MAGNITUDE;
      const shape = SHAPE_DIMENSION.test(path);
      if (!big && !shape && !DIVISOR.test(path)) return;
      const { owner, field } = describeJsonPath(robot, path);
      add(
        "VALUE_OUT_OF_RANGE",
        path,
        big
          ? `${owner}: ${field} is ${String(value)}; robokit takes no magnitude above 1e20 (SI units), where its arithmetic would overflow`
          : shape
            ? `${owner}: ${field} is ${String(value)}; robokit takes no shape dimension below 1e-100 m but 0, where its arithmetic would underflow to 0`
            : `${owner}: ${field} is ${String(value)}; robokit divides by it and takes no magnitude below 1e-100 but 0 (SI units), where the quotient would overflow`,
        // Files others wrote use ±1.79769e+30 for "unbounded": kept as read, with a warning.
        true,
      );
    },
  );

  // An empty name is what check_urdf reads (`<robot name="">`): suspect, so an imported file keeps it.
  if (typeof robot.name !== "string" || robot.name.length === 0)
    add("VALUE_OUT_OF_RANGE", "/name", "robot: name must be a non-empty string", typeof robot.name === "string");
  for (const d of checkNames(robot, imported)) out.push(d);
  if (links.length === 0) add("MODEL_NO_LINKS", "/links", `robot "${robot.name}": links must not be empty`);

  duplicates(
    materials.map((m) => m.name),
    "material",
    "/materials",
    add,
  );
  duplicates(
    links.map((l) => l.name),
    "link",
    "/links",
    add,
  );
  duplicates(
    joints.map((j) => j.name),
    "joint",
    "/joints",
    add,
  );
  const sensorNames: string[] = [];
  const sensorPaths: string[] = [];
  links.forEach((l, i) =>
    (l.sensors ?? []).forEach((s, k) => {
      sensorNames.push(s.name);
      sensorPaths.push(`/links/${i}/sensors/${k}`);
    }),
  );
  const seenSensors = new Set<string>();
  sensorNames.forEach((n, i) => {
    if (seenSensors.has(n))
      add("DUPLICATE_NAME", `${sensorPaths[i]}/name`, `sensor "${n}": name is used by another sensor`);
    seenSensors.add(n);
  });

  const materialNames = new Set(materials.map((m) => m.name));
  links.forEach((link, i) => {
    const where = `link "${link.name}"`;
    (link.visuals ?? []).forEach((v, k) => {
      checkGeometry(v.geometry, `${where}: visuals[${k}].geometry`, `/links/${i}/visuals/${k}/geometry`, add);
      if (v.material !== undefined && !materialNames.has(v.material)) {
        add(
          "MATERIAL_UNDEFINED",
          `/links/${i}/visuals/${k}/material`,
          `${where}: visuals[${k}].material "${v.material}" is not declared in materials`,
          true,
        );
      }
    });
    (link.collisions ?? []).forEach((c, k) =>
      checkGeometry(c.geometry, `${where}: collisions[${k}].geometry`, `/links/${i}/collisions/${k}/geometry`, add),
    );
    const inertial = link.inertial;
    if (inertial !== undefined) {
      if (!(inertial.mass > 0)) {
        add(
          "LINK_INERTIA_INVALID",
          `/links/${i}/inertial/mass`,
          `${where}: inertial.mass must be > 0 (got ${String(inertial.mass)})`,
          inertial.mass === 0,
        );
      } else if (inertial.inertia !== undefined && allFinite(Object.values(inertial.inertia))) {
        const problem = inertiaProblem(inertial.inertia);
        if (problem === "not-positive-definite") {
          add(
            "LINK_INERTIA_INVALID",
            `/links/${i}/inertial/inertia`,
            `${where}: inertial.inertia must be positive definite`,
            true,
          );
        } else if (problem === "triangle-inequality") {
          add(
            "LINK_INERTIA_INVALID",
            `/links/${i}/inertial/inertia`,
            `${where}: inertial.inertia breaks the triangle inequality (each principal moment must be ≤ the sum of the other two)`,
            true,
          );
        }
      }
    }
    (link.sensors ?? []).forEach((s, k) => {
      if (!(s.updateRate > 0))
        add(
          "VALUE_OUT_OF_RANGE",
          `/links/${i}/sensors/${k}/updateRate`,
          `sensor "${s.name}": updateRate must be > 0 Hz (got ${String(s.updateRate)})`,
        );
    });
  });

  const linkIndex = new Map(links.map((l, i) => [l.name, i] as const));
  const jointByName = new Map(joints.map((j) => [j.name, j] as const));
  const parentOf = new Map<string, string>();
  const mimicLoops = mimicLoopsOf(joints, jointByName);
  joints.forEach((joint, i) => {
    const where = `joint "${joint.name}"`;
    const base = `/joints/${i}`;
    if (!linkIndex.has(joint.parent))
      add("JOINT_PARENT_LINK_INVALID", `${base}/parent`, `${where}: parent link "${joint.parent}" does not exist`);
    if (!linkIndex.has(joint.child))
      add("JOINT_CHILD_LINK_INVALID", `${base}/child`, `${where}: child link "${joint.child}" does not exist`);
    if (joint.parent === joint.child)
      add("JOINT_PARENT_SAME_AS_CHILD", `${base}/child`, `${where}: child link "${joint.child}" is also its parent`);
    // A gearbox joint couples two motions; its child keeps its own parent joint.
    const previous = isTreeJoint(joint) ? parentOf.get(joint.child) : undefined;
    if (!isTreeJoint(joint)) {
      // Nothing to record: not a tree edge.
    } else if (previous !== undefined) {
      add(
        "LINK_MULTIPLE_PARENTS",
        `${base}/child`,
        `${where}: link "${joint.child}" already has parent joint "${previous}"`,
      );
    } else {
      parentOf.set(joint.child, joint.name);
    }
    checkJointFields(joint, where, base, jointByName, mimicLoops, add, linkIndex);
  });

  // Cycles: each link has at most one parent link, so one linear walk finds them all.
  const parentLink = new Map<string, string>();
  for (const j of joints) if (isTreeJoint(j) && !parentLink.has(j.child)) parentLink.set(j.child, j.parent);
  const jointIndex = new Map(joints.map((j, i) => [j.name, i] as const));
  for (const walk of functionalGraphCycles(
    links.map((l) => l.name),
    (name) => parentLink.get(name),
  )) {
    // Reported at the joint that closes the cycle, with the links in the order the walk met them.
    const current = walk[0] ?? "";
    const joint = parentOf.get(current) ?? "";
    const ji = jointIndex.get(joint) ?? -1;
    add(
      "KINEMATIC_CYCLE",
      `/joints/${ji}`,
      `joint "${joint}": links ${walk.map((c) => `"${c}"`).join(" → ")} form a cycle`,
    );
  }
  const roots = links.filter((l) => !parentLink.has(l.name));
  if (roots.length > 1) {
    add(
      "MODEL_MULTIPLE_ROOTS",
      `/links/${linkIndex.get(roots[1]!.name) ?? 0}`,
      `robot "${robot.name}": links ${roots.map((r) => `"${r.name}"`).join(", ")} have no parent joint; exactly one root link is allowed`,
    );
  }

  for (const d of checkConsumerRanges(robot)) out.push(imported ? { ...d, severity: "warning" } : d);
  // Which links Gazebo keeps is read through the tree, so only from a model whose structure holds;
  // a file someone else wrote is judged on that file by the validator (import names it a finding).
  if (!imported && !out.some((d) => d.severity === "error")) out.push(...gazeboMasslessLinks(robot));
  const before = out.length;
  checkDrive(robot, jointByName, add);
  // The geometry is read through the tree, so only from a model whose structure holds.
  if (robot.drive !== undefined && !out.some((d) => d.severity === "error") && out.length === before)
    out.push(...checkDriveGeometry(robot));
  return out;
}

type Add = (code: DiagnosticCode, jsonPath: string, message: string, suspect?: boolean) => void;

function checkJointFields(
  joint: Joint,
  where: string,
  base: string,
  jointByName: ReadonlyMap<string, Joint>,
  mimicLoops: ReadonlyMap<string, readonly string[]>,
  add: Add,
  linkNames: ReadonlyMap<string, number>,
): void {
  const axis = jointAxis(joint);
  if (axis !== undefined && allFinite(axis) && Math.hypot(...axis) < 1e-12)
    add("JOINT_AXIS_ZERO", `${base}/axis`, `${where}: axis must be non-zero`);
  switch (joint.type) {
    case "revolute":
    case "prismatic": {
      const limit = joint.limit as typeof joint.limit | undefined;
      if (limit === undefined) {
        add(
          "JOINT_LIMIT_MISSING",
          `${base}/limit`,
          `${where}: a ${joint.type} joint needs limit (lower, upper, effort, velocity)`,
        );
        break;
      }
      if (limit.lower > limit.upper)
        add(
          "JOINT_LIMIT_INVALID",
          `${base}/limit/lower`,
          `${where}: limit.lower (${limit.lower}) must be ≤ limit.upper (${limit.upper})`,
          true,
        );
      checkRate(limit, where, base, add);
      break;
    }
    case "continuous":
    case "planar":
      if (joint.limit !== undefined) checkRate(joint.limit, where, base, add);
      break;
    case "fixed": {
      // Kept as read (nothing moves), so only the same order and signs as a moving joint's are checked, as suspect.
      const l = joint.limit;
      if (l === undefined) break;
      if (l.lower !== undefined && l.upper !== undefined && l.lower > l.upper)
        add(
          "JOINT_LIMIT_INVALID",
          `${base}/limit/lower`,
          `${where}: limit.lower (${l.lower}) must be ≤ limit.upper (${l.upper})`,
          true,
        );
      if (l.effort !== undefined && l.effort < 0)
        add(
          "JOINT_LIMIT_INVALID",
          `${base}/limit/effort`,
          `${where}: limit.effort must be ≥ 0 (got ${l.effort})`,
          true,
        );
      if (l.velocity !== undefined && l.velocity < 0)
        add(
          "JOINT_LIMIT_INVALID",
          `${base}/limit/velocity`,
          `${where}: limit.velocity must be ≥ 0 (got ${l.velocity})`,
          true,
        );
      break;
    }
    case "floating":
      break;
    case "ball":
      if (joint.actuator !== undefined)
        add(
          "FEATURE_UNSUPPORTED",
          `${base}/actuator`,
          `${where}: a ball joint cannot be actuated; robokit's controllers, kinematics and simulation drive one-axis joints (revolute, continuous, prismatic)`,
        );
      break;
    case "universal":
    case "revolute2":
    case "screw":
    case "gearbox":
      if (joint.limit !== undefined) checkAxisLimit(joint.limit, where, `${base}/limit`, add);
      if (joint.type !== "screw" && joint.second !== undefined) {
        const a2 = joint.second.xyz;
        if (a2 !== undefined && allFinite(a2) && Math.hypot(...a2) < 1e-12)
          add("JOINT_AXIS_ZERO", `${base}/second/xyz`, `${where}: second.xyz (axis2) must be non-zero`);
        if (joint.second.limit !== undefined) checkAxisLimit(joint.second.limit, where, `${base}/second/limit`, add);
      }
      if (joint.actuator !== undefined)
        add(
          "FEATURE_UNSUPPORTED",
          `${base}/actuator`,
          `${where}: a ${joint.type} joint cannot be actuated; robokit's controllers, kinematics and simulation drive one-axis joints (revolute, continuous, prismatic)`,
        );
      if (joint.type === "gearbox" && !linkNames.has(joint.gearboxReferenceBody))
        add(
          "JOINT_PARENT_LINK_INVALID",
          `${base}/gearboxReferenceBody`,
          `${where}: gearboxReferenceBody "${joint.gearboxReferenceBody}" is not a link`,
        );
      break;
    default:
      assertNever(joint, "joint type");
  }
  if (
    (joint.type === "revolute" || joint.type === "continuous" || joint.type === "prismatic") &&
    joint.mimic !== undefined
  ) {
    const target = joint.mimic.joint;
    if (target === joint.name) {
      add("JOINT_MIMIC_INVALID", `${base}/mimic/joint`, `${where}: mimic.joint refers to itself`);
    } else if (!jointByName.has(target)) {
      add("JOINT_MIMIC_INVALID", `${base}/mimic/joint`, `${where}: mimic.joint "${target}" does not exist`, true);
    } else {
      const chain = mimicLoops.get(joint.name);
      if (chain !== undefined)
        add(
          "JOINT_MIMIC_INVALID",
          `${base}/mimic/joint`,
          `${where}: mimic joints ${chain.map((c) => `"${c}"`).join(" → ")}${chain.length === 8 ? " → …" : ""} form a loop`,
        );
    }
  }
  // An inertia cannot be negative (the physics is impossible).
  const armature = joint.actuator?.armature;
  if (armature !== undefined && armature < 0)
    add(
      "VALUE_OUT_OF_RANGE",
      `${base}/actuator/armature`,
      `${where}: actuator.armature (rotor inertia reflected at the joint) must be ≥ 0 (got ${armature})`,
    );
}

/** An SDF-only joint's axis limit, kept as read: only the order of its bounds, as suspect. */
function checkAxisLimit(l: SdfAxisLimit, where: string, path: string, add: Add): void {
  if (l.lower !== undefined && l.upper !== undefined && l.lower > l.upper)
    add(
      "JOINT_LIMIT_INVALID",
      `${path}/lower`,
      `${where}: limit.lower (${l.lower}) must be ≤ limit.upper (${l.upper})`,
      true,
    );
}

/** For each joint on a loop of mimic references, the loop starting at that joint (found in linear time). */
function mimicLoopsOf(
  joints: readonly Joint[],
  jointByName: ReadonlyMap<string, Joint>,
): Map<string, readonly string[]> {
  const target = (name: string): string | undefined => {
    const j = jointByName.get(name);
    const t = j !== undefined && "mimic" in j ? j.mimic?.joint : undefined;
    return t !== undefined && jointByName.has(t) ? t : undefined;
  };
  const loops = new Map<string, readonly string[]>();
  for (const cycle of functionalGraphCycles(
    joints.map((j) => j.name),
    target,
  )) {
    if (cycle.length < 2) continue; // a joint that mimics itself has its own message
    // At most 8 names from each joint on (the message stays short on a loop of thousands).
    const shown = Math.min(cycle.length, 8);
    cycle.forEach((name, i) =>
      loops.set(
        name,
        Array.from({ length: shown }, (_, k) => cycle[(i + k) % cycle.length] ?? ""),
      ),
    );
  }
  return loops;
}

function checkRate(limit: { effort: number; velocity: number }, where: string, base: string, add: Add): void {
  if (limit.effort === undefined || limit.velocity === undefined) {
    add("JOINT_LIMIT_MISSING", `${base}/limit`, `${where}: limit needs effort and velocity`);
    return;
  }
  if (limit.effort < 0)
    add(
      "JOINT_LIMIT_INVALID",
      `${base}/limit/effort`,
      `${where}: limit.effort must be ≥ 0 (got ${limit.effort})`,
      true,
    );
  if (limit.velocity < 0)
    add(
      "JOINT_LIMIT_INVALID",
      `${base}/limit/velocity`,
      `${where}: limit.velocity must be ≥ 0 (got ${limit.velocity})`,
      true,
    );
}

function checkGeometry(g: Geometry, where: string, path: string, add: Add): void {
  const positive = (value: number, field: string): void => {
    if (!(value > 0))
      add("GEOMETRY_INVALID", `${path}/${field}`, `${where}.${field} must be > 0 (got ${String(value)})`, value === 0);
  };
  switch (g.type) {
    case "box":
      g.size.forEach((s, i) => positive(s, `size/${i}`));
      break;
    case "cylinder":
    case "capsule":
      positive(g.radius, "radius");
      positive(g.length, "length");
      break;
    case "sphere":
      positive(g.radius, "radius");
      break;
    case "mesh":
      if (typeof g.uri !== "string" || g.uri.length === 0)
        add("GEOMETRY_INVALID", `${path}/uri`, `${where}.uri must be a non-empty URI`);
      g.scale?.forEach((s, i) => {
        if (s === 0) add("GEOMETRY_INVALID", `${path}/scale/${i}`, `${where}.scale[${i}] must be non-zero`);
      });
      break;
    case "plane":
      if (allFinite(g.normal) && Math.hypot(...g.normal) < 1e-12)
        add("GEOMETRY_INVALID", `${path}/normal`, `${where}.normal must be non-zero`);
      g.size.forEach((s, i) => {
        // The drawn extent only: a zero size is what a consumer shows as nothing, so suspect.
        if (!(s >= 0))
          add("GEOMETRY_INVALID", `${path}/size/${i}`, `${where}.size[${i}] must be ≥ 0 (got ${String(s)})`);
      });
      break;
    default:
      assertNever(g, "geometry type");
  }
}

function checkDrive(robot: Robot, jointByName: ReadonlyMap<string, Joint>, add: Add): void {
  const drive = robot.drive;
  if (drive === undefined) return;
  const seen = new Map<string, string>();
  const need = (name: string, path: string, role: string, types: readonly Joint["type"][]): void => {
    const j = jointByName.get(name);
    if (j === undefined) add("REFERENCE_INVALID", path, `drive: ${role} joint "${name}" does not exist`);
    else if (!types.includes(j.type))
      add("REFERENCE_INVALID", path, `drive: ${role} joint "${name}" is ${j.type}; expected ${types.join(" or ")}`);
    const other = seen.get(name);
    if (other !== undefined)
      add("REFERENCE_INVALID", path, `drive: joint "${name}" is named twice (${other} and ${path})`);
    seen.set(name, path);
  };
  const wheel = (name: string, path: string): void => need(name, path, "wheel", ["continuous"]);
  const steer = (name: string, path: string): void => need(name, path, "steering", ["revolute", "continuous"]);
  const positive = (field: string, value: number | undefined, unit = " m"): void => {
    if (value !== undefined && !(value > 0))
      add("VALUE_OUT_OF_RANGE", `/drive/${field}`, `drive: ${field} must be > 0${unit} (got ${value})`);
  };
  // A plain object is not held to the tuple types the way a document is held to the schema.
  const pair = (field: string, joints: readonly string[]): void => {
    if (joints.length !== 2)
      add(
        "REFERENCE_INVALID",
        `/drive/${field}`,
        `drive: the ${drive.type} drive needs 2 ${field} joints, [left, right] (got ${joints.length})`,
      );
  };
  switch (drive.type) {
    case "steered":
      if (drive.modules.length < 2)
        add("REFERENCE_INVALID", "/drive/modules", "drive: a steered drive needs at least 2 modules");
      drive.modules.forEach((m, i) => {
        need(m.steer, `/drive/modules/${i}/steer`, "steer", ["revolute", "continuous"]);
        need(m.wheel, `/drive/modules/${i}/wheel`, "wheel", ["continuous", "revolute"]);
      });
      break;
    case "omni":
      if (drive.wheels.length < 3)
        add("REFERENCE_INVALID", "/drive/wheels", "drive: an omni drive needs at least 3 wheels");
      drive.wheels.forEach((w, i) => need(w, `/drive/wheels/${i}`, "wheel", ["continuous", "revolute"]));
      if (drive.gearRatio !== undefined && !(drive.gearRatio > 0))
        add("VALUE_OUT_OF_RANGE", "/drive/gearRatio", `drive: gearRatio must be > 0 (got ${drive.gearRatio})`);
      break;
    case "differential":
      for (const side of ["left", "right"] as const) {
        if (drive[side].length === 0)
          add("REFERENCE_INVALID", `/drive/${side}`, `drive: a differential drive needs a wheel on its ${side} side`);
        drive[side].forEach((w, i) => wheel(w, `/drive/${side}/${i}`));
      }
      if (drive.left.length > 0 && drive.right.length > 0 && drive.left.length !== drive.right.length)
        add(
          "REFERENCE_INVALID",
          "/drive/right",
          `drive: ${drive.left.length} left and ${drive.right.length} right wheels; diff_drive_controller refuses to configure with a different number of wheels per side`,
        );
      positive("wheelRadius", drive.wheelRadius);
      positive("wheelSeparation", drive.wheelSeparation);
      positive("wheelSeparationMultiplier", drive.wheelSeparationMultiplier, "");
      break;
    case "mecanum":
      for (const corner of ["frontLeft", "frontRight", "rearLeft", "rearRight"] as const)
        wheel(drive[corner], `/drive/${corner}`);
      positive("wheelRadius", drive.wheelRadius);
      positive("sumOfDistances", drive.sumOfDistances);
      break;
    case "ackermann":
      pair("steering", drive.steering);
      pair("traction", drive.traction);
      drive.steering.forEach((s, i) => steer(s, `/drive/steering/${i}`));
      drive.traction.forEach((w, i) => wheel(w, `/drive/traction/${i}`));
      positive("wheelRadius", drive.wheelRadius);
      positive("wheelbase", drive.wheelbase);
      positive("tractionTrackWidth", drive.tractionTrackWidth);
      positive("steeringTrackWidth", drive.steeringTrackWidth);
      break;
    case "bicycle":
      steer(drive.steering, "/drive/steering");
      wheel(drive.traction, "/drive/traction");
      positive("wheelRadius", drive.wheelRadius);
      positive("wheelbase", drive.wheelbase);
      break;
    case "tricycle":
      steer(drive.steering, "/drive/steering");
      pair("traction", drive.traction);
      drive.traction.forEach((w, i) => wheel(w, `/drive/traction/${i}`));
      positive("wheelRadius", drive.wheelRadius);
      positive("wheelbase", drive.wheelbase);
      positive("tractionTrackWidth", drive.tractionTrackWidth);
      break;
    default:
      assertNever(drive, "drive type");
  }
}

function duplicates(names: readonly string[], kind: string, base: string, add: Add): void {
  const seen = new Set<string>();
  names.forEach((n, i) => {
    if (seen.has(n)) add("DUPLICATE_NAME", `${base}/${i}/name`, `${kind} "${n}": name is declared more than once`);
    seen.add(n);
  });
}

function allFinite(values: readonly unknown[]): boolean {
  return values.every((v) => typeof v === "number" && Number.isFinite(v));
}
