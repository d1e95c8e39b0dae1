import { createRequire } from "node:module";
import { IncompleteInstallError } from "../util/IncompleteInstallError.js";

const require = createRequire(import.meta.url);

/**
 * Loads a committed JSON Schema from the package's schemas/ folder (module loading, not file
 * I/O: the schemas ship with the package). Works from the TypeScript sources and from dist/.
 */
export function loadSchema(relativePath: string): Record<string, unknown> {
  const candidates = [
    `../../../schemas/${relativePath}`,
    `../../../../schemas/${relativePath}`,
    `../../schemas/${relativePath}`,
  ];
  for (const candidate of candidates) {
    try {
      return require(candidate) as Record<string, unknown>;
    } catch (error) {
      // Not at this place: try the next; a schema that is there but broken is a robokit bug.
      if ((error as { code?: unknown }).code !== "MODULE_NOT_FOUND") throw error;
    }
  }
  throw new IncompleteInstallError(`schemas/${relativePath}`);
}

/** The SDF versions that have a generated schema, oldest first (schemas/sdf/versions.json). */
export function sdfSchemaVersions(): readonly string[] {
  return loadSchema("sdf/versions.json") as unknown as string[];
}
