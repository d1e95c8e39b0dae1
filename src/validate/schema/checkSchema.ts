import type { ErrorObject } from "ajv";

import type { RuleContext } from "../RuleContext.js";
import type { Finding } from "../../diagnostics/severityPolicy.js";
import type { XmlElement } from "../../parse/XmlDocument.js";
import { isGazeboExtensionElement, isGazeboRepeatableElement } from "./gazeboExtensionElements.js";
import { loadSchema } from "../../schema/loadSchema.js";
import { loadValidator, loadValidatorIfAny, type PrecompiledValidator } from "../../schema/loadValidator.js";
import { schemaErrorLimitMessage } from "../../util/schemaErrorLimit.js";
import { locateJsonPointer, xmlToJson } from "./xmlToJson.js";

const loaded = new Map<string, PrecompiledValidator>();

/**
 * The precompiled validator (schemas/validators/, scripts/precompile-validators.ts) of a
 * schema file under schemas/, e.g. `sdf/1.9/sdf.schema.json` → `sdf-1.9.cjs` (cached per process).
 */
export function schemaValidator(path: string): PrecompiledValidator {
  let validate = loaded.get(path);
  if (validate === undefined) {
    const version = sdfVersionOf(path);
    const file =
      version !== undefined ? `sdf-${version}.cjs` : path === "urdf/urdf.schema.json" ? "urdf.cjs" : undefined;
    if (file === undefined) throw new Error(`no precompiled validator for schemas/${path}`);
    validate = loadValidator(file);
    loaded.set(path, validate);
  }
  return validate;
}

/**
 * The ajv keyword of the error a `false` schema gives. In a subset validator it marks an
 * element or attribute robokit's own files never have there: the document left the subset.
 */
const LEFT_SUBSET = "false schema";
/** The subset validator of each SDF version that has one (sdf-<version>-subset.cjs), or undefined. */
const subsets = new Map<string, PrecompiledValidator | undefined>();

/** The subset validator of an SDF version (sdf-<version>-subset.cjs), loaded once; undefined when it has none. */
function subsetOf(version: string): PrecompiledValidator | undefined {
  if (!subsets.has(version)) subsets.set(version, loadValidatorIfAny(`sdf-${version}-subset.cjs`));
  return subsets.get(version);
}

/**
 * Loads what {@link checkSchema} first runs on documents of the schema `path` (an SDF
 * version's subset validator when it has one, else the whole one), ahead of the first check:
 * for a caller with a moment to spare (the CLI while Node strips a robot module).
 */
export function preloadSchemaValidator(path: string): void {
  const version = sdfVersionOf(path);
  if (version === undefined || subsetOf(version) === undefined) schemaValidator(path);
}

/** The version of an SDF schema's path (`sdf/1.9/sdf.schema.json`), or undefined for another schema. */
function sdfVersionOf(path: string): string | undefined {
  return /^sdf\/(\d+\.\d+)\/sdf\.schema\.json$/.exec(path)?.[1];
}

/**
 * The validator of the part of an SDF version that robokit's own files use, when there is one
 * and the document stays within it: its errors are then exactly those of the whole schema
 * (scripts/schemaSubset.ts), and it loads in a third of the time. Otherwise (no subset, a
 * document that meets an element the subset lacks, or more errors than are kept) the whole
 * schema's validator.
 */
function validatorFor(path: string, json: unknown): PrecompiledValidator {
  const version = sdfVersionOf(path);
  if (version !== undefined) {
    const subset = subsetOf(version);
    if (
      subset !== undefined &&
      (subset(json) || (subset.truncated !== true && !subset.errors?.some((e) => e.keyword === LEFT_SUBSET)))
    )
      return subset;
  }
  const validate = schemaValidator(path);
  validate(json);
  return validate;
}

/** Options of {@link checkSchema}. */
export interface CheckSchemaOptions {
  /** Report only the errors of these ajv keywords (e.g. `sdfRange` alone). */
  readonly keywords?: readonly string[];
}

/**
 * Phase 1, structural: validates the document against a JSON Schema (ajv, allErrors) and
 * reports each ajv error at the XML element or attribute its instancePath names.
 */
export function checkSchema(ctx: RuleContext, schemaPath: string, options: CheckSchemaOptions = {}): void {
  const json = { [ctx.root.name]: xmlToJson(ctx.root) };
  const validate = validatorFor(schemaPath, json);
  if ((validate.errors ?? []).length === 0) return;
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (options.keywords !== undefined && !options.keywords.includes(error.keyword)) continue;
    // The schema itself is read only to name the type of a value that does not match it.
    reportAjvError(ctx, error, () => loadSchema(schemaPath));
  }
  if (validate.truncated === true && options.keywords === undefined)
    ctx.flag("tooManySchemaErrors", ctx.root, schemaErrorLimitMessage());
}

/** SDF files older than this minor version are read converted (validateSdf.ts, SDF_SCHEMA_MINOR.oldest). */
const CONVERTED_FROM_MINOR = 6;

function describe(element: { name: string }): string {
  return `<${element.name}>`;
}

function reportAjvError(ctx: RuleContext, error: ErrorObject, schema: () => Record<string, unknown>): void {
  const { element, attribute } = locateJsonPointer(ctx.root, error.instancePath);
  const params = error.params as Record<string, unknown>;
  const jsonPath = error.instancePath;
  const push = (finding: Finding, message: string, attr?: string): void => {
    const before = ctx.diagnostics.length;
    ctx.flag(finding, element, message, attr);
    // Only when flag kept it (past the per-code limit it only counts).
    const last = ctx.diagnostics.length > before ? ctx.diagnostics[ctx.diagnostics.length - 1] : undefined;
    if (last !== undefined) ctx.diagnostics[ctx.diagnostics.length - 1] = { ...last, jsonPath };
  };
  switch (error.keyword) {
    case "required": {
      const missing = String(params["missingProperty"] ?? "");
      if (missing.startsWith("@")) {
        const product =
          ctx.format === "urdf" && element.name === "inertia" && ["@ixy", "@ixz", "@iyz"].includes(missing);
        push(
          product ? "urdfInertiaProductMissing" : "attributeMissing",
          `required attribute [${missing.slice(1)}] of ${describe(element)} is missing`,
        );
      } else if (
        ctx.format === "sdf" &&
        element.name === "script" &&
        missing === "uri" &&
        /\/material\/script$/.test(element.xmlPath)
      ) {
        // Not a defaulted element: libsdformat refuses the script (sdfMaterialScript reports it).
        return;
      } else if (element.name === "include" && missing === "uri") {
        push("attributeMissing", `<include> has no <uri>: nothing to include`);
      } else {
        push(missingFinding(ctx, element), `required element <${missing}> of ${describe(element)} is missing`);
      }
      return;
    }
    case "additionalProperties": {
      const extra = String(params["additionalProperty"] ?? "");
      if (extra.startsWith("@")) {
        push(
          "unknownAttribute",
          `attribute [${extra.slice(1)}] is not defined for ${describe(element)} in ${label(ctx)}`,
          extra.slice(1),
        );
      } else {
        if (ctx.format === "sdf" && isGazeboExtensionElement(element.name, extra)) return;
        const child = element.children.find((c) => c.name === extra);
        const where = child ?? element;
        ctx.flag(
          "unknownElement",
          where,
          `element <${extra}> is not defined as a child of ${describe(element)} in ${label(ctx)}`,
        );
      }
      return;
    }
    case "maxItems": {
      // The pointer names the array; its parent element holds the repeated children.
      const parent = locateJsonPointer(ctx.root, parentPointer(jsonPath)).element;
      const name = lastKey(jsonPath);
      if (parent === ctx.root && ctx.format === "sdf") return; // sdfRootElements reports this
      if (ctx.format === "sdf" && isGazeboRepeatableElement(parent, name)) return;
      const repeated = parent.children.filter((c) => c.name === name);
      ctx.flag(
        "repeatedElement",
        repeated[1] ?? parent,
        `<${name}> may appear at most once in ${describe(parent)}; only the first is used`,
      );
      return;
    }
    case "minItems": {
      const parent = locateJsonPointer(ctx.root, parentPointer(jsonPath)).element;
      ctx.flag(missingFinding(ctx, parent), parent, `${describe(parent)} needs at least one <${lastKey(jsonPath)}>`);
      return;
    }
    case "deprecated":
      return;
    case "pattern":
    case "sdfRange": {
      const raw =
        attribute === undefined
          ? element.text.trim()
          : (element.attributes.find((a) => a.name === attribute)?.value ?? "");
      const sdfType = String(
        schemaNodeAt(schema(), parentPointer(error.schemaPath.replace(/^#/, "")))?.["sdfType"] ??
          (ctx.format === "urdf" ? "number (or list of numbers)" : "value"),
      );
      const what =
        error.keyword === "pattern" ? `is not a valid ${sdfType}` : `is out of range: ${error.message ?? ""}`;
      if (error.keyword === "sdfRange" && ctx.format === "sdf" && ctx.minor < CONVERTED_FROM_MINOR) {
        // libsdformat 12 converts the file to 1.9 and checks 1.9's ranges (validateSdf.ts checks those).
        const at =
          attribute === undefined ? `${describe(element)}` : `attribute [${attribute}] of ${describe(element)}`;
        push(
          "sdfRangeOlderSpec",
          `value [${raw}] of ${at} is outside the SDF ${ctx.version} range: ${error.message ?? ""}`,
          attribute,
        );
        return;
      }
      if (attribute === undefined)
        push(valueFinding(ctx, element, "elementValueInvalid"), `value [${raw}] of ${describe(element)} ${what}`);
      else
        push(
          valueFinding(ctx, element, "attributeValueInvalid"),
          `value [${raw}] of attribute [${attribute}] of ${describe(element)} ${what}`,
          attribute,
        );
      return;
    }
    case "enum": {
      const raw =
        attribute === undefined
          ? element.text.trim()
          : (element.attributes.find((a) => a.name === attribute)?.value ?? "");
      const allowed = (params["allowedValues"] as unknown[] | undefined)?.join(", ") ?? "";
      if (attribute === undefined)
        push(
          valueFinding(ctx, element, "elementValueInvalid"),
          `value [${raw}] of ${describe(element)} must be one of: ${allowed}`,
        );
      else
        push(
          valueFinding(ctx, element, "attributeValueInvalid"),
          `value [${raw}] of attribute [${attribute}] of ${describe(element)} must be one of: ${allowed}`,
          attribute,
        );
      return;
    }
    default:
      push(
        valueFinding(ctx, element, attribute === undefined ? "elementValueInvalid" : "attributeValueInvalid"),
        `${describe(element)}${attribute === undefined ? "" : ` attribute [${attribute}]`} ${error.message ?? "is invalid"}`,
        attribute,
      );
  }
}

/**
 * urdfdom drops a <visual> or <collision> whose content it cannot parse and loads the rest of
 * the robot, so in URDF such a value is a warning; elsewhere the consumer rejects the file.
 */
function valueFinding(ctx: RuleContext, element: XmlElement, otherwise: Finding): Finding {
  if (ctx.format !== "urdf") return otherwise;
  return /\/(visual|collision)(\[|\/|$)/.test(element.xmlPath) ? "urdfGeometryValueInvalid" : otherwise;
}

/** libsdformat adds a missing required element with its default, except inside a <joint>. */
function missingFinding(ctx: RuleContext, parent: XmlElement): Finding {
  return ctx.format === "sdf" && parent.name !== "joint" ? "sdfElementMissingDefaulted" : "elementMissing";
}

function parentPointer(pointer: string): string {
  return pointer.split("/").slice(0, -1).join("/");
}

function lastKey(pointer: string): string {
  return pointer.split("/").pop() ?? "";
}

function label(ctx: RuleContext): string {
  return ctx.format === "sdf" ? `SDF ${ctx.version}` : "URDF";
}

/**
 * The schema object a JSON pointer names (ajv's schemaPath, without `#`). Looked up instead
 * of ajv's `verbose` parentSchema, which nearly doubles the compile time of the SDF schemas.
 */
function schemaNodeAt(schema: Record<string, unknown>, pointer: string): Record<string, unknown> | undefined {
  let node: unknown = schema;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === "object" && node !== null ? (node as Record<string, unknown>) : undefined;
}
