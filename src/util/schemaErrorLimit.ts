import { INPUT_LIMITS } from "./inputLimits.js";

/**
 * A precompiled validator stops collecting errors once it holds more than this many
 * (scripts/precompile-validators.ts writes the number into the generated code). It is above
 * INPUT_LIMITS.maxSchemaErrors, the number reported, because an `if` in a schema adds errors
 * it drops again when its condition fails: those must not stop a document that has fewer.
 */
export const SCHEMA_ERROR_STOP = INPUT_LIMITS.maxSchemaErrors + 64;

/** The message of TOO_MANY_ERRORS: the schema check stopped after the first errors. */
export function schemaErrorLimitMessage(): string {
  return `more than ${INPUT_LIMITS.maxSchemaErrors.toLocaleString("en-US")} schema errors: the first ${INPUT_LIMITS.maxSchemaErrors.toLocaleString("en-US")} are reported and the schema check stops there`;
}
