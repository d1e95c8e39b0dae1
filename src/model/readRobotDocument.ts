import { findNonFinite } from "../util/findNonFinite.js";
import { INPUT_LIMITS } from "../util/inputLimits.js";
import { parseYamlDocument, schemaDiagnostics } from "../util/yamlDocument.js";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { hasErrors } from "../diagnostics/Diagnostic.js";
import { loadValidator, type PrecompiledValidator } from "../schema/loadValidator.js";
import { policyDiagnostic } from "../diagnostics/severityPolicy.js";
import { checkRobot } from "./checkRobot.js";
import { describeJsonPath } from "./describeJsonPath.js";
import type { Robot } from "./Robot.js";

/** Result of reading a robot document: the robot when it is valid, and every diagnostic. */
export interface RobotDocumentResult {
  readonly robot?: Robot;
  readonly diagnostics: readonly Diagnostic[];
}

// schemas/robot.schema.json, precompiled (scripts/precompile-validators.ts); loaded on first
// use, so commands that never read a document do not pay for it.
let compiledSchema: PrecompiledValidator | undefined;
function robotSchemaValidator(): PrecompiledValidator {
  compiledSchema ??= loadValidator("robot.cjs");
  return compiledSchema;
}

/**
 * Reads a robot written as YAML or JSON (JSON is YAML), checks it against
 * schemas/robot.schema.json and then the model rules, and reports each problem with its JSON
 * pointer and the line:column where it stands in the text.
 *
 * @param text - the document text.
 * @param file - the name to report (no I/O happens here).
 */
export function readRobotDocument(text: string, file: string): RobotDocumentResult {
  const parsed = parseYamlDocument(text, file);
  if (parsed.document === undefined) return { diagnostics: parsed.diagnostics };
  const { data, locate } = parsed.document;
  // Millions of links would pass the byte and value limits as tiny entries and then cost the
  // model check and the writers gigabytes: refused before the schema, as a limit.
  for (const key of ["links", "joints"] as const) {
    const list = typeof data === "object" && data !== null ? (data as Record<string, unknown>)[key] : undefined;
    if (Array.isArray(list) && list.length > INPUT_LIMITS.maxDocumentLinks) {
      return {
        diagnostics: [
          {
            ...policyDiagnostic(
              "tooManyElements",
              `the document has ${list.length} ${key}; robokit reads at most ${INPUT_LIMITS.maxDocumentLinks}`,
              { file, ...locate(`/${key}`) },
            ),
            jsonPath: `/${key}`,
          },
        ],
      };
    }
  }
  // Non-finite numbers (YAML .nan, .inf) first, in the model's words: the schema would only say "must be number".
  const nonFinite: Diagnostic[] = [];
  findNonFinite(data, (jsonPath, value) => {
    // The data has not passed the schema yet: name each owner when the shape allows, never assume it.
    let where = jsonPath;
    try {
      const { owner, field } = describeJsonPath(data as Robot, jsonPath);
      where = `${owner}: ${field}`;
    } catch {
      // A malformed document: the JSON pointer alone says where.
    }
    nonFinite.push({
      code: "NUMBER_NOT_FINITE",
      severity: "error",
      message: `${where} is ${String(value)}; numbers must be finite`,
      file,
      jsonPath,
      ...locate(jsonPath),
    });
  });
  if (nonFinite.length > 0) return { diagnostics: nonFinite };
  const validateSchema = robotSchemaValidator();
  if (!validateSchema(data)) {
    return {
      diagnostics: schemaDiagnostics(
        validateSchema.errors ?? [],
        file,
        locate,
        (p) => describeJsonPath(data, p).owner,
        validateSchema.truncated === true,
      ),
    };
  }
  const robot = data as Robot;
  const diagnostics = checkRobot(robot).map((d) => ({
    ...d,
    file,
    ...(d.jsonPath === undefined ? {} : locate(d.jsonPath)),
  }));
  return hasErrors(diagnostics) ? { diagnostics } : { robot, diagnostics };
}
