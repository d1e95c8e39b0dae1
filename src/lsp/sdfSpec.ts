import { loadSchema, sdfSchemaVersions } from "../schema/loadSchema.js";
import type { SpecAttribute, SpecElement } from "./SpecElement.js";

type Node = Record<string, unknown>;

const schemas = new Map<string, Node>();

/** The generated schema of an SDF version (schemas/sdf/<version>), the newest for an unknown one. */
function schemaOf(version: string | undefined): Node {
  const versions = sdfSchemaVersions();
  const v = version !== undefined && versions.includes(version) ? version : versions[versions.length - 1]!;
  let s = schemas.get(v);
  if (s === undefined) {
    s = loadSchema(`sdf/${v}/sdf.schema.json`);
    schemas.set(v, s);
  }
  return s;
}

function resolve(schema: Node, node: Node | undefined): Node | undefined {
  let n = node;
  for (let i = 0; i < 8 && n !== undefined && typeof n["$ref"] === "string"; i++) {
    const name = (n["$ref"] as string).replace(/^#\/\$defs\//, "");
    n = (schema["$defs"] as Record<string, Node>)[name];
  }
  return n;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

/**
 * The SDF specification of the element at `path` (element names from `sdf` down, plugin and
 * namespaced contents excluded) in the given version: its description, value type and default,
 * attributes and allowed children, from the schema generated from the spec files.
 */
export function sdfElement(version: string | undefined, path: readonly string[]): SpecElement | undefined {
  if (path[0] !== "sdf") return undefined;
  const schema = schemaOf(version);
  const props = schema["properties"] as Record<string, Node>;
  let node = resolve(schema, props["sdf"]);
  let description = str(schema["description"]);
  let required: string | undefined;
  for (const name of path.slice(1)) {
    const children = node?.["properties"] as Record<string, Node> | undefined;
    const prop = children?.[name];
    if (prop === undefined || name.startsWith("@") || name === "_") return undefined;
    description = str(prop["description"]);
    required = str(prop["sdfRequired"]);
    const item = resolve(schema, (prop["items"] as Node | undefined) ?? prop);
    description ??= str(item?.["description"]);
    node = item;
  }
  if (node === undefined) return undefined;
  const properties = (node["properties"] ?? {}) as Record<string, Node>;
  const value = properties["_"];
  const attributes: SpecAttribute[] = Object.entries(properties)
    .filter(([k]) => k.startsWith("@"))
    .map(([k, a]) => ({
      name: k.slice(1),
      ...optional("description", str(a["description"])),
      ...optional("type", str(a["sdfType"])),
      ...optional("default", str(a["default"])),
      required: str(a["sdfRequired"]) === "1",
    }));
  return {
    name: path[path.length - 1] ?? "sdf",
    ...optional("description", description),
    ...optional("type", str(value?.["sdfType"])),
    ...optional("default", str(value?.["default"])),
    ...optional("required", required),
    attributes,
    children: Object.keys(properties).filter((k) => !k.startsWith("@") && k !== "_"),
  };
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}
