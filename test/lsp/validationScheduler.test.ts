import { describe, expect, it } from "vitest";

import { ValidationScheduler, type ValidationResult } from "../../src/cli/lsp/ValidationScheduler.js";

const WORKER = new URL("./slowWorker.mjs", import.meta.url);
const OPTIONS = { strict: false, searchPaths: [], packagePaths: [], xacroArgs: [] };
const TIMES = { debounce: 10, staleAfter: 100, limit: 1_500 };

/** A scheduler on the stand-in worker that records what it reports. */
function scheduler(): {
  s: ValidationScheduler;
  done: ValidationResult[];
  failed: string[];
  idle: () => Promise<void>;
} {
  const done: ValidationResult[] = [];
  const failed: string[] = [];
  let wake: (() => void) | undefined;
  const s = new ValidationScheduler(
    WORKER,
    OPTIONS,
    {
      done: (r) => {
        done.push(r);
        wake?.();
      },
      failed: (_uri, reason) => {
        failed.push(reason);
        wake?.();
      },
    },
    TIMES,
  );
  return { s, done, failed, idle: () => new Promise((r) => (wake = r)) };
}

function job(version: number, text: string, uri = "file:///a.urdf") {
  return { uri, path: "/a.urdf", version, text, kind: "urdf" as const, unsaved: [] };
}

describe("ValidationScheduler", () => {
  it("coalesces a burst of edits into one run of the last text", async () => {
    const { s, done, idle } = scheduler();
    const finished = idle();
    for (let v = 1; v <= 5; v++) s.schedule(job(v, `sleep 0 v${v}`));
    await finished;
    expect(done.map((r) => [r.version, r.diagnostics[0]?.message])).toEqual([[5, "sleep 0 v5"]]);
    await s.dispose();
  }, 20_000);

  it("never reports a run asked for before the last request, even of the same version (an include changed)", async () => {
    const { s, done, idle } = scheduler();
    s.schedule(job(1, "sleep 60 old"));
    await new Promise((r) => setTimeout(r, 25));
    // Running for a few ms (under staleAfter, so not stopped); the same version is asked for again.
    s.schedule(job(1, "sleep 0 new"));
    await idle();
    await new Promise((r) => setTimeout(r, 200));
    expect(done.map((r) => r.diagnostics[0]?.message)).toEqual(["sleep 0 new"]);
    await s.dispose();
  }, 20_000);

  it("invalidate: a run for a document that changed since is not reported", async () => {
    const { s, done } = scheduler();
    s.schedule(job(1, "sleep 60 old"));
    await new Promise((r) => setTimeout(r, 25));
    s.invalidate("file:///a.urdf");
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toEqual([]);
    await s.dispose();
  }, 20_000);

  it("stops a long run of an outdated text for the new one", async () => {
    const { s, done, idle } = scheduler();
    s.schedule(job(1, "sleep 5000"));
    await new Promise((r) => setTimeout(r, 600));
    const started = performance.now();
    const finished = idle();
    s.schedule(job(2, "sleep 0 v2"));
    await finished;
    expect(done.map((r) => r.version)).toEqual([2]);
    expect(performance.now() - started).toBeLessThan(4_000);
    await s.dispose();
  }, 20_000);

  it("stops a run over the time limit and a crashed worker, and goes on", async () => {
    const { s, done, failed, idle } = scheduler();
    let next = idle();
    s.schedule(job(1, "spin"));
    await next;
    expect(failed[0]).toContain("validation stopped after 1.5 s");
    next = idle();
    s.schedule(job(2, "exit", "file:///b.urdf"));
    await next;
    expect(failed[1]).toContain("exit 3");
    next = idle();
    s.schedule(job(3, "sleep 0 ok"));
    await next;
    expect(done.map((r) => r.diagnostics[0]?.message)).toEqual(["sleep 0 ok"]);
    await s.dispose();
  }, 30_000);
});
