import { createRequire } from "node:module";

import type { ErrorObject } from "ajv";

import { INPUT_LIMITS } from "../util/inputLimits.js";
import { IncompleteInstallError } from "../util/IncompleteInstallError.js";

const require = createRequire(import.meta.url);

/** Loads a validator module given its absolute path and returns its `module.exports`. */
export type ValidatorModuleLoader = (path: string) => unknown;

let loadModule: ValidatorModuleLoader = require;

/**
 * Sets how {@link loadValidator} loads a validator module it has found (by default, `require`):
 * the CLI compiles them from V8's code cache (src/cli/codeCache.ts). The module found and
 * what it exports stay the same.
 */
export function useValidatorModuleLoader(loader: ValidatorModuleLoader): void {
  loadModule = loader;
}

/**
 * A precompiled ajv validation function: true when `data` is valid, else its `errors`. When the
 * document has more errors than INPUT_LIMITS.maxSchemaErrors, `errors` holds the first ones and
 * `truncated` is true: the validator stopped there.
 */
export interface PrecompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
  truncated?: boolean;
}

/** Catches the generated code's SchemaErrorLimit (scripts/precompile-validators.ts). */
function withErrorLimit(validate: PrecompiledValidator): PrecompiledValidator {
  const wrapped: PrecompiledValidator = (data: unknown): boolean => {
    try {
      const ok = validate(data);
      wrapped.errors = validate.errors ?? null;
      wrapped.truncated = false;
      return ok;
    } catch (error) {
      if (!(error instanceof Error) || error.name !== "SchemaErrorLimit") throw error;
      wrapped.errors = ((error as Error & { errors: ErrorObject[] }).errors ?? []).slice(
        0,
        INPUT_LIMITS.maxSchemaErrors,
      );
      wrapped.truncated = true;
      return false;
    }
  };
  return wrapped;
}

/**
 * Loads a validator that scripts/precompile-validators.ts generated into
 * schemas/validators/ (ajv standalone code, CommonJS), so no schema is compiled at run time.
 * `exportName` picks one validator of a module that holds several. Works from the
 * TypeScript sources, from dist/ and from the bundled CLI.
 *
 * @param file - the module's name in schemas/validators/, e.g. `sdf-1.9.cjs`.
 */
export function loadValidator(file: string, exportName?: string): PrecompiledValidator {
  for (const up of ["../../../", "../../../../", "../", "../../"]) {
    let mod: Record<string, unknown>;
    try {
      mod = loadModule(require.resolve(`${up}schemas/validators/${file}`)) as Record<string, unknown>;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "MODULE_NOT_FOUND") throw error;
      continue;
    }
    const validate = exportName === undefined ? mod : mod[exportName];
    if (typeof validate !== "function")
      throw new Error(
        `schemas/validators/${file} has no validator ${exportName ?? "(default)"}: run npm run generate:validators`,
      );
    return withErrorLimit(validate as PrecompiledValidator);
  }
  throw new IncompleteInstallError(`schemas/validators/${file}`, "in a clone: npm run generate:validators");
}

/**
 * {@link loadValidator} of a module that only some schemas have (an SDF version's subset
 * validator), or undefined when schemas/validators/ has no module `file`.
 */
export function loadValidatorIfAny(file: string): PrecompiledValidator | undefined {
  try {
    return loadValidator(file);
  } catch (error) {
    if (error instanceof IncompleteInstallError) return undefined;
    throw error;
  }
}
