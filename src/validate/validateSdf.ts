import { attr, type XmlElement } from "../parse/XmlDocument.js";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { policyDiagnostic } from "../diagnostics/severityPolicy.js";
import { createRuleContext, type Rule, suppressedDiagnostics, type ValidateOptions } from "./RuleContext.js";
import { colorRange } from "./rules/colorRange.js";
import { finiteNumbers } from "./rules/finiteNumbers.js";
import { inertia } from "./rules/inertia.js";
import { inertiaGeometry } from "./rules/inertiaGeometry.js";
import { jointAxis } from "./rules/jointAxis.js";
import { jointLimits } from "./rules/jointLimits.js";
import { meshResources } from "./rules/meshResources.js";
import { sdfCanonicalLink } from "./rules/sdfCanonicalLink.js";
import { sdfFrameGraph } from "./rules/sdfFrameGraph.js";
import { sdfIncludes } from "./rules/sdfIncludes.js";
import { sdfJointReferences } from "./rules/sdfJointReferences.js";
import { sdfJointType } from "./rules/sdfJointType.js";
import { sdfLibsdformat12Ranges } from "./rules/sdfLibsdformat12Ranges.js";
import { sdfMaterialScript } from "./rules/sdfMaterialScript.js";
import { sdfPoseFormat } from "./rules/sdfPoseFormat.js";
import { sdfMimic } from "./rules/sdfMimic.js";
import { sdfModelHasLink } from "./rules/sdfModelHasLink.js";
import { sdfPluginReferences } from "./rules/sdfPluginReferences.js";
import { sdfReservedNames } from "./rules/sdfReservedNames.js";
import { sdfRootElements } from "./rules/sdfRootElements.js";
import { sdfSensorType } from "./rules/sdfSensorType.js";
import { sdfSiblingUniqueNames } from "./rules/sdfSiblingUniqueNames.js";
import { convertSdf, SDF_SPEC_MINORS } from "./convertSdf.js";
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
  sdfJointType,
  sdfFrameGraph,
  sdfMimic,
  sdfPluginReferences,
  inertia,
  jointAxis,
  jointLimits,
  finiteNumbers,
  colorRange,
  sdfLibsdformat12Ranges,
  sdfMaterialScript,
  sdfPoseFormat,
  sdfSensorType,
  meshResources,
  inertiaGeometry,
];

/** Oldest and newest SDF minor versions the rules read (older files are converted up to the oldest). */
export const SDF_SCHEMA_MINOR = { oldest: 6, newest: 12 } as const;

/**
 * Validates a parsed `<sdf>` document: version, then the schema of that version (phase 1),
 * then the semantic rules (phase 2). Never throws.
 */
export function validateSdfDocument(root: XmlElement, file: string, options: ValidateOptions): Diagnostic[] {
  const raw = attr(root, "version");
  const at = { file, line: root.line, column: root.column, xmlPath: root.xmlPath };
  if (raw === undefined || raw.trim() === "") {
    return [
      policyDiagnostic("sdfVersionMissing", '<sdf> has no version attribute; write e.g. <sdf version="1.9">', at),
    ];
  }
  const m = /^\s*1\.(\d+)\s*$/.exec(raw);
  if (m === null) {
    return [policyDiagnostic("sdfVersionMalformed", `SDF version [${raw}] is not a version of the form 1.x`, at)];
  }
  const minor = Number(m[1]);
  const pre: Diagnostic[] = [];
  if (root.name === "gazebo") {
    pre.push(
      policyDiagnostic(
        "sdfGazeboRoot",
        `SDF [${raw}] is deprecated: libsdformat 9 and later (Gazebo 11, gz-sim) no longer read the <gazebo> root of SDF 1.0–1.2; write <sdf version="${raw.trim()}"> (the rest of the file is checked as if it did)`,
        at,
      ),
    );
  }
  if (root.name === "sdf" && minor < 2) {
    pre.push(policyDiagnostic("sdf10Root", `SDF [${raw}] with an <sdf> root; robokit reads it converted`, at));
  }
  // The schema of the file's own version; a version without a spec is checked against the nearest one.
  let schemaMinor = minor;
  if (minor > SDF_SCHEMA_MINOR.newest) {
    schemaMinor = SDF_SCHEMA_MINOR.newest;
    pre.push(policyDiagnostic("sdfVersionNewer", `SDF ${raw} is newer than 1.${SDF_SCHEMA_MINOR.newest}`, at));
  } else if (!SDF_SPEC_MINORS.includes(minor)) {
    schemaMinor = [...SDF_SPEC_MINORS].reverse().find((v) => v < minor) ?? 0;
    pre.push(
      policyDiagnostic("sdfVersionNoSpec", `there is no SDF ${raw} specification (nearest: 1.${schemaMinor})`, at),
    );
  }
  const schemaCtx = createRuleContext({
    file,
    format: "sdf",
    version: `1.${schemaMinor}`,
    minor: schemaMinor,
    root,
    options,
  });
  runRules(schemaCtx, [(c) => checkSchema(c, `sdf/1.${schemaMinor}/sdf.schema.json`)]);
  // Older files are read the way libsdformat reads them: converted up to a version the rules
  // know (1.6), with every element keeping its position in the original file.
  let ruleRoot = root;
  let ruleMinor = schemaMinor;
  if (schemaMinor < SDF_SCHEMA_MINOR.oldest) {
    const converted = convertSdf(root, schemaMinor, SDF_SCHEMA_MINOR.oldest);
    ruleRoot = converted.root;
    ruleMinor = SDF_SCHEMA_MINOR.oldest;
    // libsdformat 12 checks the converted document against 1.9's value ranges, which are 1.6's
    // (the min/max of every element are the same from 1.6 to 1.12): a value outside them is an
    // error, and the older version's own range finding at the same place is dropped.
    const rangeCtx = createRuleContext({
      file,
      format: "sdf",
      version: `1.${ruleMinor}`,
      minor: ruleMinor,
      root: ruleRoot,
      options,
    });
    runRules(rangeCtx, [(c) => checkSchema(c, `sdf/1.${ruleMinor}/sdf.schema.json`, { keywords: ["sdfRange"] })]);
    const enforced = new Set(rangeCtx.diagnostics.map((d) => `${d.line}:${d.column}`));
    const olderRange = `is outside the SDF 1.${schemaMinor} range: `;
    const kept = schemaCtx.diagnostics.filter(
      (d) => !(d.message.includes(olderRange) && enforced.has(`${d.line}:${d.column}`)),
    );
    schemaCtx.diagnostics.splice(0, schemaCtx.diagnostics.length, ...kept, ...rangeCtx.diagnostics);
    pre.push(
      policyDiagnostic(
        "sdfVersionConverted",
        `SDF ${raw} read through libsdformat's conversions to ${converted.steps.join(", ")}, as libsdformat reads it; the rules ran on the converted document, positions are in this file`,
        at,
      ),
    );
  }
  const ctx = createRuleContext({
    file,
    format: "sdf",
    version: `1.${ruleMinor}`,
    minor: ruleMinor,
    root: ruleRoot,
    options,
  });
  for (const d of schemaCtx.diagnostics) ctx.diagnostics.push(d);
  runRules(ctx, sdfRules);
  // An older version's range warning says libsdformat 12 loads the value; where libsdformat 12's
  // own range refuses it (sdfLibsdformat12Ranges), that warning is wrong and is dropped.
  const refused = new Set(
    ctx.diagnostics
      .filter((d) => d.message.includes("libsdformat 12's copy of the spec"))
      .map((d) => `${d.line}:${d.column}`),
  );
  const olderRange = /is outside the SDF 1\.\d+ range: /;
  const keptRule = ctx.diagnostics.filter((d) => !(olderRange.test(d.message) && refused.has(`${d.line}:${d.column}`)));
  ctx.diagnostics.splice(0, ctx.diagnostics.length, ...keptRule);
  return [...pre, ...suppressedDiagnostics(schemaCtx), ...ctx.diagnostics, ...suppressedDiagnostics(ctx)];
}
