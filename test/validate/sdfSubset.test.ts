import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { schemaSubset } from "../../scripts/schemaSubset.js";
import { bundledExamples } from "../../src/cli/bundledExamples.js";
import { artifactKind } from "../../src/emit/ArtifactKind.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { SIM_TARGETS } from "../../src/emit/gazebo/SimTarget.js";
import { DEFAULT_SDF_VERSION } from "../../src/emit/sdf/SdfVersion.js";
import type { Robot } from "../../src/model/Robot.js";
import { readXml } from "../../src/parse/readXml.js";
import { loadSchema } from "../../src/schema/loadSchema.js";
import { loadValidator, type PrecompiledValidator } from "../../src/schema/loadValidator.js";
import { validateSdf } from "../../src/validate/validateFile.js";
import { xmlToJson } from "../../src/validate/schema/xmlToJson.js";

type Json = Record<string, unknown>;

/** The JSON checkSchema validates for each SDF file `robokit build` writes (every example and target). */
async function ownDocuments(): Promise<{ readonly path: string; readonly text: string; readonly json: Json }[]> {
  const out: { path: string; text: string; json: Json }[] = [];
  for (const [name, example] of Object.entries(bundledExamples)) {
    const robot = (await example.load())[example.exportName] as Robot;
    for (const target of SIM_TARGETS)
      for (const a of buildArtifacts(robot, { target })) {
        if (artifactKind(a.path) !== "sdf") continue;
        const root = readXml(a.content, a.path).document.root!;
        out.push({ path: `${name}/${target}/${a.path}`, text: a.content, json: { [root.name]: xmlToJson(root) } });
      }
  }
  return out;
}

/**
 * The children and attributes the whole SDF schema gives its definitions (link, joint, sensor,
 * world, …): names an edit puts where they are often allowed, so edits both stay within the
 * subset and leave it.
 */
function definitionNames(schema: Json): string[] {
  const names = new Set<string>();
  for (const def of Object.values((schema["$defs"] ?? {}) as Record<string, Json>))
    for (const name of Object.keys((def["properties"] ?? {}) as Json)) names.add(name);
  return [...names].sort();
}

/** Every object in a document with its parent and key, for edits. */
function objectsOf(data: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(data)) for (const d of data) objectsOf(d, out);
  else if (typeof data === "object" && data !== null) {
    out.push(data as Json);
    for (const v of Object.values(data)) objectsOf(v, out);
  }
  return out;
}

const TEXTS = ["", "1", "-1", "0 0 0 0 0 0", "abc", "nan", "1e400", "true", " 2 ", "1 2"];

/** One edit a fast-check run applies: where (any object, by index), what name and what value. */
type Edit = readonly [at: number, op: number, name: number, text: number];

function applyEdit(document: Json, [at, op, name, text]: Edit, names: readonly string[]): void {
  const objects = objectsOf(document);
  const target = objects[at % objects.length]!;
  const keys = Object.keys(target);
  switch (op % 4) {
    case 0:
      target[names[name % names.length]!] = [{ _: TEXTS[text % TEXTS.length] }];
      break;
    case 1:
      target[`@${names[name % names.length]!}`] = TEXTS[text % TEXTS.length];
      break;
    case 2:
      if (keys.length > 0) delete target[keys[name % keys.length]!];
      break;
    default:
      target["_"] = TEXTS[text % TEXTS.length];
  }
}

/** ajv's errors in a comparable form. */
const errorsOf = (v: PrecompiledValidator): unknown =>
  (v.errors ?? []).map((e) => ({ path: e.instancePath, keyword: e.keyword, params: e.params, schema: e.schemaPath }));

describe(`the validator of the SDF ${DEFAULT_SDF_VERSION} robokit writes (schemas/validators/sdf-${DEFAULT_SDF_VERSION}-subset.cjs)`, () => {
  let documents: Awaited<ReturnType<typeof ownDocuments>>;
  let subset: PrecompiledValidator;
  let whole: PrecompiledValidator;
  beforeAll(async () => {
    documents = await ownDocuments();
    subset = loadValidator(`sdf-${DEFAULT_SDF_VERSION}-subset.cjs`);
    whole = loadValidator(`sdf-${DEFAULT_SDF_VERSION}.cjs`);
  });

  it("covers every SDF file robokit builds for its examples: none leaves it", () => {
    expect(documents.length).toBeGreaterThan(SIM_TARGETS.length);
    for (const d of documents) {
      subset(d.json);
      expect(
        (subset.errors ?? []).filter((e) => e.keyword === "false schema"),
        d.path,
      ).toEqual([]);
    }
  });

  it("property: on any edit of those files, gives the whole schema's errors or says the file left it", () => {
    const names = definitionNames(loadSchema(`sdf/${DEFAULT_SDF_VERSION}/sdf.schema.json`));
    let left = 0;
    let kept = 0;
    fc.assert(
      fc.property(
        fc.nat({ max: documents.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }),
        (which, edits) => {
          const document = structuredClone(documents[which]!.json);
          for (const edit of edits) applyEdit(document, edit, names);
          const wholeValid = whole(document);
          const subsetValid = subset(document);
          if (subset.truncated === true || (subset.errors ?? []).some((e) => e.keyword === "false schema")) {
            left++;
            return;
          }
          kept++;
          expect(subsetValid).toBe(wholeValid);
          expect(errorsOf(subset)).toEqual(errorsOf(whole));
        },
      ),
      { numRuns: 300 },
    );
    // Both branches were taken: the property says something about each.
    expect(left).toBeGreaterThan(0);
    expect(kept).toBeGreaterThan(0);
  });

  it("reports a file with an element robokit never writes as the whole schema does", () => {
    const text = `<?xml version="1.0"?>\n<sdf version="${DEFAULT_SDF_VERSION}"><world name="w"><actor name="a"><skin><filename>s.dae</filename><scale>x</scale></skin></actor></world></sdf>\n`;
    const root = readXml(text, "a.sdf").document.root!;
    expect(subset({ [root.name]: xmlToJson(root) })).toBe(false);
    expect((subset.errors ?? []).some((e) => e.keyword === "false schema")).toBe(true);
    // The whole schema's finding: the scale that is not a number, at its place.
    const found = validateSdf(text, "a.sdf").filter((d) => d.severity === "error");
    expect(found.map((d) => [d.code, d.line, d.column, d.jsonPath])).toEqual([
      ["ELEMENT_INVALID", 2, 84, "/sdf/world/0/actor/0/skin/0/scale/0/_"],
    ]);
  });
});

describe("schemaSubset", () => {
  const schema = {
    $defs: { leaf: { type: "object", properties: { x: { type: "string" }, y: { type: "string" } } } },
    type: "object",
    additionalProperties: false,
    patternProperties: { ":": {} },
    required: ["r"],
    properties: { a: { $ref: "#/$defs/leaf" }, b: { type: "string" }, r: { type: "string" } },
  };

  it("keeps what the documents use and makes the rest false, leaving the schema it was given as it was", () => {
    const before = structuredClone(schema);
    const cut = schemaSubset(schema, [{ a: { x: "1" }, r: "" }]);
    expect(schema).toEqual(before);
    expect(cut["properties"]).toEqual({ a: { $ref: "#/$defs/leaf" }, b: false, r: { type: "string" } });
    expect(cut["$defs"]).toEqual({ leaf: { type: "object", properties: { x: { type: "string" }, y: false } } });
  });

  it("leaves out definitions nothing refers to any more", () => {
    const cut = schemaSubset(schema, [{ r: "" }]);
    expect(cut["properties"]).toEqual({ a: false, b: false, r: { type: "string" } });
    expect(cut["$defs"]).toEqual({});
  });
});
