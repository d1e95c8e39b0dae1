import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";

import { afterAll, describe, expect, it } from "vitest";

import { IoError, InputError, UsageError } from "../../src/cli/errors.js";
import { reportError } from "../../src/cli/reportError.js";
import { runCliInProcess } from "../support/runCliInProcess.js";
import { runCliProcess } from "../support/runCliProcess.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-exit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function report(error: unknown, debug = false): { code: number; text: string } {
  let text = "";
  const code = reportError(error, (t) => (text += t), debug);
  return { code, text };
}

describe("exit codes: 0 ok, 1 invalid input, 2 usage, 3 I/O, 70 only for a bug", () => {
  it("maps each kind of error to its code with one line and no stack", () => {
    expect(report(new UsageError("bad flag")).code).toBe(2);
    expect(report(new InputError("bad robot")).code).toBe(1);
    expect(report(new IoError("cannot write x")).code).toBe(3);
    const eacces = Object.assign(new Error("EACCES: permission denied, open '/x'"), {
      code: "EACCES",
      syscall: "open",
      path: "/x",
    });
    const io = report(eacces);
    expect(io.code).toBe(3);
    expect(io.text).toBe("robokit: cannot access /x (EACCES: permission denied)\n");
    const bug = report(new TypeError("x is undefined"));
    expect(bug.code).toBe(70);
    expect(bug.text.trim().split("\n")).toHaveLength(1);
    expect(bug.text).toContain("--debug");
    expect(bug.text).not.toMatch(/\n\s+at /);
  });

  it("--debug adds the stack", () => {
    const bug = report(new TypeError("x is undefined"), true);
    expect(bug.code).toBe(70);
    expect(bug.text).toMatch(/\n\s+at /);
  });

  it("build --out /proc/x ends at once with exit 3 and one line (it used to spin forever)", () => {
    const started = Date.now();
    const r = runCliProcess(["build", "mario", "--out", "/proc/x"]);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^robokit: cannot (create|write)/);
  });

  it("--out under a regular file is exit 3", async () => {
    const file = join(dir, "plain");
    writeFileSync(file, "x");
    const r = await runCliInProcess(["build", "mario", "--out", join(file, "pkg")]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/is not a folder/);
  });

  it("a robot document that is a folder is exit 3, not 70", async () => {
    const folder = join(dir, "robot.yaml");
    mkdirSync(folder);
    const r = await runCliInProcess(["emit", folder, "--format", "urdf"]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toBe(`robokit: cannot read ${folder}: it is a folder\n`);
  });

  it("a robot document that is a FIFO is exit 3 at once (never waits for a writer)", async () => {
    const fifo = join(dir, "fifo.yaml");
    execFileSync("mkfifo", [fifo]);
    const r = await runCliInProcess(["emit", fifo, "--format", "urdf"]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/not a regular file/);
  });

  it("an unreadable robot document is exit 3", async () => {
    if (process.getuid?.() === 0) {
      // root reads anything: simulate the permission error the way the file system reports it.
      const eacces = Object.assign(new Error("EACCES: permission denied, open 'r.yaml'"), {
        code: "EACCES",
        syscall: "open",
        path: "r.yaml",
      });
      expect(report(eacces).code).toBe(3);
      return;
    }
    const file = join(dir, "locked.yaml");
    writeFileSync(file, "name: x\n", { mode: 0o000 });
    const r = await runCliInProcess(["emit", file, "--format", "urdf"]);
    expect(r.code, r.stderr).toBe(3);
  });

  it("a YAML document with more than 100 aliases is read (or refused with YAML_ALIAS_LIMIT), never exit 70", async () => {
    const anchors = "  - &link { name: l0 }\n";
    const many = Array.from({ length: 150 }, () => "  - *link\n").join("");
    const file = join(dir, "aliases.yaml");
    writeFileSync(file, `name: a\nlinks:\n${anchors}${many}`);
    const r = await runCliInProcess(["emit", file, "--format", "urdf"]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain("DUPLICATE_NAME");
    // A billion-laughs document: nine levels of ten aliases each.
    const levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++)
      levels.push(`a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(", ")}]`);
    const bomb = join(dir, "bomb.yaml");
    writeFileSync(bomb, `${levels.join("\n")}\nname: *a8\n`);
    const b = await runCliInProcess(["emit", bomb, "--format", "urdf"]);
    expect(b.code, b.stderr).toBe(1);
    expect(b.stderr).toContain("YAML_ALIAS_LIMIT");
  });
});
