import { isParamDef, type ParamDef, type SectionDef } from "./ControllerDefinitions.js";

/** What a dotted parameter name is in a definition tree. */
export type ParameterLookup =
  /** A declared parameter; `mapKeys` are the segments a `__map_<list>` consumed, with the list parameter's name. */
  | { readonly kind: "param"; readonly def: ParamDef; readonly mapKeys: readonly { list: string; key: string }[] }
  /** Below a `type: none` parameter (a filter chain, ...): the controller reads it itself. */
  | { readonly kind: "dynamic" }
  /** A section of parameters set to a value (e.g. `linear: 1.0`). */
  | { readonly kind: "section" }
  | { readonly kind: "undeclared" };

/** Looks a dotted parameter name up in a definition tree (sections, `__map_` templates, dynamic maps). */
export function lookupParameter(root: SectionDef, name: string): ParameterLookup {
  const segments = name.split(".");
  let node: SectionDef | ParamDef = root;
  const mapKeys: { list: string; key: string }[] = [];
  for (let i = 0; i < segments.length; i++) {
    if (isParamDef(node)) return node.t === "none" ? { kind: "dynamic" } : { kind: "undeclared" };
    const segment = segments[i]!;
    const child: SectionDef | ParamDef | undefined = node.s?.[segment];
    if (child !== undefined) node = child;
    else if (node.m !== undefined) {
      mapKeys.push({ list: node.m.k, key: segment });
      node = node.m.n;
    } else return { kind: "undeclared" };
  }
  if (isParamDef(node)) return node.t === "none" ? { kind: "dynamic" } : { kind: "param", def: node, mapKeys };
  return { kind: "section" };
}

/** Every parameter of a tree as a dotted name, `__map_<list>` segments written `<list>`, with its definition. */
export function flattenDefinitions(root: SectionDef, prefix = ""): { name: string; def: ParamDef }[] {
  const out: { name: string; def: ParamDef }[] = [];
  const join = (name: string): string => (prefix === "" ? name : `${prefix}.${name}`);
  for (const [name, child] of Object.entries(root.s ?? {})) {
    if (isParamDef(child)) out.push({ name: join(name), def: child });
    else out.push(...flattenDefinitions(child, join(name)));
  }
  if (root.m !== undefined) out.push(...flattenDefinitions(root.m.n, join(`<${root.m.k}>`)));
  return out;
}

/** Merges parameter trees (a steering controller's library and its own set) into one. */
export function mergeSections(sections: readonly SectionDef[]): SectionDef {
  const s: Record<string, SectionDef | ParamDef> = {};
  let m: SectionDef["m"];
  for (const section of sections) {
    for (const [name, child] of Object.entries(section.s ?? {})) {
      const existing = s[name];
      s[name] =
        existing !== undefined && !isParamDef(existing) && !isParamDef(child)
          ? mergeSections([existing, child])
          : child;
    }
    if (section.m !== undefined) m = section.m;
  }
  return { s, ...(m !== undefined ? { m } : {}) };
}
