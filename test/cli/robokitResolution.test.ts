import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bundle = join(root, "dist", "src", "bundle", "main.js");

const URDF = `<?xml version="1.0"?>
<robot name="two_links">
  <link name="base"><visual><geometry><box size="0.4 0.3 0.2"/></geometry></visual></link>
  <link name="arm"><visual><geometry><cylinder radius="0.05" length="0.5"/></geometry></visual></link>
  <joint name="shoulder" type="revolute">
    <parent link="base"/><child link="arm"/><origin xyz="0 0 0.1"/><axis xyz="0 0 1"/>
    <limit lower="-1.5" upper="1.5" effort="10" velocity="2"/>
  </joint>
</robot>
`;

/** Runs the bin in `cwd` (a folder outside the repository, so no robokit is found by walking up). */
function robokit(cwd: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bundle, ...args], { cwd, encoding: "utf8", timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh folder with r.urdf and the module `robokit import --to ts` writes from it (importing from "robokit"). */
function folderWithImportedModule(packageJson?: object): string {
  const dir = mkdtempSync(join(tmpdir(), "robokit-resolve-"));
  expect(existsSync(join(dir, "node_modules"))).toBe(false);
  writeFileSync(join(dir, "r.urdf"), URDF);
  if (packageJson !== undefined) writeFileSync(join(dir, "package.json"), JSON.stringify(packageJson));
  const imported = robokit(dir, "import", "r.urdf", "--to", "ts", "--out", "r.ts");
  expect(imported.stderr).toContain("wrote r.ts");
  expect(imported.status).toBe(0);
  expect(readFileSync(join(dir, "r.ts"), "utf8")).toMatch(/from "robokit"/);
  return dir;
}

// npm test builds first; the bin is the bundle.
describe.skipIf(!existsSync(bundle))("a robot module the CLI loads resolves robokit", () => {
  // Without a package.json, tsx compiles r.ts to CommonJS: robokit is require()d.
  it.each([
    ["CommonJS (no package.json)", undefined],
    ['ESM ("type": "module")', { type: "module" }],
  ])("from the running package when its folder has none installed: %s", (_, packageJson) => {
    const dir = folderWithImportedModule(packageJson);
    const built = robokit(dir, "build", "r.ts", "--out", "out");
    expect(built.stderr).not.toContain("Cannot find");
    expect(built.status).toBe(0);
    // The same robot as the URDF read directly: the module was really built.
    expect(robokit(dir, "build", "r.urdf", "--out", "direct").status).toBe(0);
    const fromModule = readFileSync(join(dir, "out", "urdf", "two_links.urdf"), "utf8");
    expect(fromModule).toContain('<joint name="shoulder" type="revolute">');
    expect(fromModule).toBe(readFileSync(join(dir, "direct", "urdf", "two_links.urdf"), "utf8"));
  });

  it.each([
    ["CommonJS (no package.json)", undefined],
    ['ESM ("type": "module")', { type: "module" }],
  ])("from the folder's own node_modules when it has one, not the running package: %s", (_, packageJson) => {
    const dir = folderWithImportedModule(packageJson);
    // A stand-in robokit with the names r.ts imports (ESM links them first) that says so when used.
    const local = join(dir, "node_modules", "robokit");
    mkdirSync(local, { recursive: true });
    writeFileSync(
      join(local, "package.json"),
      JSON.stringify({ name: "robokit", version: "0.0.0-local", type: "module", exports: { ".": "./index.js" } }),
    );
    writeFileSync(
      join(local, "index.js"),
      'export const box = () => ({});\nexport const cylinder = () => ({});\nexport class RobotBuilder { constructor() { throw new Error("the folder\'s own robokit was loaded"); } }\n',
    );
    const built = robokit(dir, "build", "r.ts", "--out", "out");
    expect(built.status).toBe(1);
    expect(built.stderr).toContain("the folder's own robokit was loaded");
    expect(existsSync(join(dir, "out"))).toBe(false);
  });
});
