import { Ajv, type ErrorObject } from "ajv";
import { isNode, LineCounter, parseDocument, type Document } from "yaml";

import robotSchema from "../../schemas/robot.schema.json" with { type: "json" };
import type { Diagnostic } from "../validate/Diagnostic.js";
import { hasErrors } from "../validate/Diagnostic.js";
import { checkRobot } from "./checkRobot.js";
import { describeJsonPath } from "./describeJsonPath.js";
import type { Robot } from "./Robot.js";

/** Result of reading a robot document: the robot when it is valid, and every diagnostic. */
export interface RobotDocumentResult {
  readonly robot?: Robot;
  readonly diagnostics: readonly Diagnostic[];
}

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, discriminator: true });
const validateSchema = ajv.compile(robotSchema);

/**
 * Reads a robot written as YAML or JSON (JSON is YAML), checks it against
 * schemas/robot.schema.json and then the model rules, and reports each problem with its JSON
 * pointer and the line:column where it stands in the text.
 *
 * @param text - the document text.
 * @param file - the name to report (no I/O happens here).
 */
export function readRobotDocument(text: string, file: string): RobotDocumentResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      diagnostics: doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return { code: "DOCUMENT_INVALID", severity: "error", message: `not valid YAML/JSON: ${e.message.split("\n")[0] ?? e.code}`, file, line: pos.line, column: pos.col };
      }),
    };
  }
  const data: unknown = doc.toJS({ maxAliasCount: 100 });
  const locate = (jsonPath: string): { line?: number; column?: number } => position(doc, lineCounter, jsonPath);
  // Non-finite numbers (YAML .nan, .inf) first: the schema would only say "must be number".
  const nonFinite = checkRobot(data as Robot).filter((d) => d.code === "NUMBER_NOT_FINITE");
  if (nonFinite.length > 0) return { diagnostics: nonFinite.map((d) => ({ ...d, file, ...locate(d.jsonPath ?? "") })) };
  if (!validateSchema(data)) {
    const errors = (validateSchema.errors ?? []).filter((e) => e.keyword !== "if");
    return { diagnostics: dedupe(errors.map((e) => schemaDiagnostic(e, data, file, locate))) };
  }
  const robot = data as Robot;
  const diagnostics = checkRobot(robot).map((d) => ({ ...d, file, ...(d.jsonPath === undefined ? {} : locate(d.jsonPath)) }));
  return hasErrors(diagnostics) ? { diagnostics } : { robot, diagnostics };
}

/** An ajv error as a diagnostic naming the element and field: `joint "servo1": /joints/0/axle: unknown field "axle"`. */
function schemaDiagnostic(e: ErrorObject, data: unknown, file: string, locate: (p: string) => { line?: number; column?: number }): Diagnostic {
  const params = e.params as Record<string, unknown>;
  let jsonPath = e.instancePath;
  let what = `${e.message ?? "is invalid"}`;
  if (e.keyword === "additionalProperties") {
    jsonPath = `${e.instancePath}/${String(params["additionalProperty"])}`;
    what = `unknown field "${String(params["additionalProperty"])}"`;
  } else if (e.keyword === "required") {
    what = `missing required field "${String(params["missingProperty"])}"`;
  } else if (e.keyword === "enum") {
    what = `must be one of ${(params["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
  } else if (e.keyword === "discriminator") {
    what = `"type" must be one of the known kinds`;
  }
  const { owner } = describeJsonPath(data, jsonPath);
  const message = `${owner}: ${jsonPath === "" ? "document" : jsonPath}: ${what}`;
  return { code: "DOCUMENT_INVALID", severity: "error", message, file, jsonPath, ...locate(jsonPath) };
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
  for (let n = segments.length; n >= 0; n--) {
    const node: unknown = n === 0 ? doc.contents : doc.getIn(segments.slice(0, n), true);
    if (isNode(node) && node.range !== undefined && node.range !== null) {
      const pos = lineCounter.linePos(node.range[0]);
      return { line: pos.line, column: pos.col };
    }
  }
  return {};
}
