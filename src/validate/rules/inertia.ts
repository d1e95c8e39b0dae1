import { principalMoments } from "../../model/inertia.js";
import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule, RuleContext } from "../RuleContext.js";
import { elementsNamed } from "./elementsNamed.js";
import { parseNumber } from "./numbers.js";

/**
 * Every link's inertial is physical: mass > 0, the inertia tensor positive definite, and its
 * principal moments satisfy the triangle inequality (I1 + I2 ≥ I3). libsdformat accepts
 * zero mass and zero moments; robokit reports them, since physics engines drop such links.
 */
export const inertia: Rule = (ctx) => {
  for (const link of elementsNamed(ctx.root, "link")) {
    const inertial = child(link, "inertial");
    if (inertial !== undefined) checkInertial(ctx, link, inertial);
  }
};

function value(ctx: RuleContext, el: XmlElement | undefined, name: string, fallback: number): number {
  if (el === undefined) return fallback;
  if (ctx.format === "urdf") return parseNumber(attr(el, name) ?? "") ?? fallback;
  const text = child(el, name)?.text.trim();
  return text === undefined || text === "" ? fallback : (parseNumber(text) ?? fallback);
}

function checkInertial(ctx: RuleContext, link: XmlElement, inertial: XmlElement): void {
  if (ctx.format === "sdf" && attr(inertial, "auto") === "true") return;
  const linkName = attr(link, "name") ?? "";
  const massEl = child(inertial, "mass");
  const inertiaEl = child(inertial, "inertia");
  const mass = ctx.format === "urdf" ? value(ctx, massEl, "value", Number.NaN) : value(ctx, inertial, "mass", 1);
  const get = (n: string, d: number): number => value(ctx, inertiaEl, n, ctx.format === "urdf" ? Number.NaN : d);
  const [ixx, iyy, izz, ixy, ixz, iyz] = [get("ixx", 1), get("iyy", 1), get("izz", 1), get("ixy", 0), get("ixz", 0), get("iyz", 0)];
  const at = massEl ?? inertial;
  if (!Number.isFinite(mass) && massEl !== undefined) return; // finiteNumbers reports it
  if (Number.isFinite(mass) && mass <= 0) {
    ctx.report("LINK_INERTIA_INVALID", "error", at, `link [${linkName}] has mass ${mass}; mass must be positive`);
    return;
  }
  if (inertiaEl === undefined || ![ixx, iyy, izz, ixy, ixz, iyz].every(Number.isFinite)) return;
  const [l1, l2, l3] = principalMoments({ ixx, ixy, ixz, iyy, iyz, izz });
  const scale = Math.max(Math.abs(ixx), Math.abs(iyy), Math.abs(izz), 1e-300);
  const tol = 1e-9 * scale;
  if (l1 <= tol) {
    ctx.report(
      "LINK_INERTIA_INVALID",
      "error",
      inertiaEl,
      `link [${linkName}] inertia tensor is not positive definite (principal moments ${fmt(l1)}, ${fmt(l2)}, ${fmt(l3)})`,
    );
    return;
  }
  if (l1 + l2 < l3 - tol) {
    ctx.report(
      "LINK_INERTIA_INVALID",
      "error",
      inertiaEl,
      `link [${linkName}] principal moments ${fmt(l1)}, ${fmt(l2)}, ${fmt(l3)} violate the triangle inequality (${fmt(l1)} + ${fmt(l2)} < ${fmt(l3)})`,
    );
  }
}

function fmt(v: number): string {
  return Number(v.toPrecision(6)).toString();
}
