import type { Geometry } from "../../model/Geometry.js";
import type { Inertial } from "../../model/Inertial.js";
import { rotateInertia } from "../../model/inertia.js";
import { isTreeJoint, jointAxis, type Joint } from "../../model/Joint.js";
import type { Collision, Link, Visual } from "../../model/Link.js";
import { rootLink } from "../../model/linkPoses.js";
import { composePoses, IDENTITY_POSE, quatFromRpy, rpyFromQuat, type Pose } from "../../model/Pose.js";
import type { Robot } from "../../model/Robot.js";
import type { CameraOptics, Sensor } from "../../model/Sensor.js";
import type { Quat, Vec3 } from "../../model/Vector.js";
import { generatedBy } from "../xml/generatedBy.js";
import { num, serializeXml, vec, xmlDocument, type XmlOutElement } from "../xml/xmlDocument.js";
import { lowestCollisionPoint } from "./lowestCollisionPoint.js";
import { mjcfJointDamping } from "./mjcfJointDamping.js";
import { mjcfLosses } from "./mjcfLosses.js";
import type { MjcfMeshAssets } from "./mjcfMeshAssets.js";
import { mjcfNames } from "./mjcfNames.js";
import { writeMjcfMeshAssets } from "./writeMjcfMeshAssets.js";
import { mjcfStaticLinks } from "./mjcfStaticLinks.js";
import { MJCF_PHYSICS } from "./mjcfPhysics.js";
import { mjcfQuatFromRpy, toMjcfQuat } from "./mjcfQuat.js";
import { xmlCommentText } from "../../util/xmlCommentText.js";
import { assertNever } from "../../util/assertNever.js";

/** Options of {@link emitMjcf}. */
export interface EmitMjcfOptions {
  /**
   * "plane" (default) adds a ground plane, a light and a free joint on the root body so
   * the robot can drive; "none" writes the robot alone, fixed to the world.
   */
  readonly world?: "plane" | "none";
  /**
   * The mesh files written next to the MJCF (see `mjcfMeshAssets`): each mesh geometry with an
   * asset here becomes a mesh geom; without one, a comment says the mesh is left out.
   */
  readonly meshes?: MjcfMeshAssets;
}

/**
 * MJCF (MuJoCo XML) of a checked robot, loadable by MuJoCo 2.2.2 and 3.x.
 *
 * - One body per link, nested as the joint tree; a body's pos/quat is its joint origin
 *   (URDF child frame = joint frame), quaternions written [w x y z]. Fixed joints weld.
 * - Joints: revolute → limited hinge, continuous → hinge, prismatic → slide, planar →
 *   two slides and a hinge, floating → three slides and a ball (MuJoCo allows free joints
 *   only at the top level). Damping and friction from the model's dynamics.
 * - Inertials exactly as the model gives them (`inertiafromgeom="false"`).
 * - Visual geoms (group 2) never collide; collision geoms (group 3) touch the floor and
 *   the world but not each other (wheels rest close to the chassis).
 * - Actuators from each joint's `JointActuator`: position servo (kp = pid.p; the
 *   D gain is written as joint damping, which is the same force and MuJoCo 2.2.2 has no
 *   `kv` on position servos; raised to the motor's speed–torque slope effort/velocity when
 *   that is larger, so the joint cannot outrun its velocity limit at full effort), velocity
 *   servo (kv = pid.p), or motor (gear = reduction);
 *   force range from the joint's effort limit, control range from its limits (position
 *   range for a position servo, ±velocity for a velocity servo, ±effort/gear for a motor).
 *   The joint's velocity limit, which MJCF cannot express on a joint, is written as
 *   `<custom><numeric name="velocity_limit:JOINT" data="v"/>` (rad/s or m/s).
 * - Sensors: IMU → site with gyro, accelerometer and framequat (noise = white stddev);
 *   camera/stereo → MJCF cameras (looking along the sensor's +x); GPS → framepos and
 *   velocimeter; range (IR, sonar) → a rangefinder along the sensor's +x (cutoff =
 *   rangeMax); lidar → a site only (MJCF rangefinders are single rays); contact → nothing
 *   (MuJoCo reports every geom's contacts).
 * - Mimic joints → joint equality constraints.
 * - SDF-only joints: ball → ball joint; universal and revolute2 → two hinges in the body;
 *   screw → weld and gearbox → nothing (MJCF has neither). Planes → plane geoms where MuJoCo
 *   takes them (static bodies). What is lost is listed by `mjcfLosses` and in comments.
 *
 * Pure and deterministic (declaration order, one number formatter, no timestamp).
 */
export function emitMjcf(robot: Robot, options: EmitMjcfOptions = {}): string {
  const world = options.world ?? "plane";
  const doc = xmlDocument(generatedBy("mjcf", { world }));
  // What MJCF cannot hold, said in the file (as emitSdf does).
  for (const loss of mjcfLosses(robot, world))
    doc.com(` robokit ${loss.severity} ${loss.code}: ${xmlCommentText(loss.message)} `);
  const staticLinks = mjcfStaticLinks(robot, world);
  const root = doc.ele("mujoco", { model: robot.name });
  root.ele("compiler", { angle: "radian", inertiafromgeom: "false" });
  root.ele("option", {
    timestep: num(MJCF_PHYSICS.timestep),
    integrator: MJCF_PHYSICS.integrator,
    cone: MJCF_PHYSICS.cone,
    impratio: num(MJCF_PHYSICS.impratio),
  });
  const defaults = root.ele("default");
  defaults
    .ele("default", { class: "visual" })
    .ele("geom", { contype: "0", conaffinity: "0", group: "2", density: "0" });
  defaults.ele("default", { class: "collision" }).ele("geom", {
    contype: "1",
    conaffinity: "0",
    group: "3",
    density: "0",
    condim: String(MJCF_PHYSICS.condim),
    solref: vec(MJCF_PHYSICS.solref),
    rgba: "0.5 0.5 0.5 0.4",
  });

  const asset = root.ele("asset");
  for (const m of robot.materials ?? []) asset.ele("material", { name: m.name, rgba: vec(m.rgba) });
  writeMjcfMeshAssets(asset, options.meshes);
  if (world === "plane") {
    asset.ele("texture", {
      name: "grid",
      type: "2d",
      builtin: "checker",
      width: "512",
      height: "512",
      rgb1: "0.2 0.3 0.4",
      rgb2: "0.3 0.4 0.5",
    });
    asset.ele("material", {
      name: `${mjcfNames.floor}_material`,
      texture: "grid",
      texrepeat: "10 10",
      reflectance: "0.1",
    });
  }

  const worldbody = root.ele("worldbody");
  const rootName = rootLink(robot);
  const children = new Map<string, Joint[]>();
  for (const j of robot.joints ?? [])
    if (isTreeJoint(j)) children.set(j.parent, [...(children.get(j.parent) ?? []), j]);
  const links = new Map(robot.links.map((l) => [l.name, l] as const));
  if (world === "plane") {
    worldbody.ele("light", { name: "sun", pos: "0 0 5", dir: "0 0 -1", directional: "true" });
    const h = MJCF_PHYSICS.floorHalfSize;
    worldbody.ele("geom", {
      name: mjcfNames.floor,
      type: "plane",
      size: vec([h, h, 0.1]),
      material: `${mjcfNames.floor}_material`,
      contype: "0",
      conaffinity: "1",
      condim: String(MJCF_PHYSICS.condim),
      friction: vec(MJCF_PHYSICS.floorFriction),
    });
  }
  if (rootName !== undefined) {
    const lift = world === "plane" ? -(lowestCollisionPoint(robot) ?? 0) : 0;
    const body = worldbody.ele("body", { name: rootName, pos: vec([0, 0, lift]) });
    if (world === "plane") body.ele("freejoint", { name: mjcfNames.freeJoint });
    writeLinkContent(body, links.get(rootName), staticLinks, options.meshes);
    writeChildren(body, rootName, children, links, staticLinks, options.meshes);
  }

  const mimics: { name: string; leader: string; multiplier: number; offset: number }[] = [];
  for (const j of robot.joints ?? []) {
    if ((j.type === "revolute" || j.type === "continuous" || j.type === "prismatic") && j.mimic !== undefined) {
      mimics.push({
        name: j.name,
        leader: j.mimic.joint,
        multiplier: j.mimic.multiplier ?? 1,
        offset: j.mimic.offset ?? 0,
      });
    }
  }
  if (mimics.length > 0) {
    const eq = root.ele("equality");
    for (const m of mimics) {
      // joint1 = offset + multiplier · joint2 (polycoef a0..a4).
      eq.ele("joint", {
        name: `${m.name}_mimic`,
        joint1: m.name,
        joint2: m.leader,
        polycoef: vec([m.offset, m.multiplier, 0, 0, 0]),
      });
    }
  }

  const actuated = (robot.joints ?? []).filter((j) => j.actuator !== undefined);
  if (actuated.length > 0) {
    const act = root.ele("actuator");
    for (const j of actuated) writeActuator(act, j);
    // MuJoCo has no joint velocity limit (a position servo swings as fast as kp allows), so
    // each actuated joint's limit is carried as a custom numeric for the controller that
    // drives the model (robokit's sim rate-limits its targets with it).
    const withVelocity = actuated.filter((j) => (velocityLimit(j) ?? 0) > 0);
    if (withVelocity.length > 0) {
      const custom = root.ele("custom");
      for (const j of withVelocity)
        custom.ele("numeric", { name: mjcfNames.velocityLimit(j.name), size: "1", data: num(velocityLimit(j) ?? 0) });
    }
  }

  const sensorElements: { link: Link; sensor: Sensor }[] = [];
  for (const l of robot.links) for (const s of l.sensors ?? []) sensorElements.push({ link: l, sensor: s });
  const withChannels = sensorElements.filter(
    ({ sensor }) => sensor.type === "imu" || sensor.type === "gps" || sensor.type === "range",
  );
  if (withChannels.length > 0) {
    const sensors = root.ele("sensor");
    for (const { sensor } of withChannels) writeSensorChannels(sensors, sensor);
  }
  return serializeXml(doc);
}

function writeChildren(
  parent: XmlOutElement,
  link: string,
  children: ReadonlyMap<string, Joint[]>,
  links: ReadonlyMap<string, Link>,
  staticLinks: ReadonlySet<string>,
  meshes: MjcfMeshAssets | undefined,
): void {
  for (const j of children.get(link) ?? []) {
    const origin = j.origin ?? IDENTITY_POSE;
    const body = parent.ele("body", { name: j.child, ...poseAttrs(origin) });
    writeJoint(body, j);
    writeLinkContent(body, links.get(j.child), staticLinks, meshes);
    writeChildren(body, j.child, children, links, staticLinks, meshes);
  }
}

function writeLinkContent(
  body: XmlOutElement,
  link: Link | undefined,
  staticLinks: ReadonlySet<string>,
  meshes: MjcfMeshAssets | undefined,
): void {
  if (link === undefined) return;
  if (link.inertial !== undefined) writeInertial(body, link.inertial);
  // MuJoCo takes planes only in static bodies (mjcfLosses reports the others).
  const keep = (s: Visual | Collision): boolean => s.geometry.type !== "plane" || staticLinks.has(link.name);
  (link.visuals ?? []).forEach((v, k) => {
    if (keep(v)) writeGeom(body, link.name, "visual", v, k, meshes);
  });
  (link.collisions ?? []).forEach((c, k) => {
    if (keep(c)) writeGeom(body, link.name, "collision", c, k, meshes);
  });
  for (const s of link.sensors ?? []) writeSensorFrame(body, s);
}

function writeInertial(body: XmlOutElement, inertial: Inertial): void {
  const o = inertial.origin ?? IDENTITY_POSE;
  // MJCF's fullinertia is expressed in the body frame and excludes a quat, so the tensor
  // is rotated from the inertial frame into the link frame first. Its order is
  // M11 M22 M33 M12 M13 M23: matrix entries, the model's convention too.
  const i = rotateInertia(inertial.inertia, o.rpy);
  body.ele("inertial", {
    pos: vec(o.xyz),
    mass: num(inertial.mass),
    fullinertia: vec([i.ixx, i.iyy, i.izz, i.ixy, i.ixz, i.iyz]),
  });
}

/** pos and quat attributes of a pose, each left out when it is the identity. */
function poseAttrs(p: Pose): Record<string, string> {
  const out: Record<string, string> = {};
  if (p.xyz.some((v) => v !== 0)) out["pos"] = vec(p.xyz);
  if (p.rpy.some((v) => v !== 0)) out["quat"] = vec(mjcfQuatFromRpy(p.rpy));
  return out;
}

function writeGeom(
  body: XmlOutElement,
  linkName: string,
  kind: "visual" | "collision",
  shape: Visual | Collision,
  k: number,
  meshes: MjcfMeshAssets | undefined,
): void {
  const name = shape.name === undefined ? `${linkName}_${kind}_${k}` : `${linkName}_${shape.name}`;
  const g = shape.geometry;
  // An MJCF plane's normal is its geom's z: a tilted plane turns its geom.
  const origin =
    g.type === "plane"
      ? composePoses(shape.origin ?? IDENTITY_POSE, zToNormal(g.normal))
      : (shape.origin ?? IDENTITY_POSE);
  const attrs = geomShape(g, meshes);
  if (attrs === undefined) {
    body.com(
      ` ${kind} ${xmlCommentText(name)}: mesh ${g.type === "mesh" ? xmlCommentText(g.uri) : ""} is not embedded (MJCF needs the file itself) `,
    );
    return;
  }
  const el: Record<string, string> = { name, class: kind, ...attrs, ...poseAttrs(origin) };
  if (kind === "visual" && "material" in shape && shape.material !== undefined) el["material"] = shape.material;
  // An anonymous material has no asset to refer to: its colour goes on the geom.
  else if (kind === "visual" && "inlineMaterial" in shape && shape.inlineMaterial !== undefined)
    el["rgba"] = vec(shape.inlineMaterial.rgba);
  if (kind === "collision" && "surface" in shape && shape.surface !== undefined) {
    const s = shape.surface;
    if (s.mu !== undefined) el["friction"] = vec([s.mu, MJCF_PHYSICS.torsionalFriction, MJCF_PHYSICS.rollingFriction]);
    // Negative solref = direct stiffness (N/m) and damping (N·s/m).
    if (s.kp !== undefined && s.kd !== undefined) el["solref"] = vec([-s.kp, -s.kd]);
    // The collision's own friction must win over the floor's default when both are given.
    if (s.mu !== undefined) el["priority"] = "1";
  }
  body.ele("geom", el);
}

function geomShape(g: Geometry, meshes: MjcfMeshAssets | undefined): Record<string, string> | undefined {
  switch (g.type) {
    case "box":
      return { type: "box", size: vec(g.size.map((s) => s / 2)) };
    case "cylinder":
      return { type: "cylinder", size: vec([g.radius, g.length / 2]) };
    case "capsule":
      return { type: "capsule", size: vec([g.radius, g.length / 2]) };
    case "sphere":
      return { type: "sphere", size: num(g.radius) };
    case "mesh": {
      const asset = meshes?.assetOf(g);
      return asset === undefined ? undefined : { type: "mesh", mesh: asset };
    }
    // MJCF planes: half-sizes, then the grid spacing (MuJoCo 2.2.2 needs it > 0); the normal is the geom's z (see writeGeom).
    case "plane":
      return { type: "plane", size: vec([g.size[0] / 2, g.size[1] / 2, 1]) };
    default:
      assertNever(g, "geometry type");
  }
}

function writeJoint(body: XmlOutElement, j: Joint): void {
  const damping = mjcfJointDamping(j);
  const common: Record<string, string> = {};
  if (damping !== 0) common["damping"] = num(damping);
  if ((j.dynamics?.friction ?? 0) !== 0) common["frictionloss"] = num(j.dynamics?.friction ?? 0);
  const axis = jointAxis(j) ?? [1, 0, 0];
  switch (j.type) {
    case "fixed":
      return;
    case "revolute":
      body.ele("joint", {
        name: j.name,
        type: "hinge",
        axis: vec(axis),
        limited: "true",
        range: vec([j.limit.lower, j.limit.upper]),
        ...common,
      });
      return;
    case "continuous":
      body.ele("joint", { name: j.name, type: "hinge", axis: vec(axis), ...common });
      return;
    case "prismatic":
      body.ele("joint", {
        name: j.name,
        type: "slide",
        axis: vec(axis),
        limited: "true",
        range: vec([j.limit.lower, j.limit.upper]),
        ...common,
      });
      return;
    case "planar": {
      const [u, v] = planeBasis(axis);
      body.ele("joint", { name: `${j.name}_u`, type: "slide", axis: vec(u), ...common });
      body.ele("joint", { name: `${j.name}_v`, type: "slide", axis: vec(v), ...common });
      body.ele("joint", { name: `${j.name}_rotation`, type: "hinge", axis: vec(axis), ...common });
      return;
    }
    case "floating":
      body.ele("joint", { name: `${j.name}_x`, type: "slide", axis: "1 0 0", ...common });
      body.ele("joint", { name: `${j.name}_y`, type: "slide", axis: "0 1 0", ...common });
      body.ele("joint", { name: `${j.name}_z`, type: "slide", axis: "0 0 1", ...common });
      body.ele("joint", { name: `${j.name}_rotation`, type: "ball", ...common });
      return;
    case "ball":
      body.ele("joint", { name: j.name, type: "ball", ...common });
      return;
    case "universal":
    case "revolute2": {
      // Two hinges in one body: rotation about the first axis, then the second (MuJoCo composes them in order).
      const second = j.second?.xyz ?? [0, 0, 1];
      body.ele("joint", { name: `${j.name}_1`, type: "hinge", axis: vec(axis), ...common });
      body.ele("joint", { name: `${j.name}_2`, type: "hinge", axis: vec(second) });
      return;
    }
    case "screw":
    case "gearbox":
      // No MJCF joint couples rotation and translation, or two joints' angles (mjcfLosses): welded.
      return;
    default:
      assertNever(j, "joint type");
  }
}

/** The rotation that takes z to `n` (the shortest one; identity when `n` is along +z). */
function zToNormal(n: Vec3): Pose {
  const u = normalize(n);
  const c = u[2];
  if (c > 1 - 1e-15) return IDENTITY_POSE;
  if (c < -1 + 1e-15) return { xyz: [0, 0, 0], rpy: [Math.PI, 0, 0] };
  // Axis z × u, angle acos(c): quaternion [axis·sin(θ/2), cos(θ/2)].
  const axis = normalize([-u[1], u[0], 0]);
  const half = Math.acos(c) / 2;
  const s = Math.sin(half);
  return { xyz: [0, 0, 0], rpy: rpyFromQuat([axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(half)]) };
}

/** Two unit vectors spanning the plane normal to `n`. */
function planeBasis(n: Vec3): [Vec3, Vec3] {
  const len = Math.hypot(...n);
  const z: Vec3 = [n[0] / len, n[1] / len, n[2] / len];
  const helper: Vec3 = Math.abs(z[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const u = normalize(cross(helper, z));
  return [u, cross(z, u)];
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function normalize(a: Vec3): Vec3 {
  const l = Math.hypot(...a);
  return [a[0] / l, a[1] / l, a[2] / l];
}

function effortLimit(j: Joint): number | undefined {
  switch (j.type) {
    case "revolute":
    case "prismatic":
      return j.limit.effort;
    case "continuous":
    case "planar":
      return j.limit?.effort;
    case "fixed":
    case "floating":
    case "ball":
    case "universal":
    case "revolute2":
    case "screw":
    case "gearbox":
      return undefined;
    default:
      assertNever(j, "joint type");
  }
}

function velocityLimit(j: Joint): number | undefined {
  switch (j.type) {
    case "revolute":
    case "prismatic":
      return j.limit.velocity;
    case "continuous":
    case "planar":
      return j.limit?.velocity;
    case "fixed":
    case "floating":
    case "ball":
    case "universal":
    case "revolute2":
    case "screw":
    case "gearbox":
      return undefined;
    default:
      assertNever(j, "joint type");
  }
}

function writeActuator(parent: XmlOutElement, j: Joint): void {
  const a = j.actuator;
  if (a === undefined) return;
  const name = mjcfNames.actuator(j.name, a.command);
  const effort = effortLimit(j);
  const force: Record<string, string> =
    effort !== undefined && effort > 0 ? { forcelimited: "true", forcerange: vec([-effort, effort]) } : {};
  switch (a.command) {
    case "position": {
      const range: Record<string, string> =
        j.type === "revolute" || j.type === "prismatic"
          ? { ctrllimited: "true", ctrlrange: vec([j.limit.lower, j.limit.upper]) }
          : {};
      parent.ele("position", { name, joint: j.name, kp: num(a.pid?.p ?? 1), ...range, ...force });
      return;
    }
    case "velocity": {
      const v = velocityLimit(j);
      const range: Record<string, string> =
        v !== undefined && v > 0 ? { ctrllimited: "true", ctrlrange: vec([-v, v]) } : {};
      parent.ele("velocity", { name, joint: j.name, kv: num(a.pid?.p ?? 1), ...range, ...force });
      return;
    }
    case "effort": {
      const gear = a.mechanicalReduction ?? 1;
      const range: Record<string, string> =
        effort !== undefined && effort > 0
          ? { ctrllimited: "true", ctrlrange: vec([-effort / gear, effort / gear]) }
          : {};
      parent.ele("motor", { name, joint: j.name, gear: num(gear), ...range, ...force });
      return;
    }
    default:
      assertNever(a.command, "command interface");
  }
}

/** Sites and cameras placed in the link body. */
function writeSensorFrame(body: XmlOutElement, s: Sensor): void {
  const o = s.origin ?? IDENTITY_POSE;
  switch (s.type) {
    case "imu":
    case "gps":
    case "lidar":
      body.ele("site", { name: mjcfNames.sensorSite(s.name), ...poseAttrs(o), size: "0.01" });
      return;
    case "camera":
      writeCamera(body, mjcfNames.camera(s.name), o, s, 0);
      return;
    case "stereo":
      writeCamera(body, mjcfNames.camera(s.name, "left"), o, s, 0);
      writeCamera(body, mjcfNames.camera(s.name, "right"), o, s, -s.baseline);
      return;
    case "range": {
      // A rangefinder measures along its site's +z; the sensor looks along its +x.
      const q = multiplyQuat(quatFromRpy(o.rpy), SENSOR_Q_RANGEFINDER);
      body.ele("site", {
        name: mjcfNames.sensorSite(s.name),
        ...(o.xyz.some((v) => v !== 0) ? { pos: vec(o.xyz) } : {}),
        quat: vec(toMjcfQuat(q)),
        size: "0.01",
      });
      return;
    }
    case "contact":
      // MuJoCo reports contacts of every geom; a bumper needs no element of its own.
      return;
    default:
      return assertNever(s, "sensor type");
  }
}

/** sensor_R_site of a rangefinder: a +90° turn about y takes the site's z onto the sensor's x. */
const SENSOR_Q_RANGEFINDER: Quat = [0, Math.SQRT1_2, 0, Math.SQRT1_2];

/**
 * An MJCF camera looks along its −z with +y up; a robokit (Gazebo) camera looks along the
 * sensor's +x with +z up. sensor_R_camera has columns x_c = −y_s, y_c = z_s, z_c = −x_s.
 */
const SENSOR_Q_CAMERA: Quat = [0.5, -0.5, -0.5, 0.5];

function writeCamera(body: XmlOutElement, name: string, o: Pose, optics: CameraOptics, dy: number): void {
  const q = multiplyQuat(quatFromRpy(o.rpy), SENSOR_Q_CAMERA);
  const offset = rotate(quatFromRpy(o.rpy), [0, dy, 0]);
  const fovy = (2 * Math.atan(Math.tan(optics.horizontalFov / 2) * (optics.height / optics.width)) * 180) / Math.PI;
  body.ele("camera", {
    name,
    pos: vec([o.xyz[0] + offset[0], o.xyz[1] + offset[1], o.xyz[2] + offset[2]]),
    quat: vec(toMjcfQuat(q)),
    fovy: num(fovy),
  });
}

function multiplyQuat(a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

function rotate(q: Quat, v: Vec3): Vec3 {
  const p = multiplyQuat(multiplyQuat(q, [v[0], v[1], v[2], 0]), [-q[0], -q[1], -q[2], q[3]]);
  return [p[0], p[1], p[2]];
}

function writeSensorChannels(parent: XmlOutElement, s: Sensor): void {
  const site = mjcfNames.sensorSite(s.name);
  switch (s.type) {
    case "imu": {
      const gyro = s.angularVelocityNoise?.x?.stddev;
      const accel = s.linearAccelerationNoise?.x?.stddev;
      parent.ele("gyro", {
        name: mjcfNames.sensorChannel(s.name, "gyro"),
        site,
        ...(gyro === undefined ? {} : { noise: num(gyro) }),
      });
      parent.ele("accelerometer", {
        name: mjcfNames.sensorChannel(s.name, "accelerometer"),
        site,
        ...(accel === undefined ? {} : { noise: num(accel) }),
      });
      const ori = s.orientationNoise?.stddev;
      parent.ele("framequat", {
        name: mjcfNames.sensorChannel(s.name, "framequat"),
        objtype: "site",
        objname: site,
        ...(ori === undefined ? {} : { noise: num(ori) }),
      });
      return;
    }
    case "gps": {
      const p = s.horizontalPositionNoise?.stddev;
      const v = s.horizontalVelocityNoise?.stddev;
      parent.ele("framepos", {
        name: mjcfNames.sensorChannel(s.name, "framepos"),
        objtype: "site",
        objname: site,
        ...(p === undefined ? {} : { noise: num(p) }),
      });
      parent.ele("velocimeter", {
        name: mjcfNames.sensorChannel(s.name, "velocimeter"),
        site,
        ...(v === undefined ? {} : { noise: num(v) }),
      });
      return;
    }
    case "range":
      parent.ele("rangefinder", {
        name: mjcfNames.sensorChannel(s.name, "rangefinder"),
        site,
        cutoff: num(s.rangeMax),
        ...(s.noise === undefined ? {} : { noise: num(s.noise.stddev) }),
      });
      return;
    case "camera":
    case "stereo":
    case "lidar":
    case "contact":
      return;
    default:
      return assertNever(s, "sensor type");
  }
}
