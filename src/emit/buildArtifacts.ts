import type { Robot } from "../model/Robot.js";
import type { Artifact } from "./Artifact.js";
import type { EmitOptions } from "./emitFormats.js";
import { emitMjcf } from "./mjcf/emitMjcf.js";
import { sdfArtifactsFromOptions } from "./sdf/sdfFromEmitOptions.js";
import { packageArtifacts, urdfArtifact } from "./package/packageArtifacts.js";

/** A producer of some of the files `robokit build` writes. */
export type ArtifactProducer = (robot: Robot, options: EmitOptions) => readonly Artifact[];

/**
 * Every file of `robokit build`, in a fixed order. Each emitter family adds its producer
 * here; paths must be unique (checked by {@link buildArtifacts}).
 */
export const artifactProducers: readonly ArtifactProducer[] = [
  (robot, options) => [urdfArtifact(robot, options)],
  (robot) => [{ path: `mjcf/${robot.name}.xml`, content: emitMjcf(robot) }],
  sdfArtifactsFromOptions,
  packageArtifacts,
];

/**
 * All files for a checked robot. Pure: the CLI writes them (atomically) only after this
 * returns, so a failure here writes nothing.
 */
export function buildArtifacts(robot: Robot, options: EmitOptions = {}): Artifact[] {
  const out: Artifact[] = [];
  const seen = new Set<string>();
  for (const produce of artifactProducers) {
    for (const artifact of produce(robot, options)) {
      if (seen.has(artifact.path)) throw new Error(`buildArtifacts: two producers write "${artifact.path}"`);
      seen.add(artifact.path);
      out.push(artifact);
    }
  }
  return out;
}
