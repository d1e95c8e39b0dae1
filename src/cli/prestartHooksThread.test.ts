import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { describe, expect, it } from "vitest";

import { stripTypeScript } from "./stripTypeScript.js";

/**
 * Runs `body` after this module's code in a fresh Node with no hooks of its own (a TypeScript
 * loader would have started the hooks thread already), and returns its stdout's JSON.
 */
function inChild(body: string): unknown {
  const stripped = stripTypeScript(readFileSync(join(import.meta.dirname, "prestartHooksThread.ts"), "utf8"));
  if (!stripped.ok) throw new Error(stripped.message);
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", `${stripped.code}\n${body}`], {
    encoding: "utf8",
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe("prestartHooksThread", () => {
  it.runIf(process.platform === "linux")(
    "starts the hooks thread without hooks, and the register() that follows uses that thread",
    () => {
      const counts = inChild(`
        const nodeModule = await import("node:module");
        const { readdirSync } = await import("node:fs");
        // Linux lists a process's threads in /proc/self/task.
        const count = () => readdirSync("/proc/self/task").length;
        const before = count();
        prestartHooksThread();
        const started = count();
        nodeModule.register("data:text/javascript,export async function resolve(s, c, next) { return next(s, c); }");
        const registered = count();
        console.log(JSON.stringify({ before, started, registered }));
      `) as { before: number; started: number; registered: number };
      expect(counts.started).toBe(counts.before + 1);
      expect(counts.registered).toBe(counts.started);
    },
  );

  it("leaves imports to Node until hooks are registered, then runs them, and lets the process exit", () => {
    const dir = mkdtempSync(join(tmpdir(), "robokit-prestart-"));
    writeFileSync(join(dir, "answer.mjs"), "export const answer = 42;\n");
    const module = pathToFileURL(join(dir, "answer.mjs")).href;
    const hook = `export async function load(url, c, next) { const r = await next(url, c); return url.endsWith("answer.mjs?hooked") ? { ...r, source: "export const answer = 43;" } : r; }`;
    const seen = inChild(`
      const nodeModule = await import("node:module");
      prestartHooksThread();
      const plain = (await import(${JSON.stringify(`${module}?plain`)})).answer;
      nodeModule.register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});
      const hooked = (await import(${JSON.stringify(`${module}?hooked`)})).answer;
      console.log(JSON.stringify({ plain, hooked }));
    `);
    expect(seen).toEqual({ plain: 42, hooked: 43 });
  });
});
