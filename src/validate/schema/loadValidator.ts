import { createRequire } from "node:module";

import type { ErrorObject } from "ajv";

const require = createRequire(import.meta.url);

/** A precompiled ajv validation function: true when `data` is valid, else its `errors`. */
export interface PrecompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
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
  let lastError: unknown;
  for (const up of ["../../../", "../../../../", "../", "../../"]) {
    let mod: Record<string, unknown>;
    try {
      mod = require(`${up}schemas/validators/${file}`) as Record<string, unknown>;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "MODULE_NOT_FOUND") throw error;
      lastError = error;
      continue;
    }
    const validate = exportName === undefined ? mod : mod[exportName];
    if (typeof validate !== "function") throw new Error(`schemas/validators/${file} has no validator ${exportName ?? "(default)"}: run npm run generate:validators`);
    return validate as PrecompiledValidator;
  }
  throw new Error(`robokit is installed without schemas/validators/${file} (run npm run generate:validators): ${String(lastError)}`);
}
