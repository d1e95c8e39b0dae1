import type { ErrorObject } from "ajv";

import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { policyDiagnostic } from "../diagnostics/severityPolicy.js";
import { loadSchema } from "../schema/loadSchema.js";
import { loadValidator, type PrecompiledValidator } from "../schema/loadValidator.js";
import { schemaPropertyNames } from "../schema/schemaPropertyNames.js";
import { closestName } from "../util/closestName.js";
import { findNonFinite } from "../util/findNonFinite.js";
import { findNonPlainData } from "../util/findNonPlainData.js";
import { INPUT_LIMITS } from "../util/inputLimits.js";
import { type Locate, schemaDiagnostics } from "../util/yamlDocument.js";
import { checkRobot } from "./checkRobot.js";
import { describeJsonPath } from "./describeJsonPath.js";
import type { Robot } from "./Robot.js";

/** Where the diagnostics of {@link checkRobotData} are placed. */
export interface CheckRobotDataOptions {
  /** The file to name in each diagnostic (none when omitted). */
  readonly file?: string;
  /** The line:column of a JSON pointer in the source text, when there is one. */
  readonly locate?: Locate;
}

// schemas/robot.schema.json, precompiled (scripts/precompile-validators.ts); loaded on first
// use, so commands that never check a robot do not pay for it.
let compiledSchema: PrecompiledValidator | undefined;
function robotSchemaValidator(): PrecompiledValidator {
  compiledSchema ??= loadValidator("robot.cjs");
  return compiledSchema;
}

/**
 * Loads what {@link checkRobotData} needs before its first call (the robot schema's validator),
 * for a caller that has a moment to spare now: the CLI while Node strips a robot module.
 */
export function loadRobotCheck(): void {
  robotSchemaValidator();
}

// The findings on robots defineRobot froze (they cannot change afterwards): each checked once
// however often it is loaded (a module's build() and then the CLI).
const frozenFindings = new WeakMap<object, readonly Diagnostic[]>();

/**
 * Records the findings of {@link checkRobotData} (called without a file) on a robot that is
 * now deeply frozen, so checking it again returns them without a second walk.
 */
export function rememberFindings(frozenRobot: Robot, findings: readonly Diagnostic[]): void {
  frozenFindings.set(frozenRobot, findings);
}

/**
 * The one check every robot goes through, however it was written (a YAML or JSON document, a
 * plain object, a RobotBuilder in a `.ts` or `.mjs` module run without type-checking): plain
 * data only (no function, class instance or cycle), every number finite, then
 * schemas/robot.schema.json (unknown fields, wrong types, unknown discriminants, tuple
 * lengths, with a "did you mean" for a close name), then the model rules of
 * {@link checkRobot}. Each stage runs only when the one before found no error, so the rules
 * only ever see data of the model's shape. Every diagnostic carries its JSON pointer.
 * Never throws on data, however malformed.
 */
export function checkRobotData(data: unknown, options: CheckRobotDataOptions = {}): Diagnostic[] {
  const file = options.file;
  const known = typeof data === "object" && data !== null ? frozenFindings.get(data) : undefined;
  if (known !== undefined) return known.map((d) => (file === undefined ? d : { ...d, file }));
  const locate: Locate = options.locate ?? (() => ({}));
  const at = (jsonPath: string): Pick<Diagnostic, "file" | "line" | "column" | "jsonPath"> => ({
    ...(file === undefined ? {} : { file }),
    jsonPath,
    ...locate(jsonPath),
  });
  const tooLarge = sizeProblem(data, at);
  if (tooLarge !== undefined) return [tooLarge];

  const nonPlain: Diagnostic[] = [];
  findNonPlainData(data, (jsonPath, what) => {
    nonPlain.push({
      code: "DOCUMENT_INVALID",
      severity: "error",
      message: `${where(data, jsonPath)} is ${what}; a robot holds plain data only (numbers, strings, booleans, arrays and objects)`,
      ...at(jsonPath),
    });
  });
  if (nonPlain.length > 0) return nonPlain;

  // Non-finite numbers first, in the model's words: the schema would only say "must be number".
  const nonFinite: Diagnostic[] = [];
  findNonFinite(data, (jsonPath, value) => {
    nonFinite.push({
      code: "NUMBER_NOT_FINITE",
      severity: "error",
      message: `${where(data, jsonPath)} is ${String(value)}; numbers must be finite`,
      ...at(jsonPath),
    });
  });
  if (nonFinite.length > 0) return nonFinite;

  const validate = robotSchemaValidator();
  if (!validate(data)) {
    return schemaDiagnostics(
      validate.errors ?? [],
      file ?? "",
      locate,
      (p) => describeJsonPath(data, p).owner,
      validate.truncated === true,
      (error, jsonPath) => didYouMean(data, error, jsonPath),
    );
  }
  const robot = data as Robot;
  return checkRobot(robot).map((d) => ({
    ...d,
    ...(file === undefined ? {} : { file }),
    ...(d.jsonPath === undefined ? {} : locate(d.jsonPath)),
  }));
}

/** `joint "pan": limit.effort`, or the bare pointer where the data has no such shape. */
function where(data: unknown, jsonPath: string): string {
  const { owner, field } = describeJsonPath(data, jsonPath);
  return field === "" ? owner : `${owner}: ${field}`;
}

/**
 * Millions of links would pass the byte and value limits as tiny entries and then cost the
 * model check and the writers gigabytes: refused before the schema, as a limit.
 */
function sizeProblem(
  data: unknown,
  at: (jsonPath: string) => Pick<Diagnostic, "file" | "line" | "column" | "jsonPath">,
): Diagnostic | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  for (const key of ["links", "joints"] as const) {
    const list = (data as Record<string, unknown>)[key];
    if (Array.isArray(list) && list.length > INPUT_LIMITS.maxDocumentLinks) {
      const { jsonPath, ...place } = at(`/${key}`);
      return {
        ...policyDiagnostic(
          "tooManyElements",
          `the robot has ${list.length} ${key}; robokit reads at most ${INPUT_LIMITS.maxDocumentLinks}`,
          place,
        ),
        jsonPath: jsonPath ?? `/${key}`,
      };
    }
  }
  return undefined;
}

/** A close field name for an unknown field, a close value for one outside an enumeration. */
function didYouMean(data: unknown, error: ErrorObject, jsonPath: string): string | undefined {
  const params = error.params as Record<string, unknown>;
  let suggestion: string | undefined;
  if (error.keyword === "additionalProperty" || error.keyword === "additionalProperties") {
    const field = String(params["additionalProperty"]);
    const present = valueAt(data, error.instancePath);
    const names = schemaPropertyNames(loadSchema("robot.schema.json"), data, error.instancePath).filter(
      (n) => typeof present !== "object" || present === null || !(n in present),
    );
    suggestion = closestName(field, names);
  } else if (error.keyword === "enum") {
    const value = valueAt(data, jsonPath);
    const allowed = (params["allowedValues"] as unknown[]).filter((v): v is string => typeof v === "string");
    if (typeof value === "string") suggestion = closestName(value, allowed);
  }
  return suggestion === undefined ? undefined : `did you mean "${suggestion}"?`;
}

function valueAt(data: unknown, jsonPath: string): unknown {
  let at = data;
  for (const part of jsonPath.split("/").slice(1)) {
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    at = typeof at === "object" && at !== null ? (at as Record<string, unknown>)[key] : undefined;
  }
  return at;
}
