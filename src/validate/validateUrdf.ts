import type { XmlElement } from "../parse/XmlDocument.js";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { createRuleContext, type Rule, suppressedDiagnostics, type ValidateOptions } from "./RuleContext.js";
import { colorRange } from "./rules/colorRange.js";
import { finiteNumbers } from "./rules/finiteNumbers.js";
import { inertia } from "./rules/inertia.js";
import { inertiaGeometry } from "./rules/inertiaGeometry.js";
import { jointAxis } from "./rules/jointAxis.js";
import { jointLimits } from "./rules/jointLimits.js";
import { meshResources } from "./rules/meshResources.js";
import { urdfGazeboExtensionJoints } from "./rules/urdfGazeboExtensionJoints.js";
import { urdfKinematicTree } from "./rules/urdfKinematicTree.js";
import { urdfMimic } from "./rules/urdfMimic.js";
import { urdfReferences } from "./rules/urdfReferences.js";
import { urdfUniqueNames } from "./rules/urdfUniqueNames.js";
import { urdfVisuals } from "./rules/urdfVisuals.js";
import { runRules } from "./runRules.js";
import { checkSchema } from "./schema/checkSchema.js";

/** Phase 2 for URDF, in order. */
export const urdfRules: readonly Rule[] = [
  urdfUniqueNames,
  urdfKinematicTree,
  urdfMimic,
  urdfReferences,
  urdfVisuals,
  inertia,
  urdfGazeboExtensionJoints,
  jointAxis,
  jointLimits,
  finiteNumbers,
  colorRange,
  meshResources,
  inertiaGeometry,
];

/** Validates a parsed `<robot>` document: schema (phase 1), then the rules (phase 2). Never throws. */
export function validateUrdfDocument(root: XmlElement, file: string, options: ValidateOptions): Diagnostic[] {
  const ctx = createRuleContext({ file, format: "urdf", version: "1.0", minor: 0, root, options });
  runRules(ctx, [(c) => checkSchema(c, "urdf/urdf.schema.json")]);
  runRules(ctx, urdfRules);
  for (const note of suppressedDiagnostics(ctx)) ctx.diagnostics.push(note);
  return ctx.diagnostics;
}
