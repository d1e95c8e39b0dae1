import type { Geometry } from "../../model/Geometry.js";
import { jointAxis, type Joint } from "../../model/Joint.js";
import type { Collision, Link, Visual } from "../../model/Link.js";
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
import { MJCF_PHYSICS } from "./mjcfPhysics.js";
import { mjcfQuatFromRpy, toMjcfQuat } from "./mjcfQuat.js";
import { type MjcfServoGains, mjcfServoGains } from "./mjcfServoGains.js";
import { xmlCommentText } from "../../util/xmlCommentText.js";
import { MJCF_FIXED_JOINTS_DEFAULT, type EmitMjcfOptions } from "./EmitMjcfOptions.js";
import { mjcfBodyInertials, mjcfPrincipalInertia, type MjcfBodyInertial } from "./mjcfBodyInertials.js";
import { mjcfBodyLayout } from "./mjcfBodyLayout.js";
import { mjcfFixedJointBodies } from "./mjcfFixedJointBodies.js";
import { mjcfJointRange } from "./mjcfJointRange.js";
import { mjcfMimics } from "./mjcfMimics.js";
import { mjcfShapeProblem } from "./mjcfShapeProblem.js";
import type { LumpedLink } from "../../model/lumpFixedJoints.js";
import { assertNever } from "../../util/assertNever.js";

export type { EmitMjcfOptions, MjcfFixedJoints } from "./EmitMjcfOptions.js";
export { MJCF_FIXED_JOINTS, MJCF_FIXED_JOINTS_DEFAULT } from "./EmitMjcfOptions.js";

/**
 * MJCF (MuJoCo XML) of a checked robot, loadable by MuJoCo 2.2.2 and 3.x.
 *
 * - One body per link, nested as the joint tree; a body's pos/quat is its joint origin
 *   (URDF child frame = joint frame), quaternions written [w x y z]. Fixed joints weld
 *   (default) or merge into their parent (`fixedJoints`, see {@link MjcfFixedJoints}).
 * - Base: a URDF `world` root link is MuJoCo's world body (its fixed joints bolt the robot
 *   down, a floating joint from it is a free joint); otherwise the root gets a free joint
 *   (`world: "plane"`) or is fixed (`"none"`). A floor plane and a light are added unless the
 *   robot brings a ground plane of its own.
 * - Joints: revolute → limited hinge, continuous → hinge, prismatic → slide, planar →
 *   two slides and a hinge, floating → three slides and a ball (MuJoCo allows free joints
 *   only at the top level). Damping and friction (frictionloss) from the model's dynamics.
 * - Inertials: mass, centre of mass and the full tensor as principal moments (`diaginertia`)
 *   and axes (`quat`, off-diagonal terms included) as the model gives them
 *   (`inertiafromgeom="false"`), except what MuJoCo refuses (see `mjcfBodyInertials`:
 *   massless moving bodies, the triangle inequality).
 * - Visual geoms (group 2) never collide; collision geoms (group 3) touch the floor and
 *   the world but not each other (wheels rest close to the chassis).
 * - Actuators from each joint's `JointActuator`: position servo (kp = pid.p; the
 *   D gain is written as joint damping, which is the same force and MuJoCo 2.2.2 has no
 *   `kv` on position servos; raised to the motor's speed–torque slope effort/velocity when
 *   that is larger, so the joint cannot outrun its velocity limit at full effort), velocity
 *   servo (kv = pid.p), or motor (gear = reduction); gains the model does not give are
 *   derived from it, and joints get the model's armature, a differential base's wheels at
 *   least what MuJoCo's contact solver needs (`mjcfServoGains`);
 *   force range from the joint's effort limit, control range from its limits (position
 *   range for a position servo, ±velocity for a velocity servo, ±effort/gear for a motor).
 *   The joint's velocity limit, which MJCF cannot express on a joint, is written as
 *   `<custom><numeric name="velocity_limit:JOINT" data="v"/>` (rad/s or m/s).
 * - Sensors: IMU → site with gyro, accelerometer and framequat (noise = white stddev);
 *   camera/stereo → MJCF cameras (looking along the sensor's +x); GPS → framepos and
 *   framelinvel (world frame); range (IR, sonar) → a rangefinder along the sensor's +x (cutoff =
 *   rangeMax); lidar → a site only (MJCF rangefinders are single rays); contact → nothing
 *   (MuJoCo reports every geom's contacts).
 * - Mimic joints → joint equality constraints.
 * - SDF-only joints: ball → ball joint; universal and revolute2 → two hinges in the body;
 *   screw → weld and gearbox → nothing (MJCF has neither). Planes → plane geoms where MuJoCo
 *   takes them (static bodies). What is lost is listed by `mjcfLosses` and in comments.
 *
 * Pure and deterministic (declaration order, one number formatter, no timestamp).
 */
export function emitMjcf(input: Robot, options: EmitMjcfOptions = {}): string {
  const world = options.world ?? "plane";
  const mode = options.fixedJoints ?? MJCF_FIXED_JOINTS_DEFAULT;
  const doc = xmlDocument(
    generatedBy("mjcf", mode === MJCF_FIXED_JOINTS_DEFAULT ? { world } : { world, fixedJoints: mode }),
  );
  // What MJCF cannot hold, said in the file (as emitSdf does).
  for (const loss of mjcfLosses(input, options))
    doc.com(` robokit ${loss.severity} ${loss.code}: ${xmlCommentText(loss.message)} `);
  const { robot, merged } = mjcfFixedJointBodies(input, mode);
  const layout = mjcfBodyLayout(robot, world);
  const floor = world === "plane" && !layout.hasGround;
  const servos = mjcfServoGains(robot);
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
  if (floor) {
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
  if (floor) {
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
  const frames = new Map<string, LumpedLink[]>();
  for (const m of merged) {
    const list = frames.get(m.into);
    if (list === undefined) frames.set(m.into, [m]);
    else list.push(m);
  }
  const ctx: BodyContext = {
    children: layout.children,
    links: new Map(robot.links.map((l) => [l.name, l] as const)),
    staticLinks: layout.staticLinks,
    inertials: mjcfBodyInertials(robot, layout.moving),
    frames,
    ...(layout.worldLink === undefined ? {} : { worldLink: layout.worldLink }),
    materials: new Set((robot.materials ?? []).map((m) => m.name)),
    geomNames: new Set(),
    servos,
    meshes: options.meshes,
  };
  if (layout.worldLink !== undefined) {
    // The world link is MuJoCo's world body: its geoms and sensor sites, no inertial.
    writeLinkContent(worldbody, layout.worldLink, ctx, false);
    writeChildren(worldbody, layout.worldLink, ctx);
  } else {
    const rootName = layout.freeRoot ?? layout.fixedRoot;
    if (rootName !== undefined) {
      // A free robot starts resting on the floor; a fixed one stays where its file puts it.
      const lift = layout.freeRoot === undefined ? 0 : -(lowestCollisionPoint(robot) ?? 0);
      const body = worldbody.ele("body", { name: rootName, pos: vec([0, 0, lift]) });
      if (layout.freeRoot !== undefined) body.ele("freejoint", { name: mjcfNames.freeJoint });
      writeLinkContent(body, rootName, ctx, true);
      writeChildren(body, rootName, ctx);
    }
  }

  const { mimics } = mjcfMimics(robot);
  if (mimics.length > 0) {
    const eq = root.ele("equality");
    for (const m of mimics) {
      // joint1 = offset + multiplier · joint2 (polycoef a0..a4).
      eq.ele("joint", {
        name: `${m.joint}_mimic`,
        joint1: m.joint,
        joint2: m.leader,
        polycoef: vec([m.offset, m.multiplier, 0, 0, 0]),
      });
    }
  }

  const actuated = (robot.joints ?? []).filter((j) => j.actuator !== undefined);
  if (actuated.length > 0) {
    const act = root.ele("actuator");
    for (const j of actuated) writeActuator(act, j, servos.get(j.name));
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

/** What writing the body tree needs, computed once per file. */
interface BodyContext {
  readonly children: ReadonlyMap<string, readonly Joint[]>;
  readonly links: ReadonlyMap<string, Link>;
  readonly staticLinks: ReadonlySet<string>;
  readonly inertials: ReadonlyMap<string, MjcfBodyInertial>;
  /** Links merged into each surviving body ("merge"), written as sites. */
  readonly frames: ReadonlyMap<string, readonly LumpedLink[]>;
  readonly worldLink?: string;
  /** Materials declared as assets: a visual naming another gets no material. */
  readonly materials: ReadonlySet<string>;
  /** Geom names written so far (MuJoCo refuses a repeated name). */
  readonly geomNames: Set<string>;
  /** Each actuated joint's servo gains and armature ({@link mjcfServoGains}). */
  readonly servos: ReadonlyMap<string, MjcfServoGains>;
  /** The mesh files written next to the MJCF, when there are any. */
  readonly meshes: MjcfMeshAssets | undefined;
}

function writeChildren(parent: XmlOutElement, link: string, ctx: BodyContext): void {
  for (const j of ctx.children.get(link) ?? []) {
    const origin = j.origin ?? IDENTITY_POSE;
    const body = parent.ele("body", { name: j.child, ...poseAttrs(origin) });
    // MuJoCo allows a free joint only in a top-level body: a floating joint from the world link is one.
    if (j.type === "floating" && link === ctx.worldLink) body.ele("freejoint", { name: j.name });
    else writeJoint(body, j, ctx.servos.get(j.name)?.armature ?? 0);
    writeLinkContent(body, j.child, ctx, true);
    writeChildren(body, j.child, ctx);
  }
}

function writeLinkContent(body: XmlOutElement, name: string, ctx: BodyContext, withInertial: boolean): void {
  const link = ctx.links.get(name);
  if (link === undefined) return;
  const inertial = ctx.inertials.get(name);
  if (withInertial && inertial !== undefined) writeInertial(body, inertial);
  // MuJoCo takes planes only in static bodies (mjcfLosses reports the others).
  const keep = (s: Visual | Collision): boolean => s.geometry.type !== "plane" || ctx.staticLinks.has(link.name);
  (link.visuals ?? []).forEach((v, k) => {
    if (keep(v)) writeGeom(body, link.name, "visual", v, k, ctx);
  });
  (link.collisions ?? []).forEach((c, k) => {
    if (keep(c)) writeGeom(body, link.name, "collision", c, k, ctx);
  });
  for (const s of link.sensors ?? []) writeSensorFrame(body, s);
  // A merged link's frame stays where it was, as a site named after it.
  for (const f of ctx.frames.get(name) ?? []) body.ele("site", { name: f.link, ...poseAttrs(f.pose), size: "0.005" });
}

function writeInertial(body: XmlOutElement, b: MjcfBodyInertial): void {
  const p = mjcfPrincipalInertia(b);
  const identity = p.quat[0] === 0 && p.quat[1] === 0 && p.quat[2] === 0;
  body.ele("inertial", {
    pos: vec(b.origin.xyz),
    ...(identity ? {} : { quat: vec(toMjcfQuat(p.quat)) }),
    mass: num(b.mass),
    diaginertia: vec(p.diag),
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
  ctx: BodyContext,
): void {
  const g = shape.geometry;
  // MuJoCo refuses it (mjcfLosses names it).
  if (mjcfShapeProblem(g) !== undefined) return;
  const name = geomName(linkName, kind, shape, k, ctx.geomNames);
  // An MJCF plane's normal is its geom's z: a tilted plane turns its geom.
  const origin =
    g.type === "plane"
      ? composePoses(shape.origin ?? IDENTITY_POSE, zToNormal(g.normal))
      : (shape.origin ?? IDENTITY_POSE);
  const attrs = geomShape(g, ctx.meshes);
  if (attrs === undefined) {
    body.com(
      ` ${kind} ${xmlCommentText(name)}: mesh ${g.type === "mesh" ? xmlCommentText(g.uri) : ""} is not embedded (MJCF needs the file itself) `,
    );
    return;
  }
  const el: Record<string, string> = { name, class: kind, ...attrs, ...poseAttrs(origin) };
  // Collision geoms skip each other (conaffinity 0) but not the world: a static body's geoms
  // (a ground or table the robot brings) take contacts as the floor does.
  if (kind === "collision" && ctx.staticLinks.has(linkName)) el["conaffinity"] = "1";
  if (kind === "visual" && "material" in shape && shape.material !== undefined && ctx.materials.has(shape.material))
    el["material"] = shape.material;
  // An anonymous material has no asset to refer to: its colour goes on the geom.
  else if (kind === "visual" && "inlineMaterial" in shape && shape.inlineMaterial !== undefined)
    el["rgba"] = vec(shape.inlineMaterial.rgba);
  if (kind === "collision" && "surface" in shape && shape.surface !== undefined) {
    const s = shape.surface;
    if (s.mu !== undefined) el["friction"] = vec([s.mu, MJCF_PHYSICS.torsionalFriction, MJCF_PHYSICS.rollingFriction]);
    // kp and kd (N/m, N·s/m, as ODE takes them) are not written: MuJoCo's soft contact
    // stiffness is per unit of the contact's effective mass, which a geom does not know
    // (mjcfLosses names them); the collision class's contact stands.
    // The collision's own friction must win over the floor's default when both are given.
    if (s.mu !== undefined) el["priority"] = "1";
  }
  body.ele("geom", el);
}

/**
 * `<link>_<name>` for a named shape, `<link>_<kind>_<k>` otherwise; a name already written
 * (a visual and a collision of the same name, as SDF allows) takes the kind as well.
 */
function geomName(
  link: string,
  kind: "visual" | "collision",
  shape: Visual | Collision,
  k: number,
  used: Set<string>,
): string {
  const first = shape.name === undefined ? `${link}_${kind}_${k}` : `${link}_${shape.name}`;
  let name = used.has(first) ? `${link}_${kind}_${shape.name ?? k}` : first;
  for (let n = 2; used.has(name); n++) name = `${link}_${kind}_${shape.name ?? k}_${n}`;
  used.add(name);
  return name;
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

function writeJoint(body: XmlOutElement, j: Joint, armature: number): void {
  const damping = mjcfJointDamping(j);
  const common: Record<string, string> = {};
  if (damping !== 0) common["damping"] = num(damping);
  if (armature > 0) common["armature"] = num(armature);
  if ((j.dynamics?.friction ?? 0) !== 0) common["frictionloss"] = num(j.dynamics?.friction ?? 0);
  const axis = jointAxis(j) ?? [1, 0, 0];
  switch (j.type) {
    case "fixed":
      return;
    case "revolute":
      body.ele("joint", { name: j.name, type: "hinge", axis: vec(axis), ...rangeAttrs(j), ...common });
      return;
    case "continuous":
      body.ele("joint", { name: j.name, type: "hinge", axis: vec(axis), ...common });
      return;
    case "prismatic":
      body.ele("joint", { name: j.name, type: "slide", axis: vec(axis), ...rangeAttrs(j), ...common });
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

/** `limited` and `range` of a revolute or prismatic joint ({@link mjcfJointRange}); empty when unlimited. */
function rangeAttrs(j: Joint): Record<string, string> {
  const r = mjcfJointRange(j);
  return r === undefined ? { limited: "false" } : { limited: "true", range: vec(r) };
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

function writeActuator(parent: XmlOutElement, j: Joint, servo: MjcfServoGains | undefined): void {
  const a = j.actuator;
  if (a === undefined) return;
  const gain = num(servo?.gain ?? a.pid?.p ?? 1);
  const name = mjcfNames.actuator(j.name, a.command);
  const effort = effortLimit(j);
  const force: Record<string, string> =
    effort !== undefined && effort > 0 ? { forcelimited: "true", forcerange: vec([-effort, effort]) } : {};
  switch (a.command) {
    case "position": {
      const r = mjcfJointRange(j);
      const range: Record<string, string> = r === undefined ? {} : { ctrllimited: "true", ctrlrange: vec(r) };
      parent.ele("position", { name, joint: j.name, kp: gain, ...range, ...force });
      return;
    }
    case "velocity": {
      const v = velocityLimit(j);
      const range: Record<string, string> =
        v !== undefined && v > 0 ? { ctrllimited: "true", ctrlrange: vec([-v, v]) } : {};
      parent.ele("velocity", { name, joint: j.name, kv: gain, ...range, ...force });
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
      // A receiver reports its velocity in the world (ENU-like) frame, not in the antenna's axes.
      parent.ele("framelinvel", {
        name: mjcfNames.sensorChannel(s.name, "framelinvel"),
        objtype: "site",
        objname: site,
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
