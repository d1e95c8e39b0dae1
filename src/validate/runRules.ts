import type { Rule, RuleContext } from "./RuleContext.js";

/**
 * Runs rules in order. A rule that throws (a robokit bug, never the user's) becomes an
 * INTERNAL_ERROR diagnostic and the other rules still run.
 */
export function runRules(ctx: RuleContext, rules: readonly Rule[]): void {
  for (const rule of rules) {
    try {
      rule(ctx);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.flag(
        "internalError",
        ctx.root,
        `robokit bug: rule ${rule.name || "(anonymous)"} failed: ${message}; please report it`,
      );
    }
  }
}
