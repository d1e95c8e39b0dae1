import { principalMoments } from "../../model/inertia.js";
import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule, RuleContext } from "../RuleContext.js";
import { isExtensionSubtree } from "./elementsNamed.js";
import { parseNumber } from "./numbers.js";
import { urdfGazeboLinks } from "./urdfGazeboLinks.js";
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
  for (const { link, attachment } of linksWithAttachment(ctx)) {
    const inertial = child(link, "inertial");
    if (inertial !== undefined) checkInertial(ctx, link, inertial, attachment, bodyOf);
  }
  if (ctx.format === "urdf") reportGazeboDrops(ctx);
};

function listed(names: readonly string[]): string {
  return `[${names.slice(0, 6).join("], [")}]${names.length > 6 ? ` and ${names.length - 6} more` : ""}`;
}

/**
 * URDF: libsdformat 12 leaves out a link without mass (after fixed-joint reduction) with every
 * link below it. When no link is left it refuses the robot (an error); otherwise a warning per
 * link where it stops, naming the links Gazebo never sees.
 */
function reportGazeboDrops(ctx: RuleContext): void {
  const gz = urdfGazeboLinks(ctx.root);
  if (gz === undefined) return;
  for (const { link, joint, type } of gz.unjointed) {
    const el = ctx.root.children.find((c) => c.name === "joint" && attr(c, "name") === joint);
    ctx.flag(
      "urdfGazeboUnsupportedJoint",
      el ?? ctx.root,
      `libsdformat 12 (Gazebo) refuses the robot: its URDF reader writes no SDF joint for the ${type} joint [${joint}] but places link [${link}] relative to it (Error Code 25: relative_to name not found); urdfdom (check_urdf, RViz) loads it`,
      "type",
    );
  }
  for (const { link, cause } of gz.nonFinite) {
    const el = ctx.root.children.find((c) => c.name === "link" && attr(c, "name") === link);
    ctx.flag(
      "urdfGazeboNonFiniteInertial",
      el ?? ctx.root,
      `libsdformat 12 (Gazebo) refuses the robot: its fixed-joint reduction adds link [${cause.child}] to link [${cause.parent}] when their masses sum to 0 and divides by that total, so link [${link}] gets a non-finite inertial pose (Error Code 9: Pose values must be finite); urdfdom (check_urdf, RViz) loads it`,
    );
  }
  if (gz.drops.length === 0) return;
  const why = (d: (typeof gz.drops)[number]): string =>
    `link [${d.name}] ${d.reason === "no-inertial" ? "has no <inertial>" : d.mass === undefined || d.mass === 0 ? "has mass 0" : `has mass ${String(d.mass)} kg, which libsdformat reads as 0 (within 1e-6 kg)`}`;
  const at = (d: (typeof gz.drops)[number]): XmlElement => {
    const mass = child(child(d.link, "inertial") ?? d.link, "mass");
    return d.reason === "mass-zero" && mass !== undefined ? mass : d.link;
  };
  if (gz.kept.length === 0) {
    const first = gz.drops[0] as (typeof gz.drops)[number];
    const all = gz.drops.flatMap((d) => d.dropped);
    ctx.flag(
      "urdfGazeboNoLink",
      at(first),
      `libsdformat 12 (Gazebo) refuses the robot: its URDF reader leaves out a link without mass (no <inertial>, or mass 0 with the links fixed to it) and every link jointed below it; ${gz.drops.map(why).join(", ")}, so it leaves out ${listed(all)} and no link remains (Error Code 16: a model must have at least one link); urdfdom (check_urdf, RViz) loads it`,
    );
    return;
  }
  for (const d of gz.drops) {
    if (d.reduced) {
      ctx.flag(
        "urdfGazeboDropsLinks",
        at(d),
        `${why(d)}: libsdformat 12 (Gazebo) adds its shapes to its parent through the fixed joint but leaves out the ${d.dropped.length} link(s) jointed below it (${listed(d.dropped)})`,
      );
      continue;
    }
    const rest = d.dropped.slice(1);
    ctx.flag(
      "urdfGazeboDropsLinks",
      at(d),
      `${why(d)}: libsdformat 12 (Gazebo) leaves it out${rest.length > 0 ? ` with the ${rest.length} link(s) below it (${listed(rest)})` : ""}`,
    );
  }
}

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
  // The triangle inequality with libsdformat 12's tolerance (ignition::math MassMatrix3::ValidMoments:
  // 10 machine epsilons of half the trace), so a tensor on the edge gets its verdict.
  const triangleTol = 10 * Number.EPSILON * 0.5 * Math.abs(l1 + l2 + l3);
  const problem = l1 < -tol ? "negative" : l1 + l2 + triangleTol < l3 ? "triangle" : undefined;
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
