// @slow: packs robokit and installs the tarball into an empty project with npm.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { type Footprint, installFootprint } from "../../scripts/install-footprint.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bundle = join(root, "dist", "src", "bundle", "robokit.cjs");

/** What `npm install robokit` may weigh on disk, all packages together. */
const MAX_INSTALLED_BYTES = 45_000_000;

/** The README's cart, as a user copies it into robot.ts. */
function readmeCart(): string {
  const m = /```ts\n(\/\/ cart\.ts:[\s\S]*?)```/.exec(readFileSync(join(root, "README.md"), "utf8"));
  if (m?.[1] === undefined) throw new Error("README.md has no cart.ts example");
  return m[1];
}

interface Installed {
  readonly footprint?: Footprint;
  readonly error?: unknown;
  /** `robokit build robot.ts` with the installed bin, in the project. */
  readonly built?: { status: number | null; stderr: string; urdf: boolean } | undefined;
}

/**
 * Installs, then builds the README's cart as a .ts robot with the installed bin. When npm can
 * reach neither its cache nor the registry, a loud skip; when the registry answers, the failed
 * install is a failure.
 */
function install(): Installed {
  let built: Installed["built"];
  try {
    const footprint = installFootprint((prefix) => {
      writeFileSync(join(prefix, "robot.ts"), readmeCart());
      const cache = mkdtempSync(join(tmpdir(), "robokit-install-cache-"));
      const bin = join(prefix, "node_modules", "robokit", "dist", "src", "bundle", "robokit.cjs");
      const r = spawnSync(process.execPath, [bin, "build", "robot.ts", "--out", "out"], {
        cwd: prefix,
        encoding: "utf8",
        timeout: 120_000,
        env: { ...process.env, ROBOKIT_CACHE_DIR: cache },
      });
      rmSync(cache, { recursive: true, force: true });
      built = { status: r.status, stderr: r.stderr, urdf: existsSync(join(prefix, "out", "urdf", "cart.urdf")) };
    });
    return { footprint, built };
  } catch (error) {
    if (spawnSync("npm", ["ping"], { encoding: "utf8", timeout: 30_000 }).status === 0) return { error };
    const why = String(error).split("\n")[0];
    process.stderr.write(`\n*** SKIPPED: npm install of the packed tarball: no npm cache or registry (${why}) ***\n\n`);
    return {};
  }
}

// npm test builds first; the tarball holds dist/.
describe.skipIf(!existsSync(bundle))("npm install of the packed tarball into an empty project", () => {
  const { footprint, error, built } = install();

  it("installs", () => {
    expect(error).toBeUndefined();
  });

  it.skipIf(footprint === undefined)("runs no install script: npm warns of none, and no package declares one", () => {
    expect(footprint?.npmOutput).not.toMatch(/install-scripts|postinstall|preinstall/);
    expect(footprint?.installScripts).toEqual([]);
  });

  it.skipIf(footprint === undefined)(`weighs at most ${MAX_INSTALLED_BYTES / 1e6} MB`, () => {
    const biggest = footprint?.biggest.slice(0, 6).map((p) => `${p.name} ${(p.bytes / 1e6).toFixed(1)} MB`);
    expect(footprint?.installedBytes, biggest?.join(", ")).toBeLessThanOrEqual(MAX_INSTALLED_BYTES);
    // Neither tsx nor esbuild (a native binary and an install script) is installed.
    expect(footprint?.biggest.map((p) => p.name)).not.toContain("esbuild");
    expect(footprint?.biggest.map((p) => p.name)).not.toContain("tsx");
  });

  it.skipIf(footprint === undefined)("builds a .ts robot with the installed bin (its types stripped by amaro)", () => {
    expect(built?.status, built?.stderr).toBe(0);
    expect(built?.urdf).toBe(true);
  });
});
