// The subset of an XML JSON Schema (schemas/sdf/<version>/sdf.schema.json) that a set of
// documents uses: in every element, the schema of each child or attribute the documents never
// have there becomes `false` (JSON Schema's schema that nothing satisfies, whose ajv error has
// the keyword "false schema", which the XML schemas never use otherwise). The names stay, so
// what is an additional property does not change; every other keyword is untouched. A
// document that meets no `false` is therefore checked by exactly the same schemas as by the
// whole one: the same errors in the same order, or none. precompile-validators.ts compiles the
// subset of SDF that robokit's own files use into a validator a tenth of the whole one's size,
// which checkSchema runs first, and runs the whole one only when a "false schema" error says
// the document left the subset.

/** A JSON Schema node, as the XML schemas write them. */
type SchemaNode = { [key: string]: unknown };

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The `$defs` entry a node's `$ref` names, or the node itself. */
function resolveRef(schema: SchemaNode, node: SchemaNode): SchemaNode {
  const ref = node["$ref"];
  if (typeof ref !== "string") return node;
  const name = /^#\/\$defs\/(.+)$/.exec(ref)?.[1];
  const target = name === undefined ? undefined : (schema["$defs"] as Record<string, unknown> | undefined)?.[name];
  if (!isNode(target)) throw new Error(`schemaSubset: cannot resolve ${ref}`);
  return target;
}

/** Records, per object schema node, the property names `data` has where that node applies. */
function recordUse(schema: SchemaNode, given: SchemaNode, data: unknown, used: Map<SchemaNode, Set<string>>): void {
  const node = resolveRef(schema, given);
  if (Array.isArray(data)) {
    if (isNode(node["items"])) for (const item of data) recordUse(schema, node["items"], item, used);
    return;
  }
  const properties = node["properties"];
  if (!isNode(data) || !isNode(properties)) return;
  let names = used.get(node);
  if (names === undefined) used.set(node, (names = new Set()));
  for (const [key, value] of Object.entries(data)) {
    const property = properties[key];
    if (!Object.hasOwn(properties, key) || !isNode(property)) continue;
    names.add(key);
    recordUse(schema, property, value, used);
  }
}

/** Sets the schema of every property the documents never have under `node` to `false` (in place; each node once). */
function cut(node: SchemaNode, used: ReadonlyMap<SchemaNode, ReadonlySet<string>>, done: Set<SchemaNode>): void {
  if (done.has(node)) return;
  done.add(node);
  if (isNode(node["items"])) cut(node["items"], used, done);
  const properties = node["properties"];
  if (!isNode(properties)) return;
  const names = used.get(node) ?? new Set<string>();
  for (const key of Object.keys(properties)) if (!names.has(key)) properties[key] = false;
  for (const value of Object.values(properties)) if (isNode(value)) cut(value, used, done);
}

/** The `$defs` names a schema refers to, following references from the root. */
function reachableDefs(schema: SchemaNode): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    if (!isNode(value)) return;
    for (const [key, v] of Object.entries(value)) {
      if (key === "$defs") continue;
      const name = key === "$ref" && typeof v === "string" ? /^#\/\$defs\/(.+)$/.exec(v)?.[1] : undefined;
      if (name !== undefined && !found.has(name)) {
        found.add(name);
        walk((schema["$defs"] as Record<string, unknown>)[name]);
      } else walk(v);
    }
  };
  walk(schema);
  return found;
}

/**
 * The subset of `schema` that `documents` (each the JSON the schema validates, e.g.
 * `{ sdf: xmlToJson(root) }`) use, as a new schema; definitions nothing refers to any more are
 * left out. Deterministic: property and definition order stay the schema's.
 */

export function schemaSubset(schema: SchemaNode, documents: readonly unknown[]): SchemaNode {
  const copy = structuredClone(schema);
  const used = new Map<SchemaNode, Set<string>>();
  for (const document of documents) recordUse(copy, copy, document, used);
  const done = new Set<SchemaNode>();
  cut(copy, used, done);
  const defs = copy["$defs"];
  if (isNode(defs)) for (const def of Object.values(defs)) if (isNode(def)) cut(def, used, done);
  if (isNode(defs)) {
    const keep = reachableDefs(copy);
    for (const name of Object.keys(defs)) if (!keep.has(name)) delete defs[name];
  }
  return copy;
}
