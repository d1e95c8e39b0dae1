import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { LspClient } from "../support/lspClient.js";
import { runCliInProcess } from "../support/runCliInProcess.js";

const DIR = resolve("test/lsp/fixtures/bot_description/urdf");
const BOT = resolve(DIR, "bot.urdf.xacro");
const WHEEL = resolve(DIR, "wheel.xacro");
const HOSTILE = resolve("test/lsp/fixtures/hostile.urdf.xacro");
const botUri = pathToFileURL(BOT).href;
const wheelUri = pathToFileURL(WHEEL).href;
const botText = readFileSync(BOT, "utf8");

interface Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}
interface LspDiagnostic {
  range: Range;
  severity: number;
  code: string;
  message: string;
  relatedInformation?: { location: { uri: string; range: Range }; message: string }[];
}
interface Published {
  uri: string;
  diagnostics: LspDiagnostic[];
}

/** The position of the first `needle` in `text`, plus `delta` characters. */
function at(text: string, needle: string, delta = 0): { line: number; character: number } {
  const i = text.indexOf(needle);
  if (i === -1) throw new Error(`${needle} not found`);
  const lines = text.slice(0, i + delta).split("\n");
  return { line: lines.length - 1, character: lines[lines.length - 1]!.length };
}

let client: LspClient;
/** The diagnostics published for the robot and its included macro file when it was opened. */
let opened: Map<string, LspDiagnostic[]>;

function publishedFor(uris: readonly string[]): Promise<Map<string, LspDiagnostic[]>> {
  return Promise.all(
    uris.map((u) => client.next<Published>("textDocument/publishDiagnostics", (p) => p.uri === u)),
  ).then((list) => new Map(list.map((p) => [p.uri, p.diagnostics])));
}

describe("robokit lsp --stdio (a JSON-RPC client over stdio)", () => {
  let capabilities: Record<string, unknown>;
  beforeAll(async () => {
    client = new LspClient();
    capabilities = (await client.initialize()).capabilities;
    const published = publishedFor([botUri, wheelUri]);
    client.notify("textDocument/didOpen", {
      textDocument: { uri: botUri, languageId: "xml", version: 1, text: botText },
    });
    opened = await published;
  }, 60_000);
  afterAll(async () => {
    expect(await client.stop()).toBe(0);
  });

  it("initialize: announces its capabilities", () => {
    expect(capabilities).toMatchObject({
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      documentSymbolProvider: true,
      renameProvider: { prepareProvider: true },
      textDocumentSync: 2,
    });
  });

  it("didOpen: publishes exactly robokit validate's diagnostics, macro errors in the macro file with the call", async () => {
    const cli = await runCliInProcess(["validate", "--format", "json", BOT]);
    const report = JSON.parse(cli.stdout) as {
      files: { diagnostics: { code: string; severity: string; file: string; line: number; column: number }[] }[];
    };
    const expected = report.files[0]!.diagnostics.map(
      (d) => `${pathToFileURL(resolve(d.file)).href}:${d.line}:${d.column} ${d.severity} ${d.code}`,
    );
    const severities = ["", "error", "warning", "info"];
    const got = [...opened].flatMap(([uri, list]) =>
      list.map(
        (d) => `${uri}:${d.range.start.line + 1}:${d.range.start.character + 1} ${severities[d.severity]} ${d.code}`,
      ),
    );
    expect(got.sort()).toEqual(expected.sort());
    const axis = opened.get(wheelUri)?.find((d) => d.code === "JOINT_AXIS_ZERO");
    expect(axis?.relatedInformation?.map((r) => [r.location.uri, r.location.range.start.line + 1, r.message])).toEqual([
      [botUri, 12, "macro wheel called here"],
      [wheelUri, 3, "macro wheel defined here"],
    ]);
  });

  it("didChange: diagnostics follow the unsaved text", async () => {
    const fixed = botText
      .replace('axis="0 0 0"', 'axis="0 1 0"')
      .replace('lower="1" upper="-1"', 'lower="-1" upper="1"');
    const published = publishedFor([botUri]);
    client.notify("textDocument/didChange", {
      textDocument: { uri: botUri, version: 2 },
      contentChanges: [{ text: fixed }],
    });
    const codes = (await published).get(botUri)!.map((d) => d.code);
    expect(codes).not.toContain("JOINT_LIMIT_INVALID");
    expect(codes).toContain("LINK_INERTIA_INVALID");
    const back = publishedFor([botUri]);
    client.notify("textDocument/didChange", {
      textDocument: { uri: botUri, version: 3 },
      contentChanges: [{ text: botText }],
    });
    expect((await back).get(botUri)!.map((d) => d.code)).toContain("JOINT_LIMIT_INVALID");
  });

  it("a burst of edits: one run, published for the last version only, with that version", async () => {
    const fixed = botText.replace('lower="1" upper="-1"', 'lower="-1" upper="1"');
    const seen: { version: number | undefined; codes: string[] }[] = [];
    client.on<Published & { version?: number }>("textDocument/publishDiagnostics", (p) => {
      if (p.uri === botUri) seen.push({ version: p.version, codes: p.diagnostics.map((d) => d.code) });
    });
    const last = client.next<Published & { version?: number }>(
      "textDocument/publishDiagnostics",
      (p) => p.uri === botUri && p.version === 24,
    );
    // Alternating texts: a result of any earlier version would show (or lack) JOINT_LIMIT_INVALID.
    for (let v = 10; v <= 24; v++)
      client.notify("textDocument/didChange", {
        textDocument: { uri: botUri, version: v },
        contentChanges: [{ text: v % 2 === 0 ? botText : fixed }],
      });
    expect((await last).diagnostics.map((d) => d.code)).toContain("JOINT_LIMIT_INVALID");
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.map((p) => p.version)).toEqual([24]);
  });

  it("hover: explains a diagnostic and the element under the cursor", async () => {
    const hover = await client.request<{ contents: { value: string } }>("textDocument/hover", {
      textDocument: { uri: botUri },
      position: at(botText, "<limit", 2),
    });
    expect(hover.contents.value).toContain("**JOINT_LIMIT_INVALID**");
    expect(hover.contents.value).toContain("**<limit>**");
  });

  it("definition: a joint's parent link, a macro in the included file, $(find pkg)", async () => {
    const def = (position: object) =>
      client.request<{ uri: string; range: Range }[]>("textDocument/definition", {
        textDocument: { uri: botUri },
        position,
      });
    expect(await def(at(botText, '<parent link="base_link"', 16))).toEqual([
      { uri: botUri, range: { start: at(botText, "base_link"), end: at(botText, "base_link", 9) } },
    ]);
    expect((await def(at(botText, "xacro:wheel", 8))).map((l) => [l.uri, l.range.start.line])).toEqual([[wheelUri, 2]]);
    expect((await def(at(botText, "(find bot", 7))).map((l) => l.uri)).toEqual([
      pathToFileURL(resolve(DIR, "..", "package.xml")).href,
    ]);
  });

  it("references: a link across the include", async () => {
    const refs = await client.request<{ uri: string; range: Range }[]>("textDocument/references", {
      textDocument: { uri: botUri },
      position: at(botText, '"base_link"', 1),
      context: { includeDeclaration: true },
    });
    expect(refs.map((r) => `${r.uri === botUri ? "bot" : "wheel"}:${r.range.start.line + 1}`).sort()).toEqual([
      "bot:15",
      "bot:5",
      "wheel:12",
    ]);
  });

  it("completion: link names in a joint's child", async () => {
    const items = await client.request<{ label: string }[]>("textDocument/completion", {
      textDocument: { uri: botUri },
      position: at(botText, '<child link="arm"', 13),
    });
    expect(items.map((i) => i.label).sort()).toEqual(["arm", "base_link"]);
  });

  it("documentSymbol: the kinematic tree and the xacro definitions", async () => {
    const symbols = await client.request<
      { name: string; children?: { name: string; children?: { name: string }[] }[] }[]
    >("textDocument/documentSymbol", { textDocument: { uri: botUri } });
    expect(symbols.map((s) => s.name)).toEqual(["base_link", "body_mass"]);
    expect(symbols[0]!.children?.map((c) => [c.name, c.children?.map((g) => g.name)])).toEqual([
      ["arm_joint", ["arm"]],
    ]);
  });

  it("rename: a joint and its ros2_control entry", async () => {
    const edit = await client.request<{ changes: Record<string, { range: Range; newText: string }[]> }>(
      "textDocument/rename",
      { textDocument: { uri: botUri }, position: at(botText, '"arm_joint"', 1), newName: "shoulder" },
    );
    expect(Object.keys(edit.changes)).toEqual([botUri]);
    expect(edit.changes[botUri]!.map((e) => [e.range.start.line + 1, e.newText])).toEqual([
      [14, "shoulder"],
      [21, "shoulder"],
    ]);
  });

  it("rename: refuses a name that would break the document, with the reason", async () => {
    await expect(
      client.request("textDocument/rename", {
        textDocument: { uri: botUri },
        position: at(botText, '"arm_joint"', 1),
        newName: 'x"/><a b="',
      }),
    ).rejects.toThrow(/cannot rename arm_joint to .*a name written in XML cannot hold '"'/);
  });

  it("an open macro file is checked through the robot that includes it, not alone", async () => {
    const wheelText = readFileSync(WHEEL, "utf8");
    const published = publishedFor([wheelUri]);
    client.notify("textDocument/didOpen", {
      textDocument: { uri: wheelUri, languageId: "xml", version: 1, text: wheelText },
    });
    // Alone, the macro file would be a <robot> without name or links (two errors).
    expect((await published).get(wheelUri)!.map((d) => d.code)).toEqual(["JOINT_AXIS_ZERO"]);
    const edited = publishedFor([wheelUri]);
    const fixed = wheelText.replace('<axis xyz="${axis}"/>', '<axis xyz="0 1 0"/>');
    client.notify("textDocument/didChange", {
      textDocument: { uri: wheelUri, version: 2 },
      contentChanges: [{ text: fixed }],
    });
    expect((await edited).get(wheelUri)).toEqual([]);
    const closed = publishedFor([wheelUri]);
    client.notify("textDocument/didChange", {
      textDocument: { uri: wheelUri, version: 3 },
      contentChanges: [{ text: wheelText }],
    });
    await closed;
    client.notify("textDocument/didClose", { textDocument: { uri: wheelUri } });
  });

  it("a hostile file: a budget error, and the server keeps answering", async () => {
    const uri = pathToFileURL(HOSTILE).href;
    const published = publishedFor([uri]);
    client.notify("textDocument/didOpen", {
      textDocument: { uri, languageId: "xml", version: 1, text: readFileSync(HOSTILE, "utf8") },
    });
    const hover = await client.request<{ contents: { value: string } } | null>("textDocument/hover", {
      textDocument: { uri },
      position: { line: 9, character: 4 },
    });
    expect(hover?.contents.value).toContain("<link>");
    const diagnostics = (await published).get(uri)!;
    expect(diagnostics.map((d) => d.code)).toEqual(["XACRO_TOO_MANY_STEPS"]);
    expect(diagnostics[0]!.relatedInformation!.length).toBeLessThanOrEqual(32);
    client.notify("textDocument/didClose", { textDocument: { uri } });
  });
});
