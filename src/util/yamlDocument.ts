import type { ErrorObject } from "ajv";
import { isMap, isNode, isScalar, LineCounter, parseDocument, type Document } from "yaml";

import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { schemaErrorLimitMessage } from "./schemaErrorLimit.js";
import { policyDiagnostic } from "../diagnostics/severityPolicy.js";
import { INPUT_LIMITS } from "./inputLimits.js";
import { YamlAliasError, yamlToJs } from "./yamlToJs.js";

/** Where a JSON pointer stands in the source text (1-based). */
export type Locate = (jsonPath: string) => { line?: number; column?: number };

/** A parsed YAML/JSON document: its data and a way to place a JSON pointer in the text. */
export interface YamlDocument {
  readonly data: unknown;
  readonly locate: Locate;
}

/**
 * Parses YAML (JSON is YAML) keeping positions. Syntax errors come back as DOCUMENT_INVALID
 * diagnostics at file:line:col; never throws. Pure: `file` is only reported.
 */
export function parseYamlDocument(
  text: string,
  file: string,
): { document: YamlDocument; diagnostics?: undefined } | { document?: undefined; diagnostics: Diagnostic[] } {
  if (text.length > INPUT_LIMITS.maxDocumentBytes) {
    return {
      diagnostics: [
        policyDiagnostic(
          "inputTooLarge",
          `the document has ${text.length} characters; robokit reads at most ${INPUT_LIMITS.maxDocumentBytes}`,
          { file, line: 1, column: 1 },
        ),
      ],
    };
  }
  const nodes = separatorCount(text);
  if (nodes > INPUT_LIMITS.maxJsonNodes) {
    const json = /^\s*\{/.test(text);
    return {
      diagnostics: [
        tooManyNodes(file, nodes, json ? INPUT_LIMITS.maxJsonNodes : INPUT_LIMITS.maxYamlNodes, json ? "JSON" : "YAML"),
      ],
    };
  }
  const json = parseJsonFast(text);
  if (json?.error !== undefined && nodes > INPUT_LIMITS.maxYamlNodes) {
    // Too large for the YAML reader, which would place the syntax error: JSON.parse's words.
    return {
      diagnostics: [
        {
          code: "DOCUMENT_INVALID",
          severity: "error",
          message: `not valid JSON: ${json.error}`,
          file,
          line: 1,
          column: 1,
        },
      ],
    };
  }
  if (json?.error === undefined && json !== undefined) {
    if (depthOf(json.data) > INPUT_LIMITS.maxDepth) return { diagnostics: [tooDeep(file)] };
    // Positions are only needed for diagnostics: the (slow) YAML parse happens on the first
    // lookup, and only when the YAML parser can hold the document (else diagnostics carry
    // their JSON pointer alone).
    if (nodes > INPUT_LIMITS.maxYamlNodes) return { document: { data: json.data, locate: () => ({}) } };
    let located: Locate | undefined;
    const locate: Locate = (p) => {
      if (located === undefined) {
        const lineCounter = new LineCounter();
        const doc = parseDocument(text, { lineCounter, prettyErrors: false, logLevel: "error" });
        located = (q) => position(doc, lineCounter, q);
      }
      return located(p);
    };
    return { document: { data: json.data, locate } };
  }
  if (nodes > INPUT_LIMITS.maxYamlNodes)
    return { diagnostics: [tooManyNodes(file, nodes, INPUT_LIMITS.maxYamlNodes, "YAML")] };
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, logLevel: "error" });
  } catch (error) {
    if (error instanceof RangeError) return { diagnostics: [tooDeep(file)] };
    throw error;
  }
  // The parser reports its own stack overflow as a syntax error: it is the nesting limit.
  if (doc.errors.some((e) => /call stack/i.test(e.message))) return { diagnostics: [tooDeep(file)] };
  if (doc.errors.length > 0) {
    return {
      diagnostics: doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return {
          code: "DOCUMENT_INVALID",
          severity: "error",
          message: `not valid YAML/JSON: ${e.message.split("\n")[0] ?? e.code}`,
          file,
          line: pos.line,
          column: pos.col,
        };
      }),
    };
  }
  let data: unknown;
  try {
    data = yamlToJs(doc, INPUT_LIMITS.maxYamlAliases);
    if (depthOf(data) > INPUT_LIMITS.maxDepth) return { diagnostics: [tooDeep(file)] };
  } catch (error) {
    if (error instanceof RangeError) return { diagnostics: [tooDeep(file)] };
    if (!(error instanceof YamlAliasError)) throw error;
    const pos = lineCounter.linePos(error.offset ?? 0);
    if (error.reason === "unresolved") {
      return {
        diagnostics: [
          {
            code: "DOCUMENT_INVALID",
            severity: "error",
            message: `not valid YAML/JSON: ${error.message}`,
            file,
            line: pos.line,
            column: pos.col,
          },
        ],
      };
    }
    // A "billion laughs" document: reported at the alias that passes the limit.
    return {
      diagnostics: [
        {
          code: "YAML_ALIAS_LIMIT",
          severity: "error",
          message: `the document's aliases (*name) expand to more than ${INPUT_LIMITS.maxYamlAliases} nodes; robokit stops there`,
          file,
          line: pos.line,
          column: pos.col,
        },
      ],
    };
  }
  return { document: { data, locate: (p) => position(doc, lineCounter, p) } };
}

/**
 * A JSON document read with JSON.parse, about 20 times faster and smaller than the YAML
 * parser; undefined when the text is not an object in strict JSON (then YAML reads it).
 */
function parseJsonFast(
  text: string,
): { data: unknown; error?: undefined } | { data?: undefined; error: string } | undefined {
  if (!/^\s*\{/.test(text)) return undefined;
  try {
    return { data: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function tooDeep(file: string): Diagnostic {
  return {
    code: "NESTING_TOO_DEEP",
    severity: "error",
    message: `the document nests deeper than ${INPUT_LIMITS.maxDepth} levels; robokit does not read such documents`,
    file,
    line: 1,
    column: 1,
  };
}

/**
 * An upper bound of a document's node count, from one scan before parsing: every node but
 * the first follows one of `,` `:` `-` `[` `{` `?`. The YAML parser needs about 500 bytes per
 * node, JSON.parse far less, so each has its own limit.
 */
function separatorCount(text: string): number {
  let nodes = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // , : - [ { ?
    if (c === 44 || c === 58 || c === 45 || c === 91 || c === 123 || c === 63) nodes++;
  }
  return nodes;
}

function tooManyNodes(file: string, nodes: number, limit: number, kind: "JSON" | "YAML"): Diagnostic {
  const hint = kind === "YAML" ? " in YAML (write larger robots as JSON)" : " in JSON";
  return policyDiagnostic(
    "tooManyElements",
    `the document has ${nodes} separators (, : - [ { ?), an upper bound of its values; robokit reads at most ${limit}${hint}`,
    { file, line: 1, column: 1 },
  );
}

/** Nesting depth of plain data, without recursion (deep data must not overflow the stack here). */
function depthOf(value: unknown): number {
  let max = 0;
  // Two parallel stacks (value, its depth): no tuple allocated per value.
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const v = values.pop();
    const d = depths.pop() ?? 0;
    if (typeof v !== "object" || v === null) continue;
    if (d + 1 > max) max = d + 1;
    if (max > INPUT_LIMITS.maxDepth) return max;
    if (Array.isArray(v)) {
      for (const child of v as unknown[]) {
        if (typeof child !== "object" || child === null) continue;
        values.push(child);
        depths.push(d + 1);
      }
    } else {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        const child = (v as Record<string, unknown>)[key];
        if (typeof child !== "object" || child === null) continue;
        values.push(child);
        depths.push(d + 1);
      }
    }
  }
  return max;
}

/**
 * ajv errors as diagnostics with JSON pointer and line:col, in words a user reads
 * ("unknown field", "missing required field", "must be one of …"); `if` noise and
 * duplicates dropped. `owner` may prefix each message with the element it concerns; `hint`
 * may suggest a fix for an error (e.g. `did you mean "axis"?`), given the pointer it reports.
 * An empty `file` leaves the diagnostics without one.
 */
export function schemaDiagnostics(
  errors: readonly ErrorObject[],
  file: string,
  locate: Locate,
  owner: (jsonPath: string) => string = () => "",
  truncated = false,
  hint: (error: ErrorObject, jsonPath: string) => string | undefined = () => undefined,
): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const e of errors) {
    if (e.keyword === "if") continue;
    const params = e.params as Record<string, unknown>;
    let jsonPath = e.instancePath;
    let what = e.message ?? "is invalid";
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
    const prefix = owner(jsonPath);
    const message = `${prefix === "" ? "" : `${prefix}: `}${jsonPath === "" ? "document" : jsonPath}: ${what}`;
    const key = `${jsonPath}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const suggestion = hint(e, jsonPath);
    out.push({
      code: "DOCUMENT_INVALID",
      severity: "error",
      message,
      ...(file === "" ? {} : { file }),
      jsonPath,
      ...locate(jsonPath),
      ...(suggestion === undefined ? {} : { hint: suggestion }),
    });
  }
  // The validator stopped at its error limit (INPUT_LIMITS.maxSchemaErrors): say so.
  if (truncated)
    out.push(
      policyDiagnostic(
        "tooManySchemaErrors",
        schemaErrorLimitMessage(),
        file === "" ? {} : { file, line: 1, column: 1 },
      ),
    );
  return out;
}

/** line:column of the node a JSON pointer names (a field at its key), or of its nearest existing ancestor. */
function position(doc: Document, lineCounter: LineCounter, jsonPath: string): { line?: number; column?: number } {
  const segments = jsonPath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const at = (offset: number): { line: number; column: number } => {
    const pos = lineCounter.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
  const last = segments[segments.length - 1];
  const parent: unknown = segments.length <= 1 ? doc.contents : doc.getIn(segments.slice(0, -1), true);
  if (typeof last === "string" && isMap(parent)) {
    const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === last);
    if (pair !== undefined && isNode(pair.key) && pair.key.range !== undefined && pair.key.range !== null)
      return at(pair.key.range[0]);
  }
  for (let n = segments.length; n >= 0; n--) {
    const node: unknown = n === 0 ? doc.contents : doc.getIn(segments.slice(0, n), true);
    if (isNode(node) && node.range !== undefined && node.range !== null) return at(node.range[0]);
  }
  return {};
}
