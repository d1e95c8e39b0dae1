import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { DiagnosticCode } from "../../diagnostics/codes.js";
import { type Finding, policyOf } from "../../diagnostics/severityPolicy.js";
import { XacroBudgetError } from "./XacroBudget.js";

/** The severity-table rows of the codes the budgets report (XACRO_LIMITS); other expansion errors are errors. */
const BUDGET_FINDINGS: Readonly<Record<string, Finding>> = {
  XACRO_VALUE_TOO_LARGE: "xacroValueTooLarge",
  XACRO_TOO_MANY_STEPS: "xacroTooManySteps",
  XACRO_TOO_DEEP: "xacroTooDeep",
  XACRO_OUTPUT_TOO_LARGE: "xacroOutputTooLarge",
  PACKAGE_SEARCH_LIMIT: "packageSearchLimit",
};

/** The severity of a failure's code: a budget's from the severity policy, else error. */
export function severityOf(code: DiagnosticCode): Diagnostic["severity"] {
  const finding = BUDGET_FINDINGS[code];
  return finding === undefined ? "error" : policyOf(finding).severity;
}

/**
 * The last line of defence behind XACRO_LIMITS: V8's own limits (stack, string and array length)
 * become the matching budget error instead of a crash, should an input find a path the budgets
 * miss. Anything else is passed on.
 */
export function budgetError(error: unknown): unknown {
  if (!(error instanceof RangeError)) return error;
  if (/call stack/i.test(error.message))
    return new XacroBudgetError("XACRO_TOO_DEEP", "the expansion nests too deeply for the stack");
  if (/string length|array length|BigInt/i.test(error.message))
    return new XacroBudgetError("XACRO_VALUE_TOO_LARGE", `a value grows too large (${error.message})`);
  return error;
}
