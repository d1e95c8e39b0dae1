import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import { syntheticRobot } from "../../bench/support/syntheticRobot.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const main = join(root, "src", "cli", "main.ts");
const tsx = pathToFileURL(createRequire(join(root, "package.json")).resolve("tsx")).href;
const dir = mkdtempSync(join(tmpdir(), "robokit-stdout-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A robot whose URDF is far larger than a pipe buffer (64 KiB), so writes are pending when the reader leaves. */
function bigRobot(): string {
  // JSON: YAML's stringify writes shared objects as aliases, past the alias limit.
  const file = join(dir, "big.json");
  writeFileSync(file, JSON.stringify(syntheticRobot(2000)));
  return file;
}

describe("a stdout that cannot take the output is exit 3 with one line, no stack; a closed pipe is no failure", () => {
  it("> /dev/full (ENOSPC)", () => {
    const full = openSync("/dev/full", "w");
    try {
      const r = spawnSync(process.execPath, ["--import", tsx, main, "emit", "mario", "--format", "urdf"], {
        cwd: root,
        stdio: ["ignore", full, "pipe"],
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, NODE_NO_WARNINGS: "1" },
      });
      expect(r.status, r.stderr).toBe(3);
      expect(r.stderr).toBe(
        "robokit: cannot write to stdout: no space left on the device (ENOSPC); the output is incomplete\n",
      );
    } finally {
      closeSync(full);
    }
  });

  it("| head -c1 (EPIPE): the reader took what it wanted, exit 0 and nothing on stderr", async () => {
    const big = bigRobot();
    const child = spawn(process.execPath, ["--import", tsx, main, "emit", big, "--format", "urdf"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_NO_WARNINGS: "1" },
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    // Read one chunk, then close our end, as `head -c1` does.
    child.stdout.once("data", () => child.stdout.destroy());
    const status = await new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    expect(status, stderr).toBe(0);
    expect(stderr).toBe("");
  }, 60_000);

  it("build | head -c1: every file is written, exit 0, no word about stdout", async () => {
    const whole = join(dir, "whole");
    const cut = join(dir, "cut");
    const listed = spawnSync(process.execPath, ["--import", tsx, main, "build", "cart", "-o", whole], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NODE_NO_WARNINGS: "1" },
    });
    expect(listed.status, listed.stderr).toBe(0);
    const child = spawn(process.execPath, ["--import", tsx, main, "build", "cart", "-o", cut], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_NO_WARNINGS: "1" },
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    // Close our end before robokit writes anything, as a reader that is gone already.
    child.stdout.destroy();
    const status = await new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    expect(status, stderr).toBe(0);
    // The build's own warnings may stand there; nothing about stdout does.
    expect(stderr).not.toMatch(/stdout|EPIPE|incomplete/);
    const files = (root: string): string[] => readdirSync(root, { recursive: true, encoding: "utf8" }).sort();
    expect(files(cut)).toEqual(files(whole));
  }, 60_000);

  // robokit xacro writes with its own blocking writes (writeStdoutSync), not process.stdout.
  it("robokit xacro > /dev/full: the same line and exit 3; | head -c1: exit 0", async () => {
    const file = join(dir, "big.urdf.xacro");
    const links = Array.from({ length: 40_000 }, (_, i) => `  <link name="link_${i}"/>`).join("\n");
    writeFileSync(file, `<robot name="big" xmlns:xacro="http://www.ros.org/wiki/xacro">\n${links}\n</robot>\n`);
    const full = openSync("/dev/full", "w");
    try {
      const r = spawnSync(process.execPath, ["--import", tsx, main, "xacro", file], {
        cwd: root,
        stdio: ["ignore", full, "pipe"],
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, NODE_NO_WARNINGS: "1" },
      });
      expect(r.status, r.stderr).toBe(3);
      expect(r.stderr).toBe(
        "robokit: cannot write to stdout: no space left on the device (ENOSPC); the output is incomplete\n",
      );
    } finally {
      closeSync(full);
    }
    const child = spawn(process.execPath, ["--import", tsx, main, "xacro", file], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_NO_WARNINGS: "1" },
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    child.stdout.once("data", () => child.stdout.destroy());
    const status = await new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    expect(status, stderr).toBe(0);
    expect(stderr).toBe("");
  }, 60_000);
});
