import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bundle = join(root, "dist", "src", "bundle", "main.js");

/**
 * The package size a stranger downloads and unpacks: at most 21 MB (V8's code caches for a fast
 * start are part of it; the whole install is held to 45 MB by packageInstall.test.ts).
 */
const MAX_UNPACKED_BYTES = 21_000_000;

interface PackResult {
  readonly unpackedSize: number;
  readonly files: readonly { readonly path: string; readonly size: number }[];
}

interface Manifest {
  readonly bin: Record<string, string>;
  readonly exports: Record<string, string | Record<string, string>>;
}

/** Strips the leading ./ of an exports target. */
const packagePath = (target: string): string => target.replace(/^\.\//, "");

// npm test builds first; without dist/ the package would lack its bin and entry points.
describe.skipIf(!existsSync(bundle))("the npm package (npm pack --dry-run)", () => {
  // --ignore-scripts: packing must not rebuild (prepare) while tests run.
  const packed = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
  });
  const result = packed.status === 0 ? (JSON.parse(packed.stdout) as PackResult[])[0] : undefined;
  const files = new Set(result?.files.map((f) => f.path) ?? []);
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Manifest;

  it("packs", () => {
    expect(packed.stderr).not.toMatch(/npm ERR|npm error/);
    expect(packed.status).toBe(0);
    expect(result?.files.length).toBeGreaterThan(0);
  });

  it(`unpacks to at most ${MAX_UNPACKED_BYTES / 1e6} MB`, () => {
    expect(result?.unpackedSize).toBeGreaterThan(0);
    expect(result?.unpackedSize).toBeLessThanOrEqual(MAX_UNPACKED_BYTES);
    // npm's figure is the sum of the files it lists.
    expect(result?.files.reduce((sum, f) => sum + f.size, 0)).toBe(result?.unpackedSize);
  });

  it("holds the bin and every file the public entry points (package.json exports) name", () => {
    const entries = [
      ...Object.values(manifest.bin),
      ...Object.values(manifest.exports)
        .flatMap((target) => (typeof target === "string" ? [target] : Object.values(target)))
        .filter((t) => !t.includes("*")),
    ].map(packagePath);
    expect(entries).toContain("dist/src/bundle/robokit.cjs");
    expect(entries).toContain("dist/src/index.d.ts");
    for (const entry of entries) expect(files, entry).toContain(entry);
  });

  it("holds LICENSE and NOTICE, and no test file", () => {
    expect(files).toContain("LICENSE");
    expect(files).toContain("NOTICE");
    expect([...files].filter((f) => /\.test\.[cm]?[jt]s$/.test(f))).toEqual([]);
  });

  it("says where it comes from, and installs playwright-core only on request", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<string, unknown> & {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    for (const field of ["repository", "bugs", "homepage", "keywords", "author", "types"])
      expect(pkg, field).toHaveProperty(field);
    // A build on install would make every consumer compile robokit; packing builds it instead.
    expect(pkg.scripts).not.toHaveProperty("prepare");
    expect(pkg.scripts["prepack"]).toBe("npm run build");
    for (const [name, range] of Object.entries(pkg.dependencies)) expect(range, name).toMatch(/^\^\d/);
    expect(pkg.dependencies).not.toHaveProperty("playwright-core");
    expect(pkg.peerDependenciesMeta["playwright-core"]?.optional).toBe(true);
    // .ts robots load with amaro's type stripping; tsx (and esbuild's install script) is for the repository only.
    expect(pkg.dependencies).toHaveProperty("amaro");
    expect(pkg.dependencies).not.toHaveProperty("tsx");
  });

  it("holds every precompiled validator and schema the checks load at run time", () => {
    for (const dir of ["schemas/validators", "schemas/sdf"]) {
      const walk = (d: string): string[] =>
        readdirSync(join(root, d), { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(`${d}/${e.name}`) : [`${d}/${e.name}`],
        );
      const wanted = walk(dir);
      expect(wanted.length).toBeGreaterThan(10);
      for (const file of wanted) expect(files, file).toContain(file);
    }
  });

  it("holds every shipped scenario, which `robokit sim --scenario NAME` reads at run time", () => {
    const robots = readdirSync(join(root, "scenarios"), { withFileTypes: true }).filter((e) => e.isDirectory());
    const wanted = robots.flatMap((r) =>
      readdirSync(join(root, "scenarios", r.name))
        .filter((f) => f.endsWith(".yaml"))
        .map((f) => `scenarios/${r.name}/${f}`),
    );
    expect(wanted.length).toBeGreaterThanOrEqual(3);
    for (const file of wanted) expect(files, file).toContain(file);
  });
});
