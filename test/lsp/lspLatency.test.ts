// The server answers while hostile documents are open: each document that stalled the old
// scanners (tens of seconds per edit) is opened and edited in `robokit lsp --stdio` through a
// real JSON-RPC client, and hover, completion, documentSymbol and shutdown must each be answered
// within a second. A stalled server misses that by an order of magnitude or more.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

import { afterAll, describe, expect, it, onTestFinished } from "vitest";

import { LspClient } from "../support/lspClient.js";
import { MAX_INDEXED_CHARS } from "../../src/lsp/Workspace.js";
import { HOSTILE_DOCUMENTS } from "../security/hostileDocuments.js";

/** `unit` repeated to just under the largest text the server indexes (the most work it takes on). */
function atIndexLimit(head: string, unit: string): string {
  return head + unit.repeat(Math.floor((MAX_INDEXED_CHARS - head.length) / unit.length));
}

/** The hostile documents, and the costliest documents the server still indexes. */
const DOCUMENTS = [
  ...HOSTILE_DOCUMENTS,
  {
    name: "nested joints up to the index limit",
    file: "/ws/joints.urdf",
    text: atIndexLimit("<robot>", '<joint name="j" type="fixed">'),
  },
  {
    name: "a joint per link up to the index limit",
    file: "/ws/chain.urdf",
    text: atIndexLimit(
      "<robot>",
      '<link name="a"/><joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>',
    ),
  },
  {
    name: "one start tag of attributes up to the index limit",
    file: "/ws/attrs.urdf",
    text: atIndexLimit("<robot a", ' a="b"'),
  },
];

/** Longest a request may wait for its answer, milliseconds. */
const ANSWER_MS = 1_000;

const dir = mkdtempSync(join(tmpdir(), "robokit-lsp-latency-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Sends a request and fails unless it is answered within ANSWER_MS. */
async function answered(client: LspClient, label: string, method: string, params: unknown): Promise<number> {
  const t = performance.now();
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`${method} not answered within ${ANSWER_MS} ms`)), ANSWER_MS),
  );
  await Promise.race([client.request(method, params), timeout]).catch((e: Error) => {
    throw new Error(`${label}: ${e.message}`);
  });
  return performance.now() - t;
}

describe("robokit lsp --stdio answers within a second while hostile documents are open", () => {
  it("hover, completion, documentSymbol and shutdown, after each document is opened and edited", async () => {
    const client = new LspClient();
    // A stalled server is stopped when the test fails, not left running.
    onTestFinished(() => {
      if (client.child.exitCode === null) client.child.kill();
    });
    await client.initialize(dir);
    const slowest: Record<string, number> = {};
    for (const [n, d] of DOCUMENTS.entries()) {
      const uri = pathToFileURL(join(dir, `${n}-${basename(d.file)}`)).href;
      client.notify("textDocument/didOpen", { textDocument: { uri, languageId: "xml", version: 1, text: d.text } });
      // Typing at the end: each keystroke is a change of the whole text, as the worst client sends.
      for (let v = 2; v <= 4; v++)
        client.notify("textDocument/didChange", {
          textDocument: { uri, version: v },
          contentChanges: [{ text: `${d.text}${"x".repeat(v)}` }],
        });
      const position = { line: 0, character: 5 };
      for (const [method, params] of [
        ["textDocument/hover", { textDocument: { uri }, position }],
        ["textDocument/completion", { textDocument: { uri }, position }],
        ["textDocument/documentSymbol", { textDocument: { uri } }],
      ] as const) {
        const ms = await answered(client, d.name, method, params);
        slowest[method] = Math.max(slowest[method] ?? 0, ms);
      }
    }
    const exited = new Promise<number | null>((r) => client.child.on("exit", (code) => r(code)));
    await answered(client, "shutdown", "shutdown", null);
    client.notify("exit", null);
    expect(await exited).toBe(0);
    console.log(
      `slowest answers (ms): ${JSON.stringify(slowest, (_, v) => (typeof v === "number" ? Math.round(v) : v))}`,
    );
  }, 120_000);
});
