import { principalMoments } from "../../model/inertia.js";
import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule, RuleContext } from "../RuleContext.js";
import { isExtensionSubtree } from "./elementsNamed.js";
import { parseNumber } from "./numbers.js";
import { type LumpedBody, urdfLumpedBodies } from "./urdfLumpedInertials.js";

/** How a link is attached, which decides what a zero mass means to the consumers. */
type Attachment = "root" | "fixed" | "moving" | "static";

/**
 * Every link's inertial is physical: mass ≥ 0, principal moments ≥ 0 and satisfying the
 * triangle inequality (I1 + I2 ≥ I3): violations are errors, except in URDF where the link is
 * fixed into a rigid body that is physical as a whole (what Gazebo and MuJoCo simulate). A body
 * without mass or a zero principal moment loads everywhere but the engines treat it specially:
 * a warning that says how (URDF: judged per rigid body, as libsdformat drops a massless one).
 */
export const inertia: Rule = (ctx) => {
  let bodies: Map<string, LumpedBody> | undefined;
  const bodyOf = (link: string): LumpedBody | undefined => {
    if (ctx.format !== "urdf") return undefined;
    bodies ??= urdfLumpedBodies(ctx.root);
    return bodies.get(link);
  };
  // The links of each body, built once (a scan per link would be quadratic in links).
  let members: Map<LumpedBody, string[]> | undefined;
  const membersOf = (body: LumpedBody): readonly string[] => {
    if (members === undefined) {
      members = new Map();
      for (const [n, b] of bodies ?? []) {
        const list = members.get(b);
        if (list === undefined) members.set(b, [n]);
        else list.push(n);
      }
    }
    return members.get(body) ?? [];
  };
  for (const { link, attachment } of linksWithAttachment(ctx)) {
    const inertial = child(link, "inertial");
    if (inertial !== undefined) checkInertial(ctx, link, inertial, attachment, bodyOf);
    // URDF: libsdformat drops a body (links joined by fixed joints) without mass, and all below it.
    if (ctx.format !== "urdf") continue;
    const name = attr(link, "name") ?? "";
    const body = bodyOf(name);
    if (
      body === undefined ||
      body.root !== name ||
      body.inertial !== undefined ||
      (attachment === "root" && name === "world")
    )
      continue;
    const massEl = inertial === undefined ? undefined : child(inertial, "mass");
    const mass = massEl === undefined ? undefined : parseNumber(attr(massEl, "value") ?? "");
    if (mass !== undefined && !(mass >= 0)) continue; // negative or NaN: reported as an error
    const how = inertial === undefined ? "has no <inertial>" : "has mass 0";
    const fixedTo = membersOf(body).filter((n) => n !== name);
    const text = `link [${name}] ${how}${fixedTo.length > 0 ? `, nor do the links fixed to it (${fixedTo.slice(0, 4).join(", ")}${fixedTo.length > 4 ? ", …" : ""})` : ""}`;
    ctx.flag(attachment === "moving" ? "massZeroMoving" : "massZeroRoot", massEl ?? link, text);
  }
};

function linksWithAttachment(ctx: RuleContext): { link: XmlElement; attachment: Attachment }[] {
  const out: { link: XmlElement; attachment: Attachment }[] = [];
  const visit = (scope: XmlElement, isStatic: boolean): void => {
    const jointType = new Map<string, string>();
    for (const c of scope.children) {
      if (c.name !== "joint") continue;
      const childEl = child(c, "child");
      const name =
        ctx.format === "urdf" ? (childEl === undefined ? undefined : attr(childEl, "link")) : childEl?.text.trim();
      if (name !== undefined) jointType.set(name, attr(c, "type") ?? "");
    }
    const staticHere = isStatic || (ctx.format === "sdf" && child(scope, "static")?.text.trim() === "true");
    for (const c of scope.children) {
      if (isExtensionSubtree(c)) continue;
      if (c.name === "link") {
        const type = jointType.get(attr(c, "name") ?? "");
        const attachment: Attachment = staticHere
          ? "static"
          : type === undefined
            ? "root"
            : type === "fixed"
              ? "fixed"
              : "moving";
        out.push({ link: c, attachment });
      } else if (c.name === "model" || c.name === "world") visit(c, staticHere);
    }
  };
  visit(ctx.root, false);
  return out;
}

function value(ctx: RuleContext, el: XmlElement | undefined, name: string, fallback: number): number {
  if (el === undefined) return fallback;
  if (ctx.format === "urdf") return parseNumber(attr(el, name) ?? "") ?? fallback;
  const text = child(el, name)?.text.trim();
  return text === undefined || text === "" ? fallback : (parseNumber(text) ?? fallback);
}

function checkInertial(
  ctx: RuleContext,
  link: XmlElement,
  inertial: XmlElement,
  attachment: Attachment,
  bodyOf: (link: string) => LumpedBody | undefined,
): void {
  if (ctx.format === "sdf" && attr(inertial, "auto") === "true") return;
  const linkName = attr(link, "name") ?? "";
  const massEl = child(inertial, "mass");
  const inertiaEl = child(inertial, "inertia");
  const mass = ctx.format === "urdf" ? value(ctx, massEl, "value", Number.NaN) : value(ctx, inertial, "mass", 1);
  // URDF: a missing product of inertia reads as 0 (urdfdom and libsdformat); the schema reports it.
  const get = (n: string, d: number): number =>
    value(ctx, inertiaEl, n, ctx.format === "urdf" && d !== 0 ? Number.NaN : d);
  const [ixx, iyy, izz, ixy, ixz, iyz] = [
    get("ixx", 1),
    get("iyy", 1),
    get("izz", 1),
    get("ixy", 0),
    get("ixz", 0),
    get("iyz", 0),
  ];
  const at = massEl ?? inertial;
  if (!Number.isFinite(mass) && massEl !== undefined) return; // finiteNumbers reports it
  if (Number.isFinite(mass) && mass < 0) {
    ctx.flag("massNegative", at, `link [${linkName}] has mass ${mass}; mass must not be negative`);
    return;
  }
  const massless = mass === 0;
  // URDF links without mass are judged per rigid body (above); SDF links are bodies of their own.
  if (massless && ctx.format === "sdf")
    ctx.flag(attachment === "static" ? "massZeroStatic" : "massZeroMoving", at, `link [${linkName}] has mass 0`);
  if (inertiaEl === undefined || ![ixx, iyy, izz, ixy, ixz, iyz].every(Number.isFinite)) return;
  const [l1, l2, l3] = principalMoments({ ixx, ixy, ixz, iyy, iyz, izz });
  const scale = Math.max(Math.abs(ixx), Math.abs(iyy), Math.abs(izz), 1e-300);
  const tol = 1e-9 * scale;
  const moments = `${fmt(l1)}, ${fmt(l2)}, ${fmt(l3)}`;
  const problem = l1 < -tol ? "negative" : l1 + l2 < l3 - tol ? "triangle" : undefined;
  if (problem !== undefined) {
    const text =
      problem === "negative"
        ? `link [${linkName}] inertia tensor has a negative principal moment (principal moments ${moments})`
        : `link [${linkName}] principal moments ${moments} violate the triangle inequality (${fmt(l1)} + ${fmt(l2)} < ${fmt(l3)}); ${
            // Checked with ign sdf -k (Error Code 18, invalid inertia) and check_urdf.
            ctx.format === "urdf"
              ? "libsdformat 12 (Gazebo) refuses the link; urdfdom does not check inertia"
              : "libsdformat 12 (Gazebo) refuses the link"
          }`;
    // URDF: links joined by fixed joints are one rigid body to the simulators; judge the body.
    const body = bodyOf(linkName);
    if (body !== undefined && body.members.length > 1 && body.moments !== undefined && physical(body.moments)) {
      const others = body.members.filter((m) => m !== linkName);
      ctx.flag(
        "inertiaPartOfPhysicalBody",
        inertiaEl,
        `${text}; with ${others.slice(0, 4).join(", ")}${others.length > 4 ? ", …" : ""} (joined by fixed joints) it forms one body with principal moments ${body.moments.map(fmt).join(", ")}`,
      );
      return;
    }
    ctx.flag(problem === "negative" ? "inertiaNegativeMoment" : "inertiaTriangle", inertiaEl, text);
    return;
  }
  if (l1 <= tol && !massless && attachment !== "fixed" && attachment !== "static") {
    ctx.flag(
      "inertiaZeroMoment",
      inertiaEl,
      `link [${linkName}] inertia tensor has a zero principal moment (principal moments ${moments})`,
    );
  }
}

/** Principal moments (ascending) of a possible body: none negative, I1 + I2 ≥ I3 (relative tolerance 1e-9). */
function physical([l1, l2, l3]: readonly [number, number, number]): boolean {
  const tol = 1e-9 * Math.max(Math.abs(l1), Math.abs(l2), Math.abs(l3), 1e-300);
  return l1 >= -tol && l1 + l2 >= l3 - tol;
}

function fmt(v: number): string {
  const r = Number(v.toPrecision(6));
  return Object.is(r, -0) ? "0" : r.toString();
}
