import type { Geometry } from "../model/Geometry.js";
import type { Inertial } from "../model/Inertial.js";
import { shapeInertia } from "../model/inertia.js";
import type { Joint } from "../model/Joint.js";
import type { Link } from "../model/Link.js";
import type { Pose } from "../model/Pose.js";
import type { Robot } from "../model/Robot.js";
import { TsIdentifiers } from "./codegen/TsIdentifiers.js";
import { tsComment } from "./codegen/tsComment.js";
import { tsNumber as n } from "./codegen/tsNumber.js";
import { tsStringLiteral as str } from "./codegen/tsStringLiteral.js";
import { tsTemplateLiteral } from "./codegen/tsTemplateLiteral.js";
import { tsValue } from "./codegen/tsValue.js";
import { builderCalls } from "./codegen/builderCalls.js";
import { findRepeatedSubtrees, type RepeatedSubtree } from "./findRepeatedSubtrees.js";
import { assertNever } from "../util/assertNever.js";
import { type MeshSolidLink, meshKey } from "./meshSolidLinks.js";

/** Options of {@link robotToTypeScript}. */
export interface RobotToTypeScriptOptions {
  /** Where the robot came from (a file name), for the header comment. */
  readonly from: string;
  /** Module specifier robokit is imported from; default "robokit". */
  readonly importFrom?: string;
  /** Notes for the header: what the reader dropped or approximated. */
  readonly notes?: readonly string[];
  /**
   * Links to write as `solidLink` with their mesh and its measured mass properties (from
   * `meshSolidLinks`, by link name); each distinct mesh becomes one constant.
   */
  readonly meshSolidLinks?: ReadonlyMap<string, MeshSolidLink>;
}

/**
 * Every name a generated module declares or imports itself: no identifier made from input may
 * take one (a part named `box` must not shadow the `box` helper, nor a material `name` the
 * parameter of a part's function).
 */
const MODULE_NAMES = [
  "RobotBuilder",
  "Robot",
  "Pose",
  "solidLink",
  "box",
  "cylinder",
  "sphere",
  "capsule",
  "mesh",
  "robot",
  "b",
  "name",
  "parent",
  "origin",
];

function vec(v: readonly number[]): string {
  return `[${v.map(n).join(", ")}]`;
}

function isIdentity(p: Pose | undefined): boolean {
  return p === undefined || (p.xyz.every((x) => x === 0) && p.rpy.every((x) => x === 0));
}

function poseText(p: Pose): string {
  return `{ xyz: ${vec(p.xyz)}, rpy: ${vec(p.rpy)} }`;
}

/** `used` collects the shape helpers the text calls, for the import list. */
function geometryText(g: Geometry, used: Set<string>): string {
  used.add(g.type);
  switch (g.type) {
    case "box":
      return `box(${g.size.map(n).join(", ")})`;
    case "cylinder":
      return `cylinder(${n(g.radius)}, ${n(g.length)})`;
    case "sphere":
      return `sphere(${n(g.radius)})`;
    case "capsule":
      return `capsule(${n(g.radius)}, ${n(g.length)})`;
    case "mesh":
      return g.scale === undefined ? `mesh(${str(g.uri)})` : `mesh(${str(g.uri)}, ${vec(g.scale)})`;
    case "plane":
      return `plane(${vec(g.normal)}, [${g.size.map(n).join(", ")}])`;
    default:
      assertNever(g, "geometry type");
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * True when `link` is exactly what {@link solidLink} makes from one shape: one unnamed visual
 * and collision with the same geometry and origin, the inertial at that origin, and the
 * tensor equal to the homogeneous solid's within 1e-9 (relative).
 */
export function isSolidLink(link: Link): boolean {
  const v = link.visuals ?? [];
  const c = link.collisions ?? [];
  const i = link.inertial;
  if (v.length !== 1 || c.length !== 1 || i === undefined || link.sensors !== undefined) return false;
  const vis = v[0];
  const col = c[0];
  if (
    vis === undefined ||
    col === undefined ||
    vis.name !== undefined ||
    col.name !== undefined ||
    vis.inlineMaterial !== undefined
  )
    return false;
  if (!sameJson(vis.geometry, col.geometry) || vis.geometry.type === "mesh") return false;
  const origin = (p: Pose | undefined): string => JSON.stringify(p ?? { xyz: [0, 0, 0], rpy: [0, 0, 0] });
  if (origin(vis.origin) !== origin(col.origin) || origin(vis.origin) !== origin(i.origin)) return false;
  if (!(i.mass > 0)) return false;
  const t = shapeInertia(i.mass, vis.geometry);
  return (
    close(t.ixx, i.inertia.ixx) &&
    close(t.iyy, i.inertia.iyy) &&
    close(t.izz, i.inertia.izz) &&
    close(t.ixy, i.inertia.ixy) &&
    close(t.ixz, i.inertia.ixz) &&
    close(t.iyz, i.inertia.iyz)
  );
}

function inertialText(i: Inertial): string {
  const t = i.inertia;
  const origin = i.origin === undefined ? "" : `, origin: ${poseText(i.origin)}`;
  return `{ mass: ${n(i.mass)}${origin}, inertia: { ixx: ${n(t.ixx)}, ixy: ${n(t.ixy)}, ixz: ${n(t.ixz)}, iyy: ${n(t.iyy)}, iyz: ${n(t.iyz)}, izz: ${n(t.izz)} } }`;
}

/** Writes a name: literal, or a template with `${name}` where the instance token stands. */
type NameWriter = (s: string) => string;

/** A material reference: its constant's name, or the name itself when the robot does not declare it. */
function materialRef(m: string, materials: Map<string, string>): string {
  const id = materials.get(m);
  return id === undefined ? str(m) : `${id}.name`;
}

/** The mesh-form solidLinks of a module: the constant holding each link's mesh properties. */
type MeshSolidIds = ReadonlyMap<string, string>;

function linkText(
  link: Link,
  name: NameWriter,
  materials: Map<string, string>,
  indent: string,
  used: Set<string>,
  meshSolids: MeshSolidIds,
): string {
  const mat = (m: string | undefined): string => (m === undefined ? "" : `, material: ${materialRef(m, materials)}`);
  const meshId = meshSolids.get(link.name);
  if (isSolidLink(link) || meshId !== undefined) {
    const vis = link.visuals?.[0];
    const col = link.collisions?.[0];
    const i = link.inertial;
    if (vis !== undefined && col !== undefined && i !== undefined) {
      const origin = isIdentity(vis.origin) || vis.origin === undefined ? "" : `, origin: ${poseText(vis.origin)}`;
      const surface = col.surface === undefined ? "" : `, surface: ${tsValue(col.surface)}`;
      // Shape-derived inertia: the tensor in the file equals the homogeneous solid's (1e-9), or
      // the mesh's solid's (MESH_SOLID_TOLERANCE), whose measured properties are a constant.
      const props = meshId === undefined ? "" : `, meshMassProperties: ${meshId}`;
      return `solidLink(${name(link.name)}, { shape: ${geometryText(vis.geometry, used)}, mass: ${n(i.mass)}${origin}${mat(vis.material)}${surface}${props} })`;
    }
  }
  const parts: string[] = [`name: ${name(link.name)}`];
  if (link.visuals !== undefined) {
    const vs = link.visuals.map((v) => {
      const f = [
        v.name === undefined ? "" : `name: ${str(v.name)}`,
        v.origin === undefined ? "" : `origin: ${poseText(v.origin)}`,
        `geometry: ${geometryText(v.geometry, used)}`,
        v.material === undefined ? "" : `material: ${materialRef(v.material, materials)}`,
        v.inlineMaterial === undefined ? "" : `inlineMaterial: ${tsValue(v.inlineMaterial)}`,
      ].filter((s) => s !== "");
      return `{ ${f.join(", ")} }`;
    });
    parts.push(
      `visuals: [${vs.length > 1 ? `\n${indent}    ${vs.join(`,\n${indent}    `)},\n${indent}  ` : (vs[0] ?? "")}]`,
    );
  }
  if (link.collisions !== undefined) {
    const cs = link.collisions.map((c) => {
      const f = [
        c.name === undefined ? "" : `name: ${str(c.name)}`,
        c.origin === undefined ? "" : `origin: ${poseText(c.origin)}`,
        `geometry: ${geometryText(c.geometry, used)}`,
        c.surface === undefined ? "" : `surface: ${tsValue(c.surface)}`,
      ].filter((s) => s !== "");
      return `{ ${f.join(", ")} }`;
    });
    parts.push(
      `collisions: [${cs.length > 1 ? `\n${indent}    ${cs.join(`,\n${indent}    `)},\n${indent}  ` : (cs[0] ?? "")}]`,
    );
  }
  if (link.inertial !== undefined) parts.push(`inertial: ${inertialText(link.inertial)}`);
  if (link.sensors !== undefined) parts.push(`sensors: ${tsValue(link.sensors)}`);
  if (parts.length === 1) return `{ ${parts[0] ?? ""} }`;
  return `{\n${indent}  ${parts.join(`,\n${indent}  `)},\n${indent}}`;
}

/** `isRoot`: the subtree's attaching joint, whose parent and origin are the function's parameters. */
function jointText(joint: Joint, name: NameWriter, indent: string, isRoot = false): string {
  const override = isRoot ? true : undefined;
  const parts: string[] = [
    `name: ${name(joint.name)}`,
    `type: ${str(joint.type)}`,
    override === undefined ? `parent: ${name(joint.parent)}` : "parent",
    `child: ${name(joint.child)}`,
  ];
  if (override !== undefined) parts.push("origin");
  else if (joint.origin !== undefined) parts.push(`origin: ${poseText(joint.origin)}`);
  if (joint.type !== "floating" && joint.axis !== undefined) parts.push(`axis: ${vec(joint.axis)}`);
  if ((joint.type === "revolute" || joint.type === "prismatic") && joint.limit !== undefined) {
    const l = joint.limit;
    parts.push(
      `limit: { lower: ${n(l.lower)}, upper: ${n(l.upper)}, effort: ${n(l.effort)}, velocity: ${n(l.velocity)} }`,
    );
  } else if ((joint.type === "continuous" || joint.type === "planar") && joint.limit !== undefined) {
    const l = joint.limit;
    // Bounds the file wrote on a joint without any are kept as read (urdfdom parses them).
    const bounds = (["lower", "upper"] as const).flatMap((k) => (l[k] === undefined ? [] : [`${k}: ${n(l[k])}, `]));
    parts.push(`limit: { ${bounds.join("")}effort: ${n(l.effort)}, velocity: ${n(l.velocity)} }`);
  } else if (joint.type === "fixed" && joint.limit !== undefined) {
    // A fixed joint's limit keeps only the fields the file gave.
    const fields = (["lower", "upper", "effort", "velocity"] as const).flatMap((k) =>
      joint.limit?.[k] === undefined ? [] : [`${k}: ${n(joint.limit[k])}`],
    );
    parts.push(`limit: { ${fields.join(", ")} }`);
  }
  switch (joint.type) {
    case "universal":
    case "revolute2":
    case "screw":
    case "gearbox":
      // SDF-only joints keep each limit field the file gave (tsValue writes numbers exactly).
      if (joint.type === "screw") parts.push(`threadPitch: ${n(joint.threadPitch)}`);
      if (joint.type === "gearbox")
        parts.push(
          `gearboxRatio: ${n(joint.gearboxRatio)}`,
          `gearboxReferenceBody: ${name(joint.gearboxReferenceBody)}`,
        );
      if (joint.limit !== undefined) parts.push(`limit: ${tsValue(joint.limit)}`);
      if (joint.type !== "screw" && joint.second !== undefined) parts.push(`second: ${tsValue(joint.second)}`);
      break;
    case "fixed":
    case "revolute":
    case "continuous":
    case "prismatic":
    case "floating":
    case "planar":
    case "ball":
      break;
    default:
      assertNever(joint, "joint type");
  }
  if (
    (joint.type === "revolute" ||
      joint.type === "continuous" ||
      joint.type === "prismatic" ||
      joint.type === "fixed") &&
    joint.mimic !== undefined
  ) {
    const m = joint.mimic;
    parts.push(
      `mimic: { joint: ${name(m.joint)}${m.multiplier === undefined ? "" : `, multiplier: ${n(m.multiplier)}`}${m.offset === undefined ? "" : `, offset: ${n(m.offset)}`} }`,
    );
  }
  for (const key of ["dynamics", "safetyController", "calibration", "actuator"] as const) {
    const v = joint[key];
    if (v !== undefined) parts.push(`${key}: ${tsValue(v)}`);
  }
  return `{\n${indent}  ${parts.join(`,\n${indent}  `)},\n${indent}}`;
}

/**
 * Writes a robot as the TypeScript module a person would write with robokit's builder:
 * materials as constants, `solidLink` where the inertia is the shape's, one function per
 * repeated subtree (wheels, legs, fingers) called once per instance with its name, parent
 * and offset, mesh URIs and names as they are, and every number in its exact shortest form
 * (JavaScript reads back the same double). The module exports `robot`.
 *
 * Input text (names, URIs, the file name, notes, kept XML) reaches the module only through the
 * escapers in src/import/codegen (docs/security-codegen.md): string and template literals,
 * identifiers from {@link TsIdentifiers}, comment text from {@link tsComment}. Loading the
 * module runs no code the input wrote.
 */
export function robotToTypeScript(robot: Robot, options: RobotToTypeScriptOptions): string {
  const from = options.importFrom ?? "robokit";
  const identifiers = new TsIdentifiers(MODULE_NAMES);
  const materials = new Map<string, string>();
  const out: string[] = [];
  const used = new Set<string>(["RobotBuilder", "type Robot"]);
  const header = [
    `/**`,
    ` * ${tsComment(robot.name)}: imported by \`robokit import\` from ${tsComment(options.from)}.`,
    ` * Building this module gives the same links, joints, poses, inertias, geometry and materials.`,
  ];
  for (const note of options.notes ?? []) header.push(note === "" ? " *" : ` * ${tsComment(note)}`);
  if (robot.imported !== undefined)
    header.push(
      " *",
      " * Kept as the file says: values robokit refuses in an authored robot (listed in `importedAsRead`) are warnings.",
    );
  header.push(" */");
  const body: string[] = [];
  const materialIds: string[] = [];
  for (const m of robot.materials ?? []) {
    const id = identifiers.fromName(`${m.name}_material`, "material");
    materialIds.push(id);
    if (!materials.has(m.name)) materials.set(m.name, id);
    body.push(
      `const ${id} = { name: ${str(m.name)}, rgba: ${vec(m.rgba)}${m.texture === undefined ? "" : `, texture: ${str(m.texture)}`} } as const;`,
    );
  }
  if (body.length > 0) body.push("");

  // One constant per measured mesh (and scale), shared by the links built from it.
  const meshSolids = new Map<string, string>();
  const meshIds = new Map<string, string>();
  for (const [linkName, m] of options.meshSolidLinks ?? []) {
    if (!robot.links.some((l) => l.name === linkName)) continue;
    const key = meshKey(m.mesh);
    let id = meshIds.get(key);
    if (id === undefined) {
      const file = m.mesh.uri.split(/[/\\]/).pop() ?? "";
      id = identifiers.fromName(`${file.replace(/\.[^.]*$/, "")}_solid`, "meshSolid");
      meshIds.set(key, id);
      const p = m.properties;
      const t = p.unitInertia;
      body.push(
        `/** The uniform solid bounded by ${tsComment(m.mesh.uri)}${m.mesh.scale === undefined ? "" : ` (scale ${m.mesh.scale.map(n).join(" ")})`}, per unit density (volume m³, com and size m, unitInertia m⁵, mesh axes): measured from the mesh file by \`robokit import\`, as \`robokit inertia\` does. */`,
        `const ${id} = { volume: ${n(p.volume)}, com: ${vec(p.com)}, size: ${vec(p.size)}, unitInertia: { ixx: ${n(t.ixx)}, ixy: ${n(t.ixy)}, ixz: ${n(t.ixz)}, iyy: ${n(t.iyy)}, iyz: ${n(t.iyz)}, izz: ${n(t.izz)} }, method: "closed-mesh" } as const;`,
      );
    }
    meshSolids.set(linkName, id);
  }
  if (meshIds.size > 0) body.push("");

  // Parts whose calls would change the order of links or joints are written out instead.
  const { calls, groups } = builderCalls(robot, findRepeatedSubtrees(robot));

  // One function per repeated subtree, written from its first instance.
  const fnNames = new Map<RepeatedSubtree, string>();
  for (const g of groups) {
    const first = g.instances[0];
    if (first === undefined) continue;
    const fn = identifiers.fromName(g.label, "part");
    fnNames.set(g, fn);
    const token = first.token;
    // Only the part's own names follow the token; a reference out of the part (a mimicked
    // joint) is the same for every instance, even when the token is part of its name.
    const own = new Set([...first.links, ...first.joints]);
    const name: NameWriter = (s) => {
      const texts = s.split(token);
      return texts.length === 1 || !own.has(s)
        ? str(s)
        : tsTemplateLiteral(
            texts,
            texts.slice(1).map(() => "name"),
          );
    };
    const links = robot.links.filter((l) => first.links.includes(l.name));
    const joints = (robot.joints ?? []).filter((j) => first.joints.includes(j.name));
    body.push(
      `/** One ${tsComment(g.label)} (${g.instances.length} on the robot: ${g.instances.map((i) => tsComment(i.token)).join(", ")}). \`name\` replaces "${tsComment(token)}" in its link and joint names. */`,
    );
    body.push(`function ${fn}(b: RobotBuilder, name: string, parent: string, origin: Pose): RobotBuilder {`);
    body.push("  return b");
    for (const l of links) {
      if (isSolidLink(l) || meshSolids.has(l.name)) used.add("solidLink");
      body.push(`    .link(${linkText(l, name, materials, "    ", used, meshSolids)})`);
    }
    for (const j of joints) {
      const isRoot = j.name === first.rootJoint;
      body.push(`    .joint(${jointText(j, name, "    ", isRoot)})`);
    }
    body[body.length - 1] += ";";
    body.push("}", "");
    used.add("type Pose");
  }

  body.push(`const b = new RobotBuilder(${str(robot.name)});`);
  for (const [i, m] of (robot.materials ?? []).entries()) {
    const id = materialIds[i] ?? "";
    body.push(`b.material(${id}.name, ${id}.rgba${m.texture === undefined ? "" : `, ${id}.texture`});`);
  }
  const literal: NameWriter = str;
  const linkByName = new Map(robot.links.map((l) => [l.name, l]));
  const jointByName = new Map((robot.joints ?? []).map((j) => [j.name, j]));
  for (const call of calls) {
    switch (call.kind) {
      case "part": {
        const i = call.instance;
        const root = jointByName.get(i.rootJoint);
        if (root === undefined) break;
        body.push(
          `${fnNames.get(call.group) ?? ""}(b, ${str(i.token)}, ${str(root.parent)}, ${poseText(root.origin ?? { xyz: [0, 0, 0], rpy: [0, 0, 0] })});`,
        );
        break;
      }
      case "link": {
        const l = linkByName.get(call.name);
        if (l === undefined) break;
        if (isSolidLink(l) || meshSolids.has(l.name)) used.add("solidLink");
        body.push(`b.link(${linkText(l, literal, materials, "", used, meshSolids)});`);
        break;
      }
      case "joint": {
        const j = jointByName.get(call.name);
        if (j !== undefined) body.push(`b.joint(${jointText(j, literal, "")});`);
        break;
      }
      default:
        assertNever(call);
    }
  }
  if (robot.pose !== undefined) {
    body.push(`b.pose(${poseText(robot.pose)});`);
  }
  if (robot.drive !== undefined) body.push(`b.drive(${tsValue(robot.drive)});`);
  if (robot.package !== undefined) body.push(`b.packageInfo(${tsValue(robot.package)});`);
  if (robot.imported !== undefined) {
    // Kept as the file says: build() reports these as warnings (see the header).
    const findings = robot.imported.findings ?? [];
    body.push(
      findings.length === 0
        ? "b.importedAsRead();"
        : `b.importedAsRead([\n${findings.map((f) => `  ${str(f)},`).join("\n")}\n]);`,
    );
  }
  for (const block of robot.xmlBlocks ?? []) {
    body.push(`b.xmlBlock(${str(block.format)}, ${tsTemplateLiteral([block.xml])});`);
  }
  body.push("", `/** ${tsComment(robot.name)}. */`, "export const robot: Robot = b.build();", "");
  const text = body.join("\n");
  const names = [...used].sort((a, b) => a.replace("type ", "").localeCompare(b.replace("type ", "")));
  out.push(...header, `import { ${names.join(", ")} } from ${str(from)};`, "", text);
  return out.join("\n");
}
