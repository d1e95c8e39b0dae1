import { isTreeJoint, type Joint } from "../../model/Joint.js";
import { rootLink } from "../../model/linkPoses.js";
import type { Robot } from "../../model/Robot.js";
import { mjcfStaticLinks } from "./mjcfStaticLinks.js";
import { mjcfWorldLink } from "./mjcfWorldLink.js";

/** Where each link's body goes in MJCF and which bodies move. */
export interface MjcfBodyLayout {
  /** A URDF `world` root link: its geoms go in `<worldbody>` and its child joints hang from it. */
  readonly worldLink?: string;
  /** The root link given a `<freejoint>` (a robot not bolted to the world, on a floor). */
  readonly freeRoot?: string;
  /** The root link written in `<worldbody>` without a joint (`world: "none"`). */
  readonly fixedRoot?: string;
  /** Tree joints by parent link, in declaration order. */
  readonly children: ReadonlyMap<string, readonly Joint[]>;
  /** Links whose body carries a joint element (the free root, and every child of a moving joint). */
  readonly moving: ReadonlySet<string>;
  /** Links welded to the world ({@link mjcfStaticLinks}). */
  readonly staticLinks: ReadonlySet<string>;
  /** The robot brings its own ground: a plane geom in a static body. No floor is added then. */
  readonly hasGround: boolean;
}

/**
 * The body tree of a robot's MJCF: a URDF `world` root link becomes MuJoCo's world body (a
 * robot bolted down or placed by its joints to `world`: no free joint); otherwise the root is
 * free on the floor (`world: "plane"`) or fixed (`"none"`). Moving bodies are those whose
 * tree joint MJCF writes as a joint element: every type but fixed and screw (welded).
 */
export function mjcfBodyLayout(robot: Robot, world: "plane" | "none"): MjcfBodyLayout {
  const worldLink = mjcfWorldLink(robot);
  const root = rootLink(robot);
  const children = new Map<string, Joint[]>();
  const moving = new Set<string>();
  for (const j of robot.joints ?? []) {
    if (!isTreeJoint(j)) continue;
    const list = children.get(j.parent);
    if (list === undefined) children.set(j.parent, [j]);
    else list.push(j);
    if (j.type !== "fixed" && j.type !== "screw") moving.add(j.child);
  }
  const freeRoot = worldLink === undefined && world === "plane" ? root : undefined;
  if (freeRoot !== undefined) moving.add(freeRoot);
  const fixedRoot = worldLink === undefined && world === "none" ? root : undefined;
  const staticLinks = mjcfStaticLinks(robot, world);
  const hasGround = robot.links.some(
    (l) => staticLinks.has(l.name) && (l.collisions ?? []).some((c) => c.geometry.type === "plane"),
  );
  return {
    ...(worldLink === undefined ? {} : { worldLink }),
    ...(freeRoot === undefined ? {} : { freeRoot }),
    ...(fixedRoot === undefined ? {} : { fixedRoot }),
    children,
    moving,
    staticLinks,
    hasGround,
  };
}
