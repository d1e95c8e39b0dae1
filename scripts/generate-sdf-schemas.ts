// Generates one JSON Schema (draft 2020-12) per SDF version from the official spec files in
// test/data/sdformat/spec (or the folder given as the first argument) into schemas/sdf/<version>/.
// Output is deterministic: inputs are read in sorted order, keys are sorted, 2-space JSON.
//
// JSON shape the schemas describe (built by src/validate/schema/xmlToJson.ts):
//   element  → object; attributes under "@name"; text under "_"; each child element name → array.
// Spec `required`: "1" → at most one, "0" → at most one, "*" → any, "+" → at least one,
// "-1" → deprecated. Like libsdformat, a missing required element is only an error when the
// spec gives it no usable default ("__default__"); otherwise the parser fills the default in.
import { readdirSync, readFileSync, mkdirSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { XMLParser } from "fast-xml-parser";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..");
const specRoot = resolve(
  process.argv.slice(2).find((a) => !a.startsWith("--")) ?? join(repo, "test", "data", "sdformat", "spec"),
);
const outRoot = join(repo, "schemas", "sdf");

/** SDF value types → a regular expression for the element or attribute text. */
const NUM =
  "[+-]?(?:\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?|[iI][nN][fF](?:[iI][nN][iI][tT][yY])?|[nN][aA][nN])";
const list = (min: number, max: number): string => `^\\s*(?:${NUM}(?:\\s+${NUM}){${min - 1},${max - 1}})?\\s*$`;
export const typePatterns: Record<string, string | undefined> = {
  bool: "^\\s*(?:[tT][rR][uU][eE]|[fF][aA][lL][sS][eE]|0|1)?\\s*$",
  int: "^\\s*(?:[+-]?\\d+|0[xX][0-9a-fA-F]+)?\\s*$",
  "unsigned int": "^\\s*(?:\\+?\\d+|0[xX][0-9a-fA-F]+)?\\s*$",
  double: list(1, 1),
  float: list(1, 1),
  vector2d: list(2, 2),
  vector2i: "^\\s*(?:[+-]?\\d+\\s+[+-]?\\d+)?\\s*$",
  vector3: list(3, 3),
  quaternion: list(4, 4),
  color: list(3, 4),
  pose: list(6, 7),
  time: "^\\s*(?:[+-]?\\d+(?:\\.\\d*)?(?:\\s+[+-]?\\d+)?)?\\s*$",
  string: undefined,
  char: undefined,
};

interface SpecNode {
  readonly tag: string;
  readonly attrs: Record<string, string>;
  readonly children: SpecNode[];
  readonly text: string;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

function toNodes(raw: unknown[]): SpecNode[] {
  const out: SpecNode[] = [];
  for (const item of raw as Record<string, unknown>[]) {
    const tag = Object.keys(item).find((k) => k !== ":@");
    if (tag === undefined || tag === "#text") continue;
    const content = (item[tag] ?? []) as Record<string, unknown>[];
    const text = content
      .filter((c) => "#text" in c)
      .map((c) => String(c["#text"]))
      .join(" ");
    out.push({ tag, attrs: (item[":@"] ?? {}) as Record<string, string>, children: toNodes(content), text });
  }
  return out;
}

function readSpec(dir: string): Map<string, SpecNode> {
  const files = new Map<string, SpecNode>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sdf"))
    .sort()) {
    const nodes = toNodes(parser.parse(readFileSync(join(dir, file), "utf8")) as unknown[]);
    const root = nodes.find((n) => n.tag === "element");
    if (root !== undefined) files.set(file.replace(/\.sdf$/, ""), root);
  }
  return files;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function description(node: SpecNode): string | undefined {
  const d = node.children.find((c) => c.tag === "description");
  const text = d?.text.replace(/\s+/g, " ").trim();
  return text === undefined || text === "" ? undefined : text;
}

function valueSchema(node: SpecNode): { [key: string]: Json } {
  const type = node.attrs["type"] ?? "string";
  const schema: { [key: string]: Json } = { type: "string", sdfType: type };
  const pattern = typePatterns[type];
  if (pattern !== undefined) schema["pattern"] = pattern;
  const def = node.attrs["default"];
  if (def !== undefined && def !== "__default__") schema["default"] = def;
  const min = node.attrs["min"];
  const max = node.attrs["max"];
  if (min !== undefined || max !== undefined)
    schema["sdfRange"] = [
      min === undefined ? null : Number(min.split(/\s+/)[0]),
      max === undefined ? null : Number(max.split(/\s+/)[0]),
    ];
  return schema;
}

/** True when libsdformat cannot fill a missing element in with a default value. */
function needsValue(node: SpecNode): boolean {
  return node.attrs["type"] !== undefined && node.attrs["default"] === "__default__";
}

function arrayOf(items: { [key: string]: Json }, required: string, desc: string | undefined): { [key: string]: Json } {
  const schema: { [key: string]: Json } = { type: "array", items, sdfRequired: required };
  if (desc !== undefined) schema["description"] = desc;
  if (required === "0" || required === "1") schema["maxItems"] = 1;
  if (required === "-1") schema["deprecated"] = true;
  return schema;
}

function elementSchema(node: SpecNode, files: Map<string, SpecNode>, file: string): { [key: string]: Json } {
  const properties: { [key: string]: Json } = {};
  const required: string[] = [];
  let open = false;
  for (const c of node.children) {
    if (c.tag === "attribute") {
      const name = c.attrs["name"];
      if (name === undefined) continue;
      const s = valueSchema(c);
      const d = description(c);
      if (d !== undefined) s["description"] = d;
      properties[`@${name}`] = s;
      if (c.attrs["required"] === "1") required.push(`@${name}`);
    } else if (c.tag === "element") {
      if (c.attrs["copy_data"] === "true") {
        open = true;
        continue;
      }
      const name = c.attrs["name"];
      if (name === undefined || properties[name] !== undefined) continue;
      const req = c.attrs["required"] ?? "0";
      const ref = c.attrs["ref"];
      const items = ref !== undefined && files.has(ref) ? { $ref: `#/$defs/${ref}` } : elementSchema(c, files, file);
      delete items["description"]; // carried once, on the array
      properties[name] = arrayOf(items, req, description(c));
      if ((req === "1" || req === "+") && needsValue(c)) required.push(name);
      if (req === "+" && needsValue(c)) (properties[name] as Record<string, Json>)["minItems"] = 1;
    } else if (c.tag === "include") {
      const target = (c.attrs["filename"] ?? "").replace(/\.sdf$/, "");
      const included = files.get(target);
      const name = included?.attrs["name"];
      if (included === undefined || name === undefined || properties[name] !== undefined) continue;
      properties[name] = arrayOf({ $ref: `#/$defs/${target}` }, c.attrs["required"] ?? "0", description(included));
    }
  }
  const schema: { [key: string]: Json } = { type: "object" };
  const d = description(node);
  if (d !== undefined) schema["description"] = d;
  if (node.attrs["type"] !== undefined) properties["_"] = valueSchema(node);
  else properties["_"] = { type: "string" };
  schema["properties"] = properties;
  if (required.length > 0) schema["required"] = required.sort();
  // Namespaced elements and attributes (`mysim:foo`) are custom data and always allowed.
  schema["patternProperties"] = { ":": {} };
  schema["additionalProperties"] = open;
  return schema;
}

function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys(value[key] as Json);
    return out;
  }
  return value;
}

function generate(version: string): string {
  const files = readSpec(join(specRoot, version));
  const defs: { [key: string]: Json } = {};
  for (const [file, node] of [...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    defs[file] = elementSchema(node, files, file);
  }
  const schema: Json = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: `https://robokit.dev/schemas/sdf/${version}/sdf.schema.json`,
    title: `SDFormat ${version}`,
    description: `Generated by scripts/generate-sdf-schemas.ts from the SDFormat ${version} specification files (Apache-2.0, see LICENSE). Do not edit.`,
    type: "object",
    // SDF 1.0 and 1.2 name their root <gazebo> (gazebo.sdf); libsdformat also reads <sdf version="1.2">.
    ...(files.has("root")
      ? { properties: { sdf: { $ref: "#/$defs/root" } }, required: ["sdf"] }
      : {
          properties: { gazebo: { $ref: "#/$defs/gazebo" }, sdf: { $ref: "#/$defs/gazebo" } },
          minProperties: 1,
          maxProperties: 1,
        }),
    additionalProperties: false,
    $defs: defs,
  };
  // One line: 5.5 MB indented, 3 MB not, in every install (JSON.parse reads either alike).
  return `${JSON.stringify(sortKeys(schema))}\n`;
}

/** A .convert file as JSON: the same tree (tag, attributes, children), comments dropped. */
interface ConvertNode {
  readonly tag: string;
  readonly attrs: Record<string, string>;
  readonly children: ConvertNode[];
  readonly text: string;
}

function convertJson(version: string): string | undefined {
  const file = readdirSync(join(specRoot, version)).find((f) => f.endsWith(".convert"));
  if (file === undefined) return undefined;
  const strip = (n: SpecNode): ConvertNode => ({
    tag: n.tag,
    attrs: n.attrs,
    children: n.children.map(strip),
    text: n.text,
  });
  const nodes = toNodes(parser.parse(readFileSync(join(specRoot, version, file), "utf8")) as unknown[]).map(strip);
  const doc = {
    description: `Generated by scripts/generate-sdf-schemas.ts from libsdformat's ${file} (SDFormat ${version} specification folder; Apache-2.0, see ../LICENSE): how a file of the previous version is brought up to ${version}. Do not edit.`,
    from: file.replace(/\.convert$/, "").replace("_", "."),
    to: version,
    convert: nodes,
  };
  return `${JSON.stringify(sortKeys(doc as unknown as Json), null, 2)}\n`;
}

const versions = readdirSync(specRoot)
  .filter((v) => /^1\.\d+$/.test(v))
  .sort((a, b) => Number(a.split(".")[1]) - Number(b.split(".")[1]));
const license = join(specRoot, "..", "LICENSE");
const outputs: [string, string | Buffer][] = [
  ...versions.map((version): [string, string] => [join(outRoot, version, "sdf.schema.json"), generate(version)]),
  ...versions.flatMap((version): [string, string][] => {
    const json = convertJson(version);
    return json === undefined ? [] : [[join(outRoot, version, "convert.json"), json]];
  }),
  ...(existsSync(license) ? [[join(outRoot, "LICENSE"), readFileSync(license)] as [string, Buffer]] : []),
  [join(outRoot, "versions.json"), `${JSON.stringify(versions)}\n`],
];

if (process.argv.includes("--check")) {
  // CI: the committed schemas must be exactly what the spec files generate.
  const stale = outputs.filter(
    ([file, content]) => !existsSync(file) || !readFileSync(file).equals(Buffer.from(content)),
  );
  if (stale.length > 0) {
    console.error(`schemas/sdf is out of date (${stale.map(([f]) => f).join(", ")}): run npm run generate:schemas`);
    process.exit(1);
  }
  console.log(`schemas/sdf is up to date (${versions.join(", ")})`);
} else {
  for (const [file, content] of outputs) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  console.log(`wrote ${versions.length} SDF schemas (${versions.join(", ")}) to schemas/sdf/`);
}
