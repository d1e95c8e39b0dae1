import { Ajv, type ErrorObject } from "ajv";
import { isMap, isNode, isScalar, LineCounter, parseDocument, type Document } from "yaml";

import scenarioSchema from "../../schemas/scenario.schema.json" with { type: "json" };
import type { Diagnostic } from "../validate/Diagnostic.js";
import type { Scenario } from "./Scenario.js";

/** Result of reading a scenario: the scenario when valid, and every problem with its place. */
export interface ScenarioResult {
  readonly scenario?: Scenario;
  readonly diagnostics: readonly Diagnostic[];
}

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const validate = ajv.compile(scenarioSchema);

/**
 * Reads a scenario written in YAML (or JSON), checks it against schemas/scenario.schema.json
 * and the rules a schema cannot state (time stamps strictly increasing, finite numbers), and
 * reports each problem at file:line:col with its JSON pointer. Pure: no I/O.
 *
 * @param text - the document text.
 * @param file - the name to report.
 */
export function readScenario(text: string, file: string): ScenarioResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      diagnostics: doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return { code: "DOCUMENT_INVALID", severity: "error", message: `not valid YAML: ${e.message.split("\n")[0] ?? e.code}`, file, line: pos.line, column: pos.col };
      }),
    };
  }
  const data: unknown = doc.toJS({ maxAliasCount: 100 });
  const at = (jsonPath: string, message: string): Diagnostic => ({ code: "DOCUMENT_INVALID", severity: "error", message, file, jsonPath, ...position(doc, lineCounter, jsonPath) });
  const nonFinite: Diagnostic[] = [];
  findNonFinite(data, "", (p) => nonFinite.push(at(p, `${p}: must be a finite number`)));
  if (nonFinite.length > 0) return { diagnostics: nonFinite };
  if (!validate(data)) {
    const errors = (validate.errors ?? []).filter((e) => e.keyword !== "if");
    return { diagnostics: dedupe(errors.map((e) => schemaMessage(e)).map(({ path, message }) => at(path, message))) };
  }
  const scenario = data as unknown as Scenario;
  const diagnostics: Diagnostic[] = [];
  if (scenario.profile.type === "commands") {
    scenario.profile.points.forEach((p, i) => {
      const prev = scenario.profile.type === "commands" ? scenario.profile.points[i - 1] : undefined;
      if (prev !== undefined && !(p.t > prev.t)) {
        diagnostics.push(at(`/profile/points/${i}/t`, `/profile/points/${i}/t: time ${p.t} s must be later than the previous point's ${prev.t} s`));
      }
    });
  }
  return diagnostics.length > 0 ? { diagnostics } : { scenario, diagnostics };
}

function schemaMessage(e: ErrorObject): { path: string; message: string } {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === "additionalProperties") {
    const path = `${e.instancePath}/${String(params["additionalProperty"])}`;
    return { path, message: `${path}: unknown field "${String(params["additionalProperty"])}"` };
  }
  const where = e.instancePath === "" ? "document" : e.instancePath;
  if (e.keyword === "required") return { path: e.instancePath, message: `${where}: missing required field "${String(params["missingProperty"])}"` };
  if (e.keyword === "enum") {
    return { path: e.instancePath, message: `${where}: must be one of ${(params["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}` };
  }
  return { path: e.instancePath, message: `${where}: ${e.message ?? "is invalid"}` };
}

function findNonFinite(value: unknown, path: string, report: (path: string) => void): void {
  if (typeof value === "number" && !Number.isFinite(value)) report(path);
  else if (Array.isArray(value)) value.forEach((v, i) => findNonFinite(v, `${path}/${i}`, report));
  else if (typeof value === "object" && value !== null) for (const [k, v] of Object.entries(value)) findNonFinite(v, `${path}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, report);
}

function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.jsonPath ?? ""}\u0000${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** line:column of the node a JSON pointer names, or of its nearest existing ancestor. */
function position(doc: Document, lineCounter: LineCounter, jsonPath: string): { line?: number; column?: number } {
  const segments = jsonPath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  // A field is reported at its key (an unknown field's value may be anything).
  const last = segments[segments.length - 1];
  const parent: unknown = segments.length <= 1 ? doc.contents : doc.getIn(segments.slice(0, -1), true);
  if (typeof last === "string" && isMap(parent)) {
    const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === last);
    if (pair !== undefined && isNode(pair.key) && pair.key.range !== undefined && pair.key.range !== null) {
      const pos = lineCounter.linePos(pair.key.range[0]);
      return { line: pos.line, column: pos.col };
    }
  }
  for (let n = segments.length; n >= 0; n--) {
    const node: unknown = n === 0 ? doc.contents : doc.getIn(segments.slice(0, n), true);
    if (isNode(node) && node.range !== undefined && node.range !== null) {
      const pos = lineCounter.linePos(node.range[0]);
      return { line: pos.line, column: pos.col };
    }
  }
  return {};
}
