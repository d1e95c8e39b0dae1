import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { RuleContext } from "../RuleContext.js";

/** A named thing that defines a frame in an SDF scope. */
export interface SdfEntity {
  readonly kind: "link" | "joint" | "frame" | "model" | "light" | "actor";
  readonly name: string;
  readonly element: XmlElement;
  /** For nested models and resolved includes: the model's own scope. */
  readonly scope?: SdfScope;
}

/** A world or a model, with the frames it defines (first definition of each name wins). */
export interface SdfScope {
  readonly kind: "world" | "model";
  readonly name: string;
  readonly element: XmlElement;
  readonly parent: SdfScope | undefined;
  readonly entities: Map<string, SdfEntity>;
  /** True when the scope comes from an included file: used for names, never reported on. */
  readonly external: boolean;
  /** A model directly under <sdf>. */
  readonly topLevel: boolean;
  /** True when an <include> of this scope could not be resolved: unknown names may be in it. */
  opaque: boolean;
}

const cache = new WeakMap<RuleContext, SdfScope[]>();

/** Most scopes built from includes inside included files, per document (see sdfScopes). */
const MAX_INCLUDED_SCOPES = 10_000;

const entityKinds: Record<string, SdfEntity["kind"] | undefined> = {
  link: "link",
  joint: "joint",
  frame: "frame",
  model: "model",
  light: "light",
  actor: "actor",
};

/** All scopes of the document (worlds, models, nested models, resolved includes), outermost first. */
export function sdfScopes(ctx: RuleContext): SdfScope[] {
  const known = cache.get(ctx);
  if (known !== undefined) return known;
  const all: SdfScope[] = [];
  // Includes of includes are expanded per path, so a chain of files that each include the next
  // twice would build 2^depth scopes: past this many included scopes, further includes of
  // included files are left unread (opaque), which leaves names in them unjudged, never wrong.
  let includedScopes = 0;
  const build = (
    element: XmlElement,
    kind: SdfScope["kind"],
    parent: SdfScope | undefined,
    external: boolean,
    topLevel: boolean,
    nameOverride?: string,
  ): SdfScope => {
    const scope: SdfScope = {
      kind,
      name: nameOverride ?? attr(element, "name") ?? "",
      element,
      parent,
      entities: new Map(),
      external,
      topLevel,
      opaque: false,
    };
    all.push(scope);
    addChildren(scope, element, external, 0);
    return scope;
  };
  // The frames an element's children define in a scope; a merge-include adds the included
  // model's own children to the including scope (libsdformat 12 merges them in).
  const addChildren = (scope: SdfScope, element: XmlElement, external: boolean, mergeDepth: number): void => {
    const kind = scope.kind;
    for (const c of element.children) {
      if (c.name === "include") {
        const inc = ctx.includes.get(c);
        const name = inc?.name;
        if (inc?.entity === undefined || (external && includedScopes >= MAX_INCLUDED_SCOPES)) {
          scope.opaque = true;
          continue;
        }
        includedScopes++;
        if (inc?.entity?.name === "model" && attr(c, "merge") === "true" && kind === "model") {
          if (mergeDepth < 64) addChildren(scope, inc.entity, true, mergeDepth + 1);
          continue;
        }
        if (inc?.entity !== undefined && name !== undefined && !scope.entities.has(name)) {
          const k = entityKinds[inc.entity.name] ?? "model";
          const nested = k === "model" ? build(inc.entity, "model", scope, true, false, name) : undefined;
          scope.entities.set(
            name,
            nested === undefined ? { kind: k, name, element: c } : { kind: k, name, element: c, scope: nested },
          );
        }
        continue;
      }
      const k = entityKinds[c.name];
      if (k === undefined) continue;
      if (kind === "model" && (k === "light" || k === "actor")) continue;
      const name = attr(c, "name");
      if (name === undefined) continue;
      const nested = k === "model" ? build(c, "model", scope, external, false) : undefined;
      if (!scope.entities.has(name))
        scope.entities.set(
          name,
          nested === undefined ? { kind: k, name, element: c } : { kind: k, name, element: c, scope: nested },
        );
    }
  };
  for (const c of ctx.root.children) {
    if (c.name === "world") build(c, "world", undefined, false, false);
    else if (c.name === "model") build(c, "model", undefined, false, true);
  }
  cache.set(ctx, all);
  return all;
}

/**
 * Resolves a frame reference in a scope: a local name, `__model__` (model scopes), `world`
 * (world scopes and joints), or a scoped name `M1::M2::L` into nested and included models (every
 * version: libsdformat 12 reads SDF 1.4–1.6 through its conversions to 1.9 and resolves these too).
 * Returns the entity, or the scope itself for `__model__` / `M::__model__`.
 */
export function resolveFrame(scope: SdfScope, ref: string, minor: number): SdfEntity | SdfScope | undefined {
  return resolveFrameIn(scope, ref, minor)?.target;
}

/** Like {@link resolveFrame}, also giving the scope that holds the target. */
export function resolveFrameIn(
  scope: SdfScope,
  ref: string,
  _minor: number,
): { target: SdfEntity | SdfScope; owner: SdfScope } | undefined {
  if (ref === "__model__") return scope.kind === "model" ? { target: scope, owner: scope } : undefined;
  // Flattened models (older libsdformat output) use `::` inside plain names: try the literal name first.
  const literal = scope.entities.get(ref);
  if (literal !== undefined) return { target: literal, owner: scope };
  // Scoped names reach into nested and included models in every version (libsdformat 12 resolves
  // `nested::link` for SDF 1.4–1.6 joints too, through Model::LinkNameExists).
  const parts = ref.split("::");
  let current = scope;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = current.entities.get(parts[i] ?? "");
    if (next?.scope === undefined) return undefined;
    current = next.scope;
  }
  const last = parts[parts.length - 1] ?? "";
  if (last === "__model__" && parts.length > 1) return { target: current, owner: current };
  const target = current.entities.get(last);
  return target === undefined ? undefined : { target, owner: current };
}

/**
 * True when a reference that does not resolve may name something inside an include robokit did
 * not read (offline, or no resolver): the scope where the lookup stopped has such an include.
 * `nested::missing` is judged when `nested` was read, whatever else its parent includes.
 */
export function hiddenByUnreadInclude(scope: SdfScope, ref: string): boolean {
  if (scope.entities.has(ref)) return false;
  const parts = ref.split("::");
  let current = scope;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = current.entities.get(parts[i] ?? "");
    if (next === undefined) return current.opaque;
    // A link or frame holds no frames; a model holds only what its scope knows.
    if (next.scope === undefined) return false;
    current = next.scope;
  }
  return current.opaque;
}

/** Where a frame ends up once attached_to, joint children and canonical links are followed. */
export type AttachedResult =
  | { readonly link: SdfEntity | "world" }
  | { readonly cycle: readonly string[] }
  | { readonly unresolved: string };

/** What resolveAttached found for each node it walked: every node is walked once per document. */
const attachedMemo = new WeakMap<SdfEntity | SdfScope, AttachedResult>();

/**
 * Follows the attached-to graph from a frame to the link (or world) it is rigidly attached to:
 * a joint to its child, a frame to its attached_to, a model to its canonical link. Linear over
 * all calls: each node's result is remembered, so a chain of n frames costs O(n), not O(n²).
 */
export function resolveAttached(owner: SdfScope, start: SdfEntity | SdfScope, minor: number): AttachedResult {
  const known = attachedMemo.get(start);
  if (known !== undefined) return known;
  // The nodes of this walk with the scope each was reached in; `at` gives a node's place on it.
  const nodes: (SdfEntity | SdfScope)[] = [];
  const scopes: SdfScope[] = [];
  const at = new Map<SdfEntity | SdfScope, number>();
  let scope = owner;
  let node: SdfEntity | SdfScope = start;
  let result: AttachedResult | undefined;
  while (result === undefined) {
    const memo = attachedMemo.get(node);
    if (memo !== undefined) {
      result = memo;
      break;
    }
    const seen = at.get(node);
    if (seen !== undefined) {
      const cycle = nodes.slice(seen).map((n, i) => frameKey(n, scopes[seen + i] ?? scope));
      result = { cycle: [...cycle, frameKey(node, scope)] };
      break;
    }
    at.set(node, nodes.length);
    nodes.push(node);
    scopes.push(scope);
    if (isScope(node)) {
      const link = canonicalLink(node, minor);
      result =
        link === undefined ? (node.kind === "world" ? { link: "world" } : { unresolved: "__model__" }) : { link };
      break;
    }
    let ref: string | undefined;
    if (node.kind === "link") {
      result = { link: node };
      break;
    }
    if (node.kind === "model") {
      if (node.scope === undefined) result = { unresolved: node.name };
      else node = node.scope;
      continue;
    }
    if (node.kind === "joint") ref = textOf(node.element, "child");
    else if (node.kind === "frame") {
      ref = attr(node.element, "attached_to");
      if (ref === undefined || ref === "") {
        if (scope.kind === "world") result = { link: "world" };
        else node = scope;
        continue;
      }
    } else {
      result = { link: "world" };
      break;
    }
    if (ref === undefined) result = { unresolved: "" };
    else if (ref === "world") result = { link: "world" };
    else {
      const next = resolveFrameIn(scope, ref, minor);
      if (next === undefined) result = { unresolved: ref };
      else {
        scope = next.owner;
        node = next.target;
      }
    }
  }
  // Every node walked ends where the walk ended (a cycle reads the same from its tail).
  for (const n of nodes) attachedMemo.set(n, result);
  return result;
}

/** The unique name of a frame node: `outer::inner::name`, or `outer::inner::__model__` for a scope. */
export function frameKey(node: SdfEntity | SdfScope, owner: SdfScope): string {
  return isScope(node) ? `${scopePath(node)}::__model__` : `${scopePath(owner)}::${node.name}`;
}

/** `outer::inner` path of a scope, used to name frames uniquely. */
export function scopePath(scope: SdfScope): string {
  const parts: string[] = [];
  for (let s: SdfScope | undefined = scope; s !== undefined; s = s.parent) parts.unshift(s.name);
  return parts.join("::");
}

/** The canonical link of a model scope: its canonical_link, else the first link, else the first nested model's. */
export function canonicalLink(scope: SdfScope, minor: number, depth = 0): SdfEntity | undefined {
  if (depth > 64) return undefined;
  const named = attr(scope.element, "canonical_link");
  if (named !== undefined && named !== "") {
    const r = resolveFrame(scope, named, minor);
    return r !== undefined && "kind" in r && r.kind === "link" ? r : undefined;
  }
  for (const e of scope.entities.values()) if (e.kind === "link") return e;
  for (const e of scope.entities.values()) if (e.scope !== undefined) return canonicalLink(e.scope, minor, depth + 1);
  return undefined;
}

/** The trimmed text of `<name>` inside an element, if any. */
export function textOf(element: XmlElement, name: string): string | undefined {
  const c = child(element, name);
  return c?.text.trim();
}

/** True when the thing is a scope (from resolveFrame), not an entity. */
export function isScope(x: SdfEntity | SdfScope): x is SdfScope {
  return "entities" in x;
}
