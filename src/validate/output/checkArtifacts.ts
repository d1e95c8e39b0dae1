import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { Artifact } from "../../emit/Artifact.js";
import { type ArtifactKind, artifactKind } from "../../emit/ArtifactKind.js";
import { outputCheckers } from "./outputCheckers.js";

/** A generated file to check: its kind is read from its path unless given. */
export interface CheckedArtifact extends Artifact {
  readonly kind?: ArtifactKind;
}

/**
 * Runs each generated file through its kind's checker ({@link outputCheckers}) and returns
 * the errors, each naming the file (its path among the artifacts) and saying that it is
 * robokit's output: a robot robokit accepted must never give a file robokit would reject.
 * Warnings are dropped (what loads is written). `distro` is the ROS distro the files are for
 * (build), which a controllers file is checked against. Pure; the CLI writes nothing when this
 * returns an error.
 */
export function checkArtifacts(artifacts: readonly CheckedArtifact[], distro?: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const artifact of artifacts) {
    const kind = artifact.kind ?? artifactKind(artifact.path);
    const check = outputCheckers[kind];
    if (check === undefined) continue;
    for (const d of check(artifact.content, artifact.path, {
      artifacts,
      ...(distro === undefined ? {} : { distro }),
    })) {
      if (d.severity !== "error") continue;
      out.push({ ...d, file: artifact.path, message: `robokit's own output fails its ${kind} check: ${d.message}` });
    }
  }
  return out;
}
