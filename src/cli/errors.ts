import type { Diagnostic } from "../validate/Diagnostic.js";

/** Wrong command-line use: exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** Invalid robot, document or file: exit code 1; the diagnostics are printed one per line. */
export class InputError extends Error {
  readonly diagnostics: readonly Diagnostic[];

  constructor(message: string, diagnostics: readonly Diagnostic[] = []) {
    super(message);
    this.name = "InputError";
    this.diagnostics = diagnostics;
  }
}

/**
 * A RobotModelError (or subclass, e.g. ScaffoldingError) from anywhere, including a user's
 * module that loaded robokit's model from another copy: checked by shape, not instanceof.
 */
export function isModelError(e: unknown): e is Error & { readonly diagnostics: readonly Diagnostic[] } {
  return e instanceof Error && Array.isArray((e as { diagnostics?: unknown }).diagnostics);
}
