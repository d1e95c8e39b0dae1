import { principalMoments } from "../../model/inertia.js";
import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule, RuleContext } from "../RuleContext.js";
import type { Finding } from "../severityPolicy.js";
import { isExtensionSubtree } from "./elementsNamed.js";
import { parseNumber } from "./numbers.js";

/** How a link is attached, which decides what a zero mass means to the consumers. */
type Attachment = "root" | "fixed" | "moving" | "static";

/**
 * Every link's inertial is physical: mass ≥ 0, principal moments ≥ 0 and satisfying the
 * triangle inequality (I1 + I2 ≥ I3): violations are errors. A zero mass or a zero principal
 * moment loads everywhere but the physics engines treat it specially: a warning that says how,
 * depending on whether the link is the root, fixed to its parent, or moved by a joint.
 */
export const inertia: Rule = (ctx) => {
  for (const { link, attachment } of linksWithAttachment(ctx)) {
    const inertial = child(link, "inertial");
    if (inertial !== undefined) checkInertial(ctx, link, inertial, attachment);
  }
};

function linksWithAttachment(ctx: RuleContext): { link: XmlElement; attachment: Attachment }[] {
  const out: { link: XmlElement; attachment: Attachment }[] = [];
  const visit = (scope: XmlElement, isStatic: boolean): void => {
    const jointType = new Map<string, string>();
    for (const c of scope.children) {
      if (c.name !== "joint") continue;
      const childEl = child(c, "child");
      const name = ctx.format === "urdf" ? (childEl === undefined ? undefined : attr(childEl, "link")) : childEl?.text.trim();
      if (name !== undefined) jointType.set(name, attr(c, "type") ?? "");
    }
    const staticHere = isStatic || (ctx.format === "sdf" && child(scope, "static")?.text.trim() === "true");
    for (const c of scope.children) {
      if (isExtensionSubtree(c)) continue;
      if (c.name === "link") {
        const type = jointType.get(attr(c, "name") ?? "");
        const attachment: Attachment = staticHere ? "static" : type === undefined ? "root" : type === "fixed" ? "fixed" : "moving";
        out.push({ link: c, attachment });
      } else if (c.name === "model" || c.name === "world") visit(c, staticHere);
    }
  };
  visit(ctx.root, false);
  return out;
}

const zeroMass: Record<Attachment, Finding> = { root: "massZeroRoot", fixed: "massZeroFixed", moving: "massZeroMoving", static: "massZeroStatic" };

function value(ctx: RuleContext, el: XmlElement | undefined, name: string, fallback: number): number {
  if (el === undefined) return fallback;
  if (ctx.format === "urdf") return parseNumber(attr(el, name) ?? "") ?? fallback;
  const text = child(el, name)?.text.trim();
  return text === undefined || text === "" ? fallback : (parseNumber(text) ?? fallback);
}

function checkInertial(ctx: RuleContext, link: XmlElement, inertial: XmlElement, attachment: Attachment): void {
  if (ctx.format === "sdf" && attr(inertial, "auto") === "true") return;
  const linkName = attr(link, "name") ?? "";
  const massEl = child(inertial, "mass");
  const inertiaEl = child(inertial, "inertia");
  const mass = ctx.format === "urdf" ? value(ctx, massEl, "value", Number.NaN) : value(ctx, inertial, "mass", 1);
  // URDF: a missing product of inertia reads as 0 (urdfdom and libsdformat); the schema reports it.
  const get = (n: string, d: number): number => value(ctx, inertiaEl, n, ctx.format === "urdf" && d !== 0 ? Number.NaN : d);
  const [ixx, iyy, izz, ixy, ixz, iyz] = [get("ixx", 1), get("iyy", 1), get("izz", 1), get("ixy", 0), get("ixz", 0), get("iyz", 0)];
  const at = massEl ?? inertial;
  if (!Number.isFinite(mass) && massEl !== undefined) return; // finiteNumbers reports it
  if (Number.isFinite(mass) && mass < 0) {
    ctx.flag("massNegative", at, `link [${linkName}] has mass ${mass}; mass must not be negative`);
    return;
  }
  const massless = mass === 0;
  if (massless) ctx.flag(zeroMass[attachment], at, `link [${linkName}] has mass 0`);
  if (inertiaEl === undefined || ![ixx, iyy, izz, ixy, ixz, iyz].every(Number.isFinite)) return;
  const [l1, l2, l3] = principalMoments({ ixx, ixy, ixz, iyy, iyz, izz });
  const scale = Math.max(Math.abs(ixx), Math.abs(iyy), Math.abs(izz), 1e-300);
  const tol = 1e-9 * scale;
  const moments = `${fmt(l1)}, ${fmt(l2)}, ${fmt(l3)}`;
  if (l1 < -tol) {
    ctx.flag("inertiaNegativeMoment", inertiaEl, `link [${linkName}] inertia tensor has a negative principal moment (principal moments ${moments})`);
    return;
  }
  if (l1 + l2 < l3 - tol) {
    ctx.flag("inertiaTriangle", inertiaEl, `link [${linkName}] principal moments ${moments} violate the triangle inequality (${fmt(l1)} + ${fmt(l2)} < ${fmt(l3)})`);
    return;
  }
  if (l1 <= tol && !massless && attachment !== "fixed" && attachment !== "static") {
    ctx.flag("inertiaZeroMoment", inertiaEl, `link [${linkName}] inertia tensor has a zero principal moment (principal moments ${moments})`);
  }
}

function fmt(v: number): string {
  const r = Number(v.toPrecision(6));
  return Object.is(r, -0) ? "0" : r.toString();
}
