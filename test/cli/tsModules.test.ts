import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

// The CLI as installed (the bundle), run in folders outside the repository: how a user runs robot.ts.
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "dist", "src", "bundle", "robokit.cjs");

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function robokit(cwd: string, cache: string, ...args: string[]): Run {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, ROBOKIT_CACHE_DIR: cache },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh folder with the given files (and a package.json when given), and a fresh cache folder. */
function project(files: Record<string, string>, packageJson?: object): { dir: string; cache: string } {
  const dir = mkdtempSync(join(tmpdir(), "robokit-tsmod-"));
  if (packageJson !== undefined) writeFileSync(join(dir, "package.json"), JSON.stringify(packageJson));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return { dir, cache: join(dir, ".cache") };
}

/** A wheel part in its own file, typed: a type-only import, an interface, annotations, `as const`. */
const WHEEL = `import type { Link } from "robokit";
import { cylinder, solidLink } from "robokit";
export interface WheelSpec { readonly radius: number; readonly width: number }
export function wheel(name: string, spec: WheelSpec): Link {
  return solidLink(name, { shape: cylinder(spec.radius, spec.width), mass: 1 });
}
`;

/** A robot whose joint on line 9 (column 3, the call's property) lacks its limit. */
function robot(wheelImport: string, limit = ""): string {
  return `import { box, RobotBuilder, solidLink } from "robokit";
import { wheel, type WheelSpec } from "${wheelImport}";
const spec: WheelSpec = { radius: 0.1, width: 0.05 } as const;
const b: RobotBuilder = new RobotBuilder("tsmod");
b.link(solidLink("base_link", { shape: box(0.5, 0.3, 0.1), mass: 8 }));
b.link(wheel("left_wheel", spec));
const side = "left" as "left" | "right";
b
  .joint({ name: \`\${side}_wheel_joint\`, type: "revolute", parent: "base_link", child: "left_wheel", axis: [0, 1, 0]${limit} });
export const robot = b;
`;
}

const LIMIT = ", limit: { lower: -1, upper: 1, effort: 1, velocity: 1 }";

describe.skipIf(!existsSync(bin))("a .ts robot module, its types stripped in process", () => {
  it.each([
    ['"type": "commonjs"', { type: "commonjs" }],
    ["no package.json", undefined],
    ['"type": "module"', { type: "module" }],
  ])("reports a builder call at the user's file:line:col: %s", (_, packageJson) => {
    const { dir, cache } = project({ "robot.ts": robot("./parts/wheel.js"), "parts/wheel.ts": WHEEL }, packageJson);
    const r = robokit(dir, cache, "build", "robot.ts", "--out", "out");
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^robot\.ts:9:4: error DOCUMENT_INVALID: joint "left_wheel_joint": .*"limit"/m);
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  it.each(["./parts/wheel.js", "./parts/wheel", "./parts/wheel.ts"])(
    "builds with a relative import of another .ts file written %s",
    (specifier) => {
      const { dir, cache } = project({ "robot.ts": robot(specifier, LIMIT), "parts/wheel.ts": WHEEL });
      const r = robokit(dir, cache, "emit", "robot.ts", "--format", "urdf");
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('<joint name="left_wheel_joint" type="revolute">');
      expect(r.stdout).toContain('<cylinder radius="0.1" length="0.05"/>');
    },
  );

  it('gives `import "robokit"` and its subpaths the objects the CLI runs: one copy of the library', () => {
    // An invalid robot's build() throws from RobotBuilder's code: the stack says which file ran it.
    const probe = `import * as robokit from "robokit";
import * as kinematics from "robokit/kinematics";
import { RobotBuilder } from "robokit";
import { box, solidLink } from "robokit";
let stack = "";
try {
  new RobotBuilder("empty").build();
} catch (error) {
  stack = String((error as Error).stack);
}
const frame = stack.split("\\n").find((line) => line.includes("/dist/src/"));
process.stderr.write(\`PROBE \${import.meta.resolve("robokit")} \${import.meta.resolve("robokit/kinematics")} \${typeof kinematics.DriveOdometry} \${robokit.RobotBuilder === RobotBuilder}\\n\`);
process.stderr.write(\`FRAME \${frame}\\n\`);
export const robot = new RobotBuilder("one").link(solidLink("base_link", { shape: box(1, 1, 1), mass: 1 }));
`;
    for (const packageJson of [{ type: "module" }, { type: "commonjs" }]) {
      const { dir, cache } = project({ "robot.ts": probe }, packageJson);
      const r = robokit(dir, cache, "emit", "robot.ts", "--format", "urdf");
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toContain("PROBE robokit-running:robokit robokit-running:robokit/kinematics function true");
      // RobotBuilder's code that ran is the CLI's own (main.cjs), not a second copy of the library.
      const main = join(root, "dist", "src", "bundle", "main.cjs");
      expect(
        r.stderr.split("\n").find((l) => l.startsWith("FRAME ")),
        r.stderr,
      ).toContain(`${main}:`);
    }
  });

  it.each([
    ["an enum", "const a = 1;\n  enum Side { Left, Right }\nexport const robot = {};\n", "robot.ts:2:3", /enum/],
    ["a namespace", "namespace Parts { export const n = 1 }\nexport const robot = {};\n", "robot.ts:1:1", /namespace/],
    [
      "a decorator",
      "function sealed(c: unknown) { return c; }\n\n  @sealed\nclass Base {}\nexport const robot = {};\n",
      "robot.ts:3:3",
      /decorator/,
    ],
    [
      "a syntax error",
      "const a: number = 1;\nconst b = ;\nexport const robot = {};\n",
      "robot.ts:2:11",
      /Expression expected/,
    ],
  ])("refuses %s at file:line:col with exit 1", (_, source, place, message) => {
    const { dir, cache } = project({ "robot.ts": source }, { type: "commonjs" });
    const r = robokit(dir, cache, "build", "robot.ts", "--out", "out");
    expect(r.status, r.stderr).toBe(1);
    const line = r.stderr.split("\n").find((l) => l.startsWith(`${place}: error MODULE_SYNTAX_ERROR:`));
    expect(line, r.stderr).toMatch(message);
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  it("caches the stripped module by content: an edit is loaded, a planted entry is not run", () => {
    const { dir, cache } = project({ "robot.ts": robot("./parts/wheel.js", LIMIT), "parts/wheel.ts": WHEEL });
    expect(robokit(dir, cache, "emit", "robot.ts", "-f", "urdf").status).toBe(0);
    const entries = (): string[] => readdirSync(join(cache, "ts")).filter((f) => f.endsWith(".js"));
    expect(entries()).toHaveLength(2);
    // The same sources again: read from the cache, nothing new written.
    expect(robokit(dir, cache, "emit", "robot.ts", "-f", "urdf").status).toBe(0);
    expect(entries()).toHaveLength(2);
    // An edit of the part is a new entry, and its new code runs.
    writeFileSync(join(dir, "parts", "wheel.ts"), WHEEL.replace("spec.radius", "spec.radius * 2"));
    const edited = robokit(dir, cache, "emit", "robot.ts", "-f", "urdf");
    expect(edited.stdout).toContain('<cylinder radius="0.2" length="0.05"/>');
    expect(entries()).toHaveLength(3);
    // Every entry overwritten with other code: ignored, the sources are stripped again.
    for (const entry of entries()) writeFileSync(join(cache, "ts", entry), 'throw new Error("planted");');
    const planted = robokit(dir, cache, "emit", "robot.ts", "-f", "urdf");
    expect(planted.status, planted.stderr).toBe(0);
    expect(planted.stderr).not.toContain("planted");
    expect(planted.stdout).toContain('<cylinder radius="0.2" length="0.05"/>');
    expect(readFileSync(join(dir, "parts", "wheel.ts"), "utf8")).toContain("spec.radius * 2");
    // An edit of the module named on the command line (stripped while the CLI loads) runs too.
    writeFileSync(join(dir, "robot.ts"), robot("./parts/wheel.js", LIMIT).replace("radius: 0.1", "radius: 0.3"));
    const named = robokit(dir, cache, "emit", "robot.ts", "-f", "urdf");
    expect(named.stdout, named.stderr).toContain('<cylinder radius="0.6" length="0.05"/>');
  });

  it("still builds where the cache cannot be written", () => {
    const { dir } = project({ "robot.ts": robot("./parts/wheel", LIMIT), "parts/wheel.ts": WHEEL });
    writeFileSync(join(dir, "not-a-folder"), "");
    const r = robokit(dir, join(dir, "not-a-folder", "cache"), "emit", "robot.ts", "-f", "urdf");
    expect(r.status, r.stderr).toBe(0);
  });
});
