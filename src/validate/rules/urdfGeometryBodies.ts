import { composePoses } from "../../model/Pose.js";
import type { Vec3 } from "../../model/Vector.js";
import { attr, child, childrenNamed, type XmlElement } from "../../parse/XmlDocument.js";
import type { GeometryBody, GeometryCollision, GeometryShape } from "./GeometryBody.js";
import { parseNumber, parseNumbers } from "./numbers.js";
import { urdfLumpedBodies } from "./urdfLumpedInertials.js";

/**
 * A URDF robot's rigid bodies for the geometry rule: links joined by fixed joints lumped, as
 * Gazebo and MuJoCo simulate them, in the body root's frame. A body is reported at its root
 * link's `<inertial>` when that has mass, else at the heaviest member's. Bodies without mass are
 * left out (the inertia rule's finding).
 */
export function urdfGeometryBodies(root: XmlElement): GeometryBody[] {
  const links = new Map<string, XmlElement>();
  for (const l of childrenNamed(root, "link"))
    if (!links.has(attr(l, "name") ?? "")) links.set(attr(l, "name") ?? "", l);
  if (![...links.values()].some((l) => child(l, "collision") !== undefined && child(l, "inertial") !== undefined))
    return [];
  const reference = referenceSize(root);
  const out: GeometryBody[] = [];
  const seen = new Set<unknown>();
  for (const body of urdfLumpedBodies(root).values()) {
    if (seen.has(body)) continue;
    seen.add(body);
    const inertial = body.inertial;
    if (inertial === undefined || !(inertial.mass > 0) || !Number.isFinite(inertial.mass)) continue;
    const anchorName = body.members.includes(body.root) ? body.root : body.members[0];
    const anchor = anchorName === undefined ? undefined : links.get(anchorName);
    const anchorInertial = anchor === undefined ? undefined : child(anchor, "inertial");
    if (anchorInertial === undefined) continue;
    const collisions: GeometryCollision[] = [];
    for (const [name, linkPose] of body.poses) {
      const link = links.get(name);
      if (link === undefined) continue;
      for (const collision of childrenNamed(link, "collision")) {
        const origin = child(collision, "origin");
        const xyz = vec(origin === undefined ? undefined : attr(origin, "xyz"), [0, 0, 0]);
        const rpy = vec(origin === undefined ? undefined : attr(origin, "rpy"), [0, 0, 0]);
        const geometry = child(collision, "geometry");
        const shape = geometry?.children.length === 1 ? geometry.children[0] : undefined;
        collisions.push({
          link: name,
          pose: xyz === undefined || rpy === undefined ? linkPose : composePoses(linkPose, { xyz, rpy }),
          shape: xyz === undefined || rpy === undefined || shape === undefined ? undefined : shapeOf(shape),
        });
      }
    }
    const others = [...body.poses.keys()].filter((n) => n !== anchorName);
    const origin = child(anchorInertial, "origin");
    const massEl = child(anchorInertial, "mass");
    out.push({
      name: `${anchorName ?? body.root}${others.length > 0 ? ` (with ${others.slice(0, 4).join(", ")}${others.length > 4 ? ", …" : ""}, joined by fixed joints)` : ""}`,
      frameNote: others.length > 0 ? ` in link [${body.root}]'s frame` : "",
      inertial,
      ...(body.moments === undefined ? {} : { moments: body.moments }),
      massAt: massEl === undefined ? { element: anchorInertial } : { element: massEl, attribute: "value" },
      inertiaAt: { element: child(anchorInertial, "inertia") ?? anchorInertial },
      comAt: origin === undefined ? { element: anchorInertial } : { element: origin, attribute: "xyz" },
      collisions,
      reference,
      format: "URDF",
    });
  }
  return out;
}

function shapeOf(shape: XmlElement): GeometryShape | undefined {
  const positive = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v) && v > 0;
  switch (shape.name) {
    case "box": {
      const size = vec(attr(shape, "size"), undefined);
      return size?.every(positive) ? { kind: "box", size } : undefined;
    }
    case "cylinder": {
      const radius = parseNumber(attr(shape, "radius") ?? "");
      const length = parseNumber(attr(shape, "length") ?? "");
      return positive(radius) && positive(length) ? { kind: "cylinder", radius, length } : undefined;
    }
    case "sphere": {
      const radius = parseNumber(attr(shape, "radius") ?? "");
      return positive(radius) ? { kind: "sphere", radius } : undefined;
    }
    case "mesh": {
      const uri = attr(shape, "filename")?.trim();
      const scale = vec(attr(shape, "scale"), [1, 1, 1]);
      if (uri === undefined || uri === "" || scale === undefined) return undefined;
      return {
        kind: "mesh",
        uri,
        scale,
        uriAt: { element: shape, attribute: "filename" },
        scaleAt: { element: shape, attribute: "scale" },
      };
    }
    default:
      return undefined;
  }
}

/** The robot's reference size (m): its largest joint offset or primitive shape (collision or visual); 0 when it has none. */
function referenceSize(root: XmlElement): number {
  let size = 0;
  for (const joint of childrenNamed(root, "joint")) {
    const origin = child(joint, "origin");
    const xyz = vec(origin === undefined ? undefined : attr(origin, "xyz"), [0, 0, 0]);
    if (xyz !== undefined) size = Math.max(size, Math.hypot(...xyz));
  }
  for (const link of childrenNamed(root, "link")) {
    for (const holder of [...childrenNamed(link, "collision"), ...childrenNamed(link, "visual")]) {
      const shape = child(holder, "geometry")?.children[0];
      if (shape === undefined) continue;
      const numbers =
        shape.name === "box"
          ? (vec(attr(shape, "size"), undefined) ?? [])
          : shape.name === "cylinder"
            ? [2 * (parseNumber(attr(shape, "radius") ?? "") ?? 0), parseNumber(attr(shape, "length") ?? "") ?? 0]
            : shape.name === "sphere"
              ? [2 * (parseNumber(attr(shape, "radius") ?? "") ?? 0)]
              : [];
      for (const n of numbers) if (Number.isFinite(n)) size = Math.max(size, n);
    }
  }
  return size;
}

function vec(text: string | undefined, fallback: Vec3 | undefined): Vec3 | undefined {
  if (text === undefined || text.trim() === "") return fallback;
  const n = parseNumbers(text);
  if (n === undefined || n.length !== 3 || !n.every(Number.isFinite)) return undefined;
  return [n[0]!, n[1]!, n[2]!];
}
