import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule, RuleContext } from "../RuleContext.js";
import {
  frameKey,
  hiddenByUnreadInclude,
  isScope,
  resolveAttached,
  resolveFrameIn,
  type SdfEntity,
  type SdfScope,
  sdfScopes,
} from "./sdfScopes.js";

/**
 * SDF 1.7+ frame semantics: every frame's attached_to, every pose's relative_to, every
 * axis's expressed_in and every model's placement_frame names a frame in scope, and neither
 * the attached-to graph nor the relative-to graph has a cycle.
 */
export const sdfFrameGraph: Rule = (ctx) => {
  if (ctx.minor < 7) return;
  const reportedCycles = new Set<string>();
  const walked = new Set<SdfEntity>();
  for (const scope of sdfScopes(ctx)) {
    if (scope.external) continue;
    if (scope.topLevel) {
      const pose = child(scope.element, "pose");
      const rel = pose === undefined ? undefined : attr(pose, "relative_to");
      if (pose !== undefined && rel !== undefined && rel !== "") {
        ctx.flag(
          "topLevelPoseRelativeTo",
          pose,
          `attribute //pose[@relative_to] of the top-level model [${scope.name}] must be left empty`,
          "relative_to",
        );
      }
    }
    checkPlacementFrame(ctx, scope);
    for (const entity of scope.entities.values()) {
      if (entity.element.name === "include") continue;
      if (entity.kind === "frame") checkAttachedTo(ctx, scope, entity, reportedCycles);
      checkRelativeTo(ctx, scope, entity, reportedCycles, walked);
      if (entity.kind === "link") checkLinkChildren(ctx, scope, entity);
      if (entity.kind === "joint") checkExpressedIn(ctx, scope, entity);
    }
  }
};

function describe(scope: SdfScope): string {
  return `${scope.kind} [${scope.name}]`;
}

function checkAttachedTo(ctx: RuleContext, scope: SdfScope, frame: SdfEntity, reported: Set<string>): void {
  const to = attr(frame.element, "attached_to");
  if (to === undefined || to === "") return;
  if (to === frame.name) {
    ctx.flag(
      "attachedToCycle",
      frame.element,
      `attached_to name [${to}] is identical to the frame's own name, a cycle in ${describe(scope)}`,
      "attached_to",
    );
    return;
  }
  const target = resolveFrameIn(scope, to, ctx.minor);
  const allowed = target !== undefined || (scope.kind === "world" && to === "world");
  if (!allowed) {
    if (target === undefined && hiddenByUnreadInclude(scope, to)) return;
    const kinds = scope.kind === "world" ? "a model or frame" : "a link, joint, frame or nested model";
    ctx.flag(
      "attachedToInvalid",
      frame.element,
      `attached_to [${to}] of frame [${frame.name}] does not name ${kinds} in ${describe(scope)}`,
      "attached_to",
    );
    return;
  }
  const result = resolveAttached(scope, frame, ctx.minor);
  if ("cycle" in result) {
    const key = `A:${[...result.cycle].sort().join(",")}`;
    if (reported.has(key)) return;
    reported.add(key);
    ctx.flag(
      "attachedToCycle",
      frame.element,
      `attached_to graph cycle in ${describe(scope)}: ${result.cycle.join(" -> ")}`,
      "attached_to",
    );
  }
}

/** The frame a pose is relative to when relative_to is not given. */
function defaultRelativeTo(entity: SdfEntity, scope: SdfScope): string | undefined {
  if (entity.kind === "joint") return child(entity.element, "child")?.text.trim();
  if (entity.kind === "frame") {
    const to = attr(entity.element, "attached_to");
    return to === undefined || to === "" ? undefined : to;
  }
  return scope.kind === "model" ? undefined : undefined;
}

function relativeTo(entity: SdfEntity): { value: string; pose: XmlElement } | undefined {
  const pose = child(entity.element, "pose");
  const value = pose === undefined ? undefined : attr(pose, "relative_to");
  return pose === undefined || value === undefined || value === "" ? undefined : { value, pose };
}

function checkRelativeTo(
  ctx: RuleContext,
  scope: SdfScope,
  entity: SdfEntity,
  reported: Set<string>,
  walked: Set<SdfEntity>,
): void {
  const explicit = relativeTo(entity);
  const attachedTo = entity.kind === "frame" ? attr(entity.element, "attached_to") : undefined;
  // A frame's pose is relative to its attached_to frame unless relative_to says otherwise.
  const rel =
    explicit ??
    (attachedTo !== undefined && attachedTo !== "" ? { value: attachedTo, pose: entity.element } : undefined);
  if (rel === undefined) return;
  const attribute = explicit === undefined ? "attached_to" : "relative_to";
  if (rel.value === entity.name) {
    const how = explicit === undefined ? "the implicit relative_to (its attached_to)" : "relative_to";
    ctx.flag(
      "relativeToCycle",
      rel.pose,
      `${how} name [${rel.value}] is identical to ${entity.kind} name [${entity.name}], a cycle in ${describe(scope)}`,
      attribute,
    );
    return;
  }
  if (explicit === undefined) return; // other attached_to problems are reported by checkAttachedTo
  const target = resolveFrameIn(scope, rel.value, ctx.minor);
  if (target === undefined) {
    if (
      hiddenByUnreadInclude(scope, rel.value) ||
      rel.value === "__root__" ||
      (rel.value === "world" && scope.kind === "world")
    )
      return;
    ctx.flag(
      "relativeToInvalid",
      rel.pose,
      `relative_to [${rel.value}] of ${entity.kind} [${entity.name}] does not name a frame in ${describe(scope)}`,
      "relative_to",
    );
    return;
  }
  // Walk the relative-to graph: explicit relative_to first, then the entity's default. A node
  // some earlier walk went through ends where that walk ended (its cycle, if any, was reported
  // then), so each node is walked once per document and a chain of n poses costs O(n).
  const nodes: SdfEntity[] = [];
  const owners: SdfScope[] = [];
  const at = new Map<SdfEntity, number>();
  let owner = scope;
  let node: SdfEntity | SdfScope = entity;
  for (;;) {
    if (isScope(node) || walked.has(node)) break;
    const seen = at.get(node);
    if (seen !== undefined) {
      const cycle = nodes.slice(seen).map((n, i) => frameKey(n, owners[seen + i] ?? owner));
      const id = `R:${[...cycle].sort().join(",")}`;
      if (!reported.has(id)) {
        reported.add(id);
        ctx.flag(
          "relativeToCycle",
          rel.pose,
          `relative_to graph cycle in ${describe(scope)}: ${[...cycle, frameKey(node, owner)].join(" -> ")}`,
          "relative_to",
        );
      }
      break;
    }
    at.set(node, nodes.length);
    nodes.push(node);
    owners.push(owner);
    const next = relativeTo(node)?.value ?? defaultRelativeTo(node, owner);
    if (next === undefined || next === "world" || next === "__model__") break;
    const r = resolveFrameIn(owner, next, ctx.minor);
    if (r === undefined) break;
    owner = r.owner;
    node = r.target;
  }
  for (const n of nodes) walked.add(n);
}

function checkLinkChildren(ctx: RuleContext, scope: SdfScope, link: SdfEntity): void {
  for (const c of link.element.children) {
    if (c.name !== "visual" && c.name !== "collision" && c.name !== "sensor" && c.name !== "light") continue;
    const pose = child(c, "pose");
    const rel = pose === undefined ? undefined : attr(pose, "relative_to");
    if (pose === undefined || rel === undefined || rel === "") continue;
    if (resolveFrameIn(scope, rel, ctx.minor) === undefined && !hiddenByUnreadInclude(scope, rel)) {
      ctx.flag(
        "relativeToInvalid",
        pose,
        `relative_to [${rel}] of ${c.name} [${attr(c, "name") ?? ""}] in link [${link.name}] does not name a frame in ${describe(scope)}`,
        "relative_to",
      );
    }
  }
}

function checkExpressedIn(ctx: RuleContext, scope: SdfScope, joint: SdfEntity): void {
  for (const axisName of ["axis", "axis2"]) {
    const xyz = child(child(joint.element, axisName) ?? joint.element, "xyz");
    if (xyz === undefined || child(joint.element, axisName) === undefined) continue;
    const frame = attr(xyz, "expressed_in");
    if (frame === undefined || frame === "" || frame === "__model__") continue;
    if (resolveFrameIn(scope, frame, ctx.minor) === undefined && !hiddenByUnreadInclude(scope, frame)) {
      ctx.flag(
        "expressedInInvalid",
        xyz,
        `expressed_in [${frame}] of joint [${joint.name}] ${axisName} does not name a frame in ${describe(scope)}`,
        "expressed_in",
      );
    }
  }
}

function checkPlacementFrame(ctx: RuleContext, scope: SdfScope): void {
  if (scope.kind !== "model" || ctx.minor < 8) return;
  const placement = attr(scope.element, "placement_frame");
  if (placement === undefined || placement === "") return;
  const target = resolveFrameIn(scope, placement, ctx.minor);
  if (target === undefined && !hiddenByUnreadInclude(scope, placement)) {
    ctx.flag(
      "placementFrameInvalid",
      scope.element,
      `placement_frame [${placement}] does not name a frame inside model [${scope.name}]`,
      "placement_frame",
    );
  }
}
