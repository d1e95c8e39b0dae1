import { preloadSchemaValidator } from "../schema/checkSchema.js";

/**
 * Loads, ahead of their first use, the schema validators robokit's own URDF and SDF files are
 * checked with (checkArtifacts), for SDF `sdfVersion`: for a caller with a moment to spare (the
 * CLI while Node strips a robot module). Only when they load changes.
 */
export function preloadOutputCheckers(sdfVersion: string): void {
  preloadSchemaValidator("urdf/urdf.schema.json");
  preloadSchemaValidator(`sdf/${sdfVersion}/sdf.schema.json`);
}
