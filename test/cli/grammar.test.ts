import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { Command, Option } from "commander";
import { describe, expect, it } from "vitest";

import { createProgram } from "../../src/cli/main.js";
import { runCliInProcess } from "../support/runCliInProcess.js";

/** Every command below `robokit`, with its full name (`sim merge`). */
function walk(command: Command, path: string[] = []): { name: string; command: Command }[] {
  return command.commands.flatMap((c) => {
    const name = [...path, c.name()];
    return [{ name: name.join(" "), command: c }, ...walk(c, name)];
  });
}

/** What `--help` prints, the text added after the options (examples) included. */
function helpOf(command: Command): string {
  let text = "";
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  command.outputHelp();
  return text;
}

const visible = (command: Command): readonly Option[] => command.options.filter((o) => !o.hidden);

/** Commands that write a file or folder: `-o, --out` names it (stdout or a default folder without it). */
const WRITERS = ["build", "convert", "import", "odom", "sim", "sim merge", "xacro"];
/** Commands whose output has a format to choose: `-f, --format` chooses it. */
const FORMATS = ["convert", "emit", "ik", "import", "inertia", "validate"];

describe("one command-line grammar", async () => {
  const commands = walk(await createProgram());
  const byName = new Map(commands.map((c) => [c.name, c.command]));

  it("walks every command", () => {
    expect([...byName.keys()]).toEqual(expect.arrayContaining([...WRITERS, ...FORMATS, "view", "fmu check"]));
  });

  it("every command that writes a file takes -o, --out, and no other spelling shows", () => {
    for (const name of WRITERS)
      expect(
        visible(byName.get(name)!).map((o) => o.flags),
        name,
      ).toContainEqual(expect.stringMatching(/^-o, --out </));
    for (const { name, command } of commands) {
      for (const o of visible(command)) {
        expect(o.long, `${name} ${o.flags}`).not.toMatch(/^--(output|to|json)$/);
        if (o.long === "--out") expect(o.short, `${name} ${o.flags}`).toBe("-o");
        if (o.long === "--format") expect(o.short, `${name} ${o.flags}`).toBe("-f");
      }
    }
  });

  it("every command with an output format takes -f, --format", () => {
    for (const name of FORMATS) {
      const format = visible(byName.get(name)!).find((o) => o.long === "--format");
      expect(format?.flags, name).toMatch(/^-f, --format </);
      expect(format?.argChoices?.length, name).toBeGreaterThan(1);
    }
  });

  it("required options are marked, so commander names them when they are missing", () => {
    const mandatory = (name: string, long: string): boolean | undefined =>
      byName.get(name)?.options.find((o) => o.long === long)?.mandatory;
    expect(mandatory("build", "--out")).toBe(true);
    for (const name of ["emit", "convert", "import"]) expect(mandatory(name, "--format"), name).toBe(true);
  });

  it("every command's help ends with examples that use only its own options", () => {
    for (const { name, command } of commands) {
      if (command.commands.length > 0 && name !== "sim") continue; // `fmu` only groups `fmu check`
      const help = helpOf(command);
      const examples = [...help.matchAll(/^ {2}\$ (robokit .*)$/gm)].map((m) => m[1] ?? "");
      expect(help, name).toMatch(/\nExamples:\n/);
      expect(examples.length, name).toBeGreaterThan(0);
      const mine = examples.filter((e) => e.startsWith(`robokit ${name} `));
      expect(mine.length, name).toBeGreaterThan(0);
      const known = new Set(command.options.flatMap((o) => [o.short, o.long]).filter((f) => f !== undefined));
      for (const example of mine) {
        for (const word of example.split(/\s+/).filter((w) => /^--?[a-zA-Z]/.test(w))) {
          expect(known.has(word.replace(/=.*$/, "")), `${name}: ${example}: ${word}`).toBe(true);
        }
      }
    }
  });
});

describe("usage errors", () => {
  it("are one line naming the option, then where the help is", async () => {
    const r = await runCliInProcess(["emit", "mario"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "robokit emit: error: required option '-f, --format <format>' not specified\nsee robokit emit --help\n",
    );
    const unknown = await runCliInProcess(["sim", "merge", "a", "--bogus"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe("robokit sim merge: error: unknown option '--bogus'\nsee robokit sim merge --help\n");
    const top = await runCliInProcess(["nope"]);
    expect(top.stderr).toBe("robokit: error: unknown command 'nope'\nsee robokit --help\n");
  });

  it("a bad value through an old spelling is refused like one through the new", async () => {
    const r = await runCliInProcess(["convert", "robot.urdf", "--to", "step"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^robokit convert: error: option '--to <format>' argument 'step' is invalid/);
  });
});

describe("-o, --out writes what stdout would show", () => {
  it("convert -o FILE writes the file and prints nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "robokit-grammar-"));
    try {
      const urdf = join(import.meta.dirname, "..", "fixtures", "urdf", "valid", "rover.urdf");
      const shown = await runCliInProcess(["convert", urdf, "-f", "sdf"]);
      const written = await runCliInProcess(["convert", urdf, "-f", "sdf", "-o", join(dir, "m.sdf")]);
      expect(shown.code).toBe(0);
      expect(written.code).toBe(0);
      expect(written.stdout).toBe("");
      expect(readFileSync(join(dir, "m.sdf"), "utf8")).toBe(shown.stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("old spellings stay as hidden aliases", () => {
  it("ik --json is ik -f json", async () => {
    const twist = ["ik", "mario", "--vx", "0.5", "--wz", "0.2"];
    const old = await runCliInProcess([...twist, "--json"]);
    const now = await runCliInProcess([...twist, "-f", "json"]);
    expect(old.code).toBe(0);
    expect(JSON.parse(old.stdout)).toHaveProperty("wheels");
    expect(old.stdout).toBe(now.stdout);
  });

  it("import and convert take --to for -f, xacro takes --output for -o", async () => {
    const program = await createProgram();
    const parsed = (path: string[], args: string[]): Record<string, unknown> => {
      let command = program;
      for (const name of path) command = command.commands.find((c) => c.name() === name)!;
      command.action(() => undefined);
      command.parse(args, { from: "user" });
      return command.opts();
    };
    expect(parsed(["import"], ["r.urdf", "--to", "yaml"])["format"]).toBe("yaml");
    expect(parsed(["convert"], ["r.urdf", "--to", "sdf"])["format"]).toBe("sdf");
    expect(parsed(["xacro"], ["r.xacro", "--output", "r.urdf"])["out"]).toBe("r.urdf");
  });
});
