import { createRequire } from "node:module";

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
  let lastError: unknown;
  for (const candidate of candidates) {
    try {
      return require(candidate) as Record<string, unknown>;
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(`robokit is installed without schemas/${relativePath}: ${String(lastError)}`);
}

/** The SDF versions that have a generated schema, oldest first (schemas/sdf/versions.json). */
export function sdfSchemaVersions(): readonly string[] {
  return loadSchema("sdf/versions.json") as unknown as string[];
}
