import { attr, type XmlElement } from "../parse/XmlDocument.js";
import type { Diagnostic } from "./Diagnostic.js";
import { createRuleContext, type Rule, type ValidateOptions } from "./RuleContext.js";
import { colorRange } from "./rules/colorRange.js";
import { finiteNumbers } from "./rules/finiteNumbers.js";
import { inertia } from "./rules/inertia.js";
import { jointAxis } from "./rules/jointAxis.js";
import { jointLimits } from "./rules/jointLimits.js";
import { sdfCanonicalLink } from "./rules/sdfCanonicalLink.js";
import { sdfFrameGraph } from "./rules/sdfFrameGraph.js";
import { sdfIncludes } from "./rules/sdfIncludes.js";
import { sdfJointReferences } from "./rules/sdfJointReferences.js";
import { sdfMaterialScript } from "./rules/sdfMaterialScript.js";
import { sdfPoseFormat } from "./rules/sdfPoseFormat.js";
import { sdfMimic } from "./rules/sdfMimic.js";
import { sdfModelHasLink } from "./rules/sdfModelHasLink.js";
import { sdfPluginReferences } from "./rules/sdfPluginReferences.js";
import { sdfReservedNames } from "./rules/sdfReservedNames.js";
import { sdfRootElements } from "./rules/sdfRootElements.js";
import { sdfSiblingUniqueNames } from "./rules/sdfSiblingUniqueNames.js";
import { checkSchema } from "./schema/checkSchema.js";
import { runRules } from "./runRules.js";

/** Phase 2 for SDF, in order; sdfIncludes first, since the frame rules need included names. */
export const sdfRules: readonly Rule[] = [
  sdfIncludes,
  sdfRootElements,
  sdfSiblingUniqueNames,
  sdfReservedNames,
  sdfModelHasLink,
  sdfCanonicalLink,
  sdfJointReferences,
  sdfFrameGraph,
  sdfMimic,
  sdfPluginReferences,
  inertia,
  jointAxis,
  jointLimits,
  finiteNumbers,
  colorRange,
  sdfMaterialScript,
  sdfPoseFormat,
];

/** Oldest and newest SDF minor versions with a generated schema. */
export const SDF_SCHEMA_MINOR = { oldest: 6, newest: 12 } as const;

/**
 * Validates a parsed `<sdf>` document: version, then the schema of that version (phase 1),
 * then the semantic rules (phase 2). Never throws.
 */
export function validateSdfDocument(root: XmlElement, file: string, options: ValidateOptions): Diagnostic[] {
  const raw = attr(root, "version");
  const at = { file, line: root.line, column: root.column, xmlPath: root.xmlPath };
  if (raw === undefined || raw.trim() === "") {
    return [{ code: "ATTRIBUTE_MISSING", severity: "error", message: "<sdf> has no version attribute; write e.g. <sdf version=\"1.9\">", ...at }];
  }
  const m = /^\s*1\.(\d+)\s*$/.exec(raw);
  if (m === null) {
    return [{ code: "VERSION_UNSUPPORTED", severity: "error", message: `SDF version [${raw}] is not a version of the form 1.x`, ...at }];
  }
  const minor = Number(m[1]);
  const pre: Diagnostic[] = [];
  if (minor < 3) {
    return [{ code: "VERSION_DEPRECATED", severity: "error", message: `SDF version [${raw}] is deprecated and no longer read; convert the file to SDF 1.6 or newer`, ...at }];
  }
  let schemaMinor = minor;
  if (minor < SDF_SCHEMA_MINOR.oldest) {
    schemaMinor = SDF_SCHEMA_MINOR.oldest;
    pre.push({ code: "VERSION_UNSUPPORTED", severity: "info", message: `SDF ${raw} predates the oldest schema robokit has (1.${SDF_SCHEMA_MINOR.oldest}); structure checked against 1.${SDF_SCHEMA_MINOR.oldest}, differences reported as warnings`, ...at });
  } else if (minor > SDF_SCHEMA_MINOR.newest) {
    schemaMinor = SDF_SCHEMA_MINOR.newest;
    pre.push({ code: "VERSION_UNSUPPORTED", severity: "warning", message: `SDF ${raw} is newer than the newest schema robokit has (1.${SDF_SCHEMA_MINOR.newest}); checked against 1.${SDF_SCHEMA_MINOR.newest}`, ...at });
  }
  const ctx = createRuleContext({ file, format: "sdf", version: `1.${minor}`, minor, root, options });
  runRules(ctx, [(c) => checkSchema(c, `sdf/1.${schemaMinor}/sdf.schema.json`)]);
  if (minor < SDF_SCHEMA_MINOR.oldest) {
    for (let i = 0; i < ctx.diagnostics.length; i++) {
      const d = ctx.diagnostics[i];
      if (d !== undefined && d.severity === "error") ctx.diagnostics[i] = { ...d, severity: "warning" };
    }
  }
  runRules(ctx, sdfRules);
  return [...pre, ...ctx.diagnostics];
}
