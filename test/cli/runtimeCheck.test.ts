import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robot as pantilt } from "../../examples/pantilt/pantilt.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { corruptionArbitrary } from "../support/corruptRobot.js";
import { runCliInProcess } from "../support/runCliInProcess.js";
import { runCliProcess } from "../support/runCliProcess.js";
import { twoLinkRobot } from "../support/twoLinkRobot.js";

/** A robot as a module run without type-checking sees it: any field may be anything. */
// biome-ignore lint/suspicious/noExplicitAny: these tests break a robot's types on purpose
type Untyped = any;

let dir: string;
let count = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "robokit-runtime-"));
});

/** A fresh folder holding `name` with `text`. */
function moduleFile(name: string, text: string, packageJson?: object): { folder: string; file: string } {
  const folder = join(dir, `m${++count}`);
  mkdirSync(folder);
  if (packageJson !== undefined) writeFileSync(join(folder, "package.json"), JSON.stringify(packageJson));
  writeFileSync(join(folder, name), text);
  return { folder, file: join(folder, name) };
}

/** A robot module as a user writes it without type-checking: the builder, one joint as given. */
function builderModule(joint: string, extra = ""): string {
  return `import { box, cylinder, RobotBuilder, solidLink } from "robokit";
const b = new RobotBuilder("pantilt")
  .link(solidLink("base_link", { shape: box(0.1, 0.1, 0.05), mass: 0.5 }))
  .link(solidLink("pan_link", { shape: cylinder(0.03, 0.04), mass: 0.1 }));
b.joint(${joint});
${extra}
export const robot = b.build();
`;
}

const PAN = `{ name: "pan", type: "revolute", parent: "base_link", child: "pan_link",
  origin: { xyz: [0, 0, 0.025], rpy: [0, 0, 0] }, axis: [0, 0, 1],
  limit: { lower: -3.1, upper: 3.1, effort: 2, velocity: 4 }, actuator: { command: "position" } }`;

/** `robokit build` into a fresh folder: exit 1, the pointer named, nothing written. */
function expectRefused(run: { status: number | null; stderr: string }, out: string, pointer: string): void {
  expect(run.status, run.stderr).toBe(1);
  expect(run.stderr).toContain(`[${pointer}]`);
  expect(existsSync(out)).toBe(false);
}

describe("a robot module is checked at run time, as a document is", () => {
  it("a typo in a .mjs builder's joint type is exit 1 at the call's line, with the type meant, and nothing written", () => {
    const { folder, file } = moduleFile("robot.mjs", builderModule(PAN.replace('"revolute"', '"contnuous"')));
    const out = join(folder, "out");
    const r = runCliProcess(["build", file, "--out", out], folder);
    expectRefused(r, out, "/joints/0/type");
    expect(r.stderr).toMatch(/robot\.mjs:5:3: error DOCUMENT_INVALID: joint "pan"/);
    expect(r.stderr).toContain('did you mean "continuous"?');
    const emitted = runCliProcess(["emit", file, "--format", "mjcf"], folder);
    expect(emitted.status, emitted.stderr).toBe(1);
    expect(emitted.stdout).toBe("");
  });

  it("a .ts module (run by tsx, not type-checked) with an unknown field and command is exit 1 naming both", () => {
    const joint = PAN.replace("axis:", "axsi:").replace('"position"', '"velocty"');
    const { folder, file } = moduleFile("robot.ts", builderModule(`${joint} as never`), { type: "module" });
    const out = join(folder, "out");
    const r = runCliProcess(["build", file, "--out", out], folder);
    expectRefused(r, out, "/joints/0/axsi");
    expect(r.stderr).toContain("[/joints/0/actuator/command]");
    expect(r.stderr).toContain('did you mean "axis"?');
    expect(r.stderr).toContain('did you mean "velocity"?');
    expect(r.stderr).toMatch(/robot\.ts:5:3: /);
  });

  it("a differential drive naming a missing joint is exit 1; a drive without kinematics is never exit 70", () => {
    const bad = moduleFile(
      "robot.mjs",
      builderModule(PAN, 'b.drive({ type: "differential", left: ["nope"], right: ["pan"] });'),
    );
    const out = join(bad.folder, "out");
    expectRefused(runCliProcess(["build", bad.file, "--out", out], bad.folder), out, "/drive/left/0");
    const wheel = PAN.replace('"revolute"', '"continuous"').replace("lower: -3.1, upper: 3.1, ", "");
    const ok = moduleFile(
      "robot.mjs",
      builderModule(wheel, 'b.drive({ type: "differential", left: ["pan"], right: ["pan"] });'),
    );
    const ik = runCliProcess(["ik", ok.file, "--vx", "1"], ok.folder);
    expect([0, 1], ik.stderr).toContain(ik.status);
  });
});

describe("a wrong field in a plain robot object is exit 1, never an internal error", () => {
  const cases: readonly [string, (r: Untyped) => void, string][] = [
    ["a number for the name", (r: Untyped) => (r.name = 7), "/name"],
    ["mass as a string", (r: Untyped) => (r.links[1].inertial.mass = "8"), "/links/1/inertial/mass"],
    ["effort as a string", (r: Untyped) => (r.joints[0].limit.effort = "10"), "/joints/0/limit/effort"],
    ["damping as a string", (r: Untyped) => (r.joints[0].dynamics = { damping: "0.1" }), "/joints/0/dynamics/damping"],
    [
      "a shape of unknown type",
      (r: Untyped) => (r.links[0].collisions[0].geometry.type = "bx"),
      "/links/0/collisions/0/geometry/type",
    ],
    ["a two-number xyz", (r: Untyped) => (r.joints[0].origin.xyz = [0, 0.18]), "/joints/0/origin/xyz"],
  ];
  it.each(cases)("%s, in build and in emit", async (_, change, pointer) => {
    const robot = structuredClone(twoLinkRobot()) as never;
    change(robot);
    const { folder, file } = moduleFile("robot.mjs", `export const robot = ${JSON.stringify(robot)};\n`);
    const out = join(folder, "out");
    const built = await runCliInProcess(["build", file, "--out", out]);
    expectRefused({ status: built.code, stderr: built.stderr }, out, pointer);
    for (const format of ["urdf", "sdf", "mjcf"]) {
      const emitted = await runCliInProcess(["emit", file, "--format", format]);
      expect(emitted.code, emitted.stderr).toBe(1);
      expect(emitted.stderr).toContain(`[${pointer}]`);
      expect(emitted.stdout).toBe("");
    }
  });
});

describe("property: a valid robot with one field corrupted, as a .mjs module", () => {
  const bases = [twoLinkRobot(), pantilt, robotino, mario].map((r) => structuredClone(r));

  it("build is exit 1 naming the field's pointer, and writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(corruptionArbitrary(bases), async ({ robot, pointer }) => {
        const { folder, file } = moduleFile("robot.mjs", `export const robot = ${JSON.stringify(robot)};\n`);
        const out = join(folder, "out");
        const r = await runCliInProcess(["build", file, "--out", out]);
        expectRefused({ status: r.code, stderr: r.stderr }, out, pointer);
      }),
      { numRuns: 20 },
    );
  }, 120_000);

  it("so is a spawned CLI on a builder module (a few runs)", () => {
    fc.assert(
      fc.property(
        corruptionArbitrary([twoLinkRobot()]).filter((c) => /^\/(links|joints)\/\d+\//.test(`${c.pointer}/`)),
        ({ robot, pointer }) => {
          const r = robot as { name: string; links: unknown[]; joints: unknown[]; materials: unknown[] };
          const body = [
            `import { RobotBuilder } from "robokit";`,
            `const b = new RobotBuilder(${JSON.stringify(r.name)});`,
            ...r.materials.map((m) => `b.material(...Object.values(${JSON.stringify(m)}));`),
            ...r.links.map((l) => `b.link(${JSON.stringify(l)});`),
            ...r.joints.map((j) => `b.joint(${JSON.stringify(j)});`),
            "export const robot = b;",
          ];
          const { folder, file } = moduleFile("robot.mjs", `${body.join("\n")}\n`);
          const out = join(folder, "out");
          const run = runCliProcess(["build", file, "--out", out], folder);
          expectRefused(run, out, pointer);
          expect(run.stderr).toMatch(/robot\.mjs:\d+:\d+: error/);
        },
      ),
      { numRuns: 4 },
    );
  }, 240_000);
});

describe("a mass Gazebo reads as none is the robot's to fix, named at its field", () => {
  it("1e-20 kg on the root is exit 1 at /links/0/inertial/mass, not a robokit bug", async () => {
    const robot = structuredClone(twoLinkRobot()) as Untyped;
    robot.links[0].inertial.mass = 1e-20;
    const { folder, file } = moduleFile("robot.mjs", `export const robot = ${JSON.stringify(robot)};\n`);
    const out = join(folder, "out");
    const r = await runCliInProcess(["build", file, "--out", out]);
    expectRefused({ status: r.code, stderr: r.stderr }, out, "/links/0/inertial/mass");
    expect(r.stderr).toContain("libsdformat 12 (Gazebo)");
    expect(r.stderr).not.toContain("robokit bug");
  });

  it("1e-9 kg on a moving link builds, with a warning naming the links Gazebo leaves out", async () => {
    const robot = structuredClone(twoLinkRobot()) as Untyped;
    robot.links[1].inertial.mass = 1e-9;
    const { folder, file } = moduleFile("robot.mjs", `export const robot = ${JSON.stringify(robot)};\n`);
    const r = await runCliInProcess(["build", file, "--out", join(folder, "out")]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /warning LINK_INERTIA_INVALID: link "arm" has mass 1e-9 kg .*libsdformat 12 \(Gazebo\) loads the robot without "arm" .*\[\/links\/1\/inertial\/mass\]/,
    );
  });
});

describe("property: a valid robot with one number at an absurd magnitude", () => {
  const bases = [twoLinkRobot(), pantilt, robotino, mario].map((r) => structuredClone(r));
  const numbers = (data: unknown, pointer = ""): string[] =>
    typeof data === "number"
      ? [pointer]
      : typeof data === "object" && data !== null
        ? Object.entries(data).flatMap(([k, v]) => numbers(v, `${pointer}/${k}`))
        : [];

  it("build is exit 0, or exit 1 naming the field; never a robokit bug", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: bases.length - 1 }),
        fc.nat(),
        fc.constantFrom(1e-20, 1e-300, 5e-324, 1e300, 1.7e308, -1e300),
        async (b, pick, value) => {
          const robot = structuredClone(bases[b]) as Untyped;
          const all = numbers(robot);
          const pointer = all[pick % all.length] as string;
          const parts = pointer.split("/").slice(1);
          const last = parts.pop() as string;
          let at = robot;
          for (const p of parts) at = at[p];
          at[last] = value;
          const { folder, file } = moduleFile("robot.mjs", `export const robot = ${JSON.stringify(robot)};\n`);
          const r = await runCliInProcess(["build", file, "--out", join(folder, "out")]);
          expect([0, 1], `${pointer} = ${value}: ${r.stderr}`).toContain(r.code);
          expect(r.stderr, `${pointer} = ${value}`).not.toMatch(/robokit bug|internal error/);
        },
      ),
      { numRuns: 40 },
    );
  }, 300_000);
});

describe("a module's own code failing is the module's error, exit 1 in one line", () => {
  const ROBOT = JSON.stringify(twoLinkRobot());
  const cases: readonly [string, string, RegExp][] = [
    [
      "a getter on the robot that throws",
      `export const robot = { ...${ROBOT}, get name() { throw new Error("no name today"); } };`,
      /^robokit: robot\.mjs: reading the robot threw: no name today\n$/,
    ],
    [
      "an exported promise that rejects",
      `export const robot = Promise.reject(new Error("no robot today"));`,
      /^robokit: robot\.mjs: its export "robot" is a promise that rejected: no robot today\n$/,
    ],
    [
      "a promise made on the side that nothing handles",
      `setTimeout(() => Promise.reject(new Error("side effect")), 1);\nexport const robot = new Promise((ok) => setTimeout(() => ok(${ROBOT}), 50));`,
      /^robokit: robot\.mjs: a promise it made was rejected and nothing handled it: side effect\n$/,
    ],
  ];
  it.each(cases)("%s", (_, text, expected) => {
    const { folder } = moduleFile("robot.mjs", `${text}\n`);
    const run = runCliProcess(["emit", "robot.mjs", "-f", "urdf"], folder);
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toMatch(expected);
  });

  it("an exported promise of a robot builds", () => {
    const { folder } = moduleFile("robot.mjs", `export const robot = Promise.resolve(${ROBOT});\n`);
    const run = runCliProcess(["emit", "robot.mjs", "-f", "urdf"], folder);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('<robot name="arm">');
  });
});
