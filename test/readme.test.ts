// The README's code is part of the product: every TypeScript block type-checks against the
// real API, every robot in it builds with the CLI, and every YAML robot or scenario is valid.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import { readRobotDocument } from "../src/model/readRobotDocument.js";
import { readScenario } from "../src/sim/readScenario.js";
import { runCliProcess } from "./support/runCliProcess.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const blocks = (lang: string): string[] => [...readme.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!);

mkdirSync(join(root, "tmp"), { recursive: true });
const dir = mkdtempSync(join(root, "tmp", "readme-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** README imports name the published package; here they point at the sources. */
function localise(code: string): string {
  const stubs = [
    ["readJointPositions", "declare function readJointPositions(steer: Float64Array, wheel: Float64Array): void;"],
    ["writeCommands", "declare function writeCommands(angles: Float64Array, rates: Float64Array): void;"],
    ["brake", "declare function brake(): void;"],
    ["text", "declare const text: string;"],
  ] as const;
  let out = code
    .replace(/from "robokit\/kinematics"/g, `from "${join(root, "src/kinematics/index.js")}"`)
    .replace(/from "robokit"/g, `from "${join(root, "src/index.js")}"`)
    .replace(/import \{ robot \} from "\.\/my-rover\.js";/g, `import { mario as robot } from "${join(root, "examples/mario/mario.js")}";`)
    .replace(/from "\.\/src\//g, `from "${root}/src/`);
  for (const [name, decl] of stubs) if (new RegExp(`\\b${name}\\b`).test(out) && !new RegExp(`(function|const|let) ${name}\\b`).test(out)) out += `\n${decl}\n`;
  return `${out}\nexport {};\n`;
}

describe("README", () => {
  const ts = blocks("ts");

  it("has TypeScript examples, and every one type-checks against the real API", () => {
    expect(ts.length).toBeGreaterThanOrEqual(3);
    const files = ts.map((code, i) => {
      const file = join(dir, `snippet${i}.ts`);
      writeFileSync(file, localise(code));
      return file;
    });
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ extends: "../../tsconfig.json", compilerOptions: { noEmit: true, noUnusedLocals: false, rootDir: "../.." }, include: [], files }));
    const r = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", join(dir, "tsconfig.json")], { encoding: "utf8" });
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("every TypeScript robot in it builds with the CLI", () => {
    const robots = ts.filter((code) => /export const robot\b/.test(code));
    expect(robots.length).toBeGreaterThanOrEqual(1);
    robots.forEach((code, i) => {
      const file = join(dir, `robot${i}.ts`);
      writeFileSync(file, localise(code));
      const r = runCliProcess(["emit", file, "--format", "urdf"]);
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(r.stdout).toContain("<robot name=");
    });
  });

  it("every YAML robot and scenario in it is valid", () => {
    const yaml = blocks("yaml");
    const robots = yaml.filter((y) => /^links:/m.test(y));
    const scenarios = yaml.filter((y) => /^profile:/m.test(y));
    expect(robots.length).toBeGreaterThanOrEqual(1);
    for (const y of robots) expect(readRobotDocument(y, "README.md").diagnostics).toEqual([]);
    for (const y of scenarios) expect(readScenario(y, "README.md").diagnostics).toEqual([]);
  });
});
