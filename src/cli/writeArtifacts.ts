import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";

import type { Artifact } from "../emit/Artifact.js";

/**
 * Writes generated files under `outDir`: each to a temporary sibling first, then renamed
 * into place, so a reader never sees a half-written file. If any write fails, the
 * temporaries are removed and nothing is renamed.
 *
 * @returns the absolute paths written, in artifact order.
 */
export function writeArtifacts(outDir: string, artifacts: readonly Artifact[]): string[] {
  const root = resolve(outDir);
  const staged: { tmp: string; final: string }[] = [];
  try {
    for (const a of artifacts) {
      const final = resolve(join(root, a.path));
      if (!final.startsWith(root + sep)) throw new Error(`refusing to write outside ${outDir}: ${a.path}`);
      mkdirSync(dirname(final), { recursive: true });
      const tmp = `${final}.tmp-${process.pid}`;
      writeFileSync(tmp, a.content);
      staged.push({ tmp, final });
    }
  } catch (error) {
    for (const s of staged) rmSync(s.tmp, { force: true });
    throw error;
  }
  for (const s of staged) renameSync(s.tmp, s.final);
  return staged.map((s) => s.final);
}
