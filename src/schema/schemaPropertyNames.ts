type SchemaNode = Readonly<Record<string, unknown>>;

/**
 * The property names a JSON Schema allows on the object at `jsonPath` in `data`, for a "did
 * you mean" hint on an unknown field. Follows `$ref` (to `#/definitions/…`), `properties`,
 * `items` (a schema or a tuple) and the `allOf` of `if {type: const} then {$ref}` branches a
 * discriminated union is generated as, choosing the branch by the data's discriminant. Works
 * on data that failed the schema: a path it cannot follow gives an empty list.
 *
 * @param root - the schema document (e.g. schemas/robot.schema.json).
 * @param data - the instance the pointer points into.
 * @param jsonPath - RFC 6901 pointer to the object, "" for the root.
 */
export function schemaPropertyNames(root: SchemaNode, data: unknown, jsonPath: string): string[] {
  const segments = jsonPath === "" ? [] : jsonPath.split("/").slice(1).map(unescapeSegment);
  let nodes = branches(root, root, data);
  let at: unknown = data;
  for (const segment of segments) {
    const next: SchemaNode[] = [];
    for (const node of nodes) {
      const child = childSchema(node, segment);
      if (child !== undefined) next.push(child);
    }
    at = isObject(at) ? (at as Record<string, unknown>)[segment] : undefined;
    nodes = next.flatMap((n) => branches(root, n, at));
    if (nodes.length === 0) return [];
  }
  const names = new Set<string>();
  for (const node of nodes) {
    const properties = node["properties"];
    if (isObject(properties)) for (const name of Object.keys(properties)) names.add(name);
  }
  return [...names];
}

function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

function deref(root: SchemaNode, node: SchemaNode, depth = 0): SchemaNode | undefined {
  const ref = node["$ref"];
  if (typeof ref !== "string") return node;
  if (depth > 32 || !ref.startsWith("#/")) return undefined;
  let target: unknown = root;
  for (const part of ref.slice(2).split("/").map(unescapeSegment)) target = isObject(target) ? target[part] : undefined;
  return isObject(target) ? deref(root, target, depth + 1) : undefined;
}

/** The node itself and the `then` of every `allOf` branch whose `if` consts match the data. */
function branches(root: SchemaNode, node: SchemaNode, data: unknown): SchemaNode[] {
  const resolved = deref(root, node);
  if (resolved === undefined) return [];
  const out: SchemaNode[] = [resolved];
  const allOf = resolved["allOf"];
  if (!Array.isArray(allOf)) return out;
  for (const part of allOf as unknown[]) {
    if (!isObject(part)) continue;
    const condition = part["if"];
    const then = part["then"];
    if (isObject(condition) && isObject(then)) {
      if (matchesConsts(condition, data)) out.push(...branches(root, then, data));
    } else {
      out.push(...branches(root, part, data));
    }
  }
  return out;
}

function matchesConsts(condition: Record<string, unknown>, data: unknown): boolean {
  const properties = condition["properties"];
  if (!isObject(properties) || !isObject(data)) return false;
  return Object.entries(properties).every(
    ([name, p]) => !isObject(p) || !("const" in p) || (data as Record<string, unknown>)[name] === p["const"],
  );
}

function childSchema(node: SchemaNode, segment: string): SchemaNode | undefined {
  const properties = node["properties"];
  if (isObject(properties) && isObject(properties[segment])) return properties[segment] as SchemaNode;
  const items = node["items"];
  if (!/^\d+$/.test(segment)) return undefined;
  if (Array.isArray(items)) {
    const item: unknown = items[Number(segment)];
    return isObject(item) ? item : undefined;
  }
  return isObject(items) ? items : undefined;
}
