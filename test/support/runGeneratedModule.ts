import * as robokit from "../../src/index.js";
import type { Robot } from "../../src/model/Robot.js";

/** What running a module `robokit import --to ts` wrote gave: its robot, or what it threw, and the globals it added. */
export interface GeneratedModuleRun {
  readonly robot?: Robot;
  readonly error?: unknown;
  /** Properties the module added to globalThis: a side effect a generated module must never have. */
  readonly newGlobals: string[];
}

/**
 * Runs a generated module, already transpiled to CommonJS, with its one import (`importFrom`)
 * bound to robokit's already-loaded source: a fresh tsx import per module would reload src and
 * cost seconds. The tests that load modules the way users do go through tsx and `robokit build`.
 */
export function runGeneratedModule(js: string, importFrom = "robokit"): GeneratedModuleRun {
  const before = new Set(Object.getOwnPropertyNames(globalThis));
  const added = (): string[] => Object.getOwnPropertyNames(globalThis).filter((k) => !before.has(k));
  const exports: { robot?: Robot } = {};
  try {
    const require = (specifier: string): unknown => {
      if (specifier !== importFrom) throw new Error(`the module imports ${specifier}`);
      return robokit;
    };
    new Function("require", "exports", "module", js)(require, exports, { exports });
    return exports.robot === undefined
      ? { error: new Error("no robot exported"), newGlobals: added() }
      : { robot: exports.robot, newGlobals: added() };
  } catch (error) {
    return { error, newGlobals: added() };
  }
}
