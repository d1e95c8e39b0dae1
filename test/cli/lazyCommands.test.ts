import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { Help } from "commander";
import { describe, expect, it } from "vitest";

import { COMMANDS, createProgram } from "../../src/cli/main.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const main = join(root, "src", "cli", "main.ts");
const trace = join(root, "test", "support", "traceModules.mjs");

describe("lazy command loading", () => {
  it("each command's help line in main.ts matches the command its module builds", async () => {
    const help = new Help();
    for (const c of COMMANDS) {
      const real = await c.load();
      expect(real.name()).toBe(c.name);
      expect(`${c.name}${c.term === "" ? "" : ` ${c.term}`}`, c.name).toBe(help.subcommandTerm(real));
      expect(c.summary, c.name).toBe(real.description());
    }
  });

  it("robokit --help lists every command as the fully loaded program does", async () => {
    const lazy = await createProgram(["--help"]);
    const full = await createProgram();
    expect(lazy.helpInformation()).toBe(full.configureHelp({}).helpInformation());
    expect(lazy.commands.map((c) => c.name())).toEqual(COMMANDS.map((c) => c.name));
  });

  it("loads only the command that runs: --version and --help load no command module, validate no MuJoCo or templates", () => {
    const loaded = (args: string[]): string[] => {
      const r = spawnSync(process.execPath, ["--import", "tsx", "--import", trace, main, ...args], {
        encoding: "utf8",
        timeout: 120_000,
      });
      expect(r.status, r.stderr).toBe(0);
      return [...r.stderr.matchAll(/^LOADED (.*)$/gm)].map((m) => m[1]!);
    };
    for (const args of [["--version"], ["--help"]]) {
      const urls = loaded(args);
      expect(
        urls.some((u) => u.includes("/src/cli/main.ts")),
        args.join(" "),
      ).toBe(true);
      expect(
        urls.filter((u) => /\/src\/cli\/commands\/|\/src\/(emit|validate|sim|model|parse)\//.test(u)),
        args.join(" "),
      ).toEqual([]);
    }
    const urls = loaded(["validate", join(root, "test/fixtures/urdf/valid/rover.urdf")]);
    expect(urls.some((u) => u.endsWith("/validateCommand.ts"))).toBe(true);
    expect(urls.filter((u) => /Command\.ts$/.test(u) && !u.endsWith("/validateCommand.ts"))).toEqual([]);
    expect(urls.filter((u) => /mujoco|handlebars|\/src\/sim\/|\/src\/emit\//.test(u))).toEqual([]);
    // xacro's start-up is the product: the expander only, no model, rules, schemas or emitters.
    const xacro = loaded(["xacro", join(root, "test/data/xacro/ros+urdf_tutorial/urdf/08-macroed.urdf.xacro")]);
    // …nor commander nor any command module: main.ts hands the words to runXacro.ts.
    expect(xacro.some((u) => u.endsWith("/src/cli/runXacro.ts"))).toBe(true);
    expect(
      xacro.filter((u) =>
        /ajv|mujoco|handlebars|xmlbuilder2|commander|\/src\/(emit|model|sim|kinematics|sensors)\/|\/src\/validate\/(rules|schema)\/|Command\.ts$/.test(
          u,
        ),
      ),
    ).toEqual([]);
  });
});
