import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const doc = readFileSync(join(root, "docs", "sweeps.md"), "utf8");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };

describe("the cluster recipes in docs/sweeps.md", () => {
  it("Slurm merges after every shard ended, failed runs or not (afterany, never afterok)", () => {
    expect(doc).toMatch(/sbatch --dependency=afterany:\$jid --wrap 'robokit sim merge /);
    expect(doc).not.toMatch(/--dependency=afterok/);
  });

  it("Kubernetes runs the robokit of this package.json, installed in its image, not an unpinned npx", () => {
    const k8s = doc.slice(doc.indexOf("Kubernetes Indexed Job"), doc.indexOf("### The Slurm path is tested"));
    expect(k8s).toContain(`RUN npm install --global robokit@${version} `);
    expect(k8s).toMatch(new RegExp(`image: \\S+/robokit:${version.replace(/\./g, "\\.")}\\s`));
    expect(k8s).not.toMatch(/npx robokit/);
    expect(k8s).not.toMatch(/image: node:/);
  });
});
