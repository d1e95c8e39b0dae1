// @slow: opens documents of hundreds of thousands of tags through every request (vitest project `slow`).
// The attack suite on the language service: documents an editor may hold (half-typed, hostile or
// just odd) through every request the server answers on its main thread. Each named document
// made the old scanners quadratic or backtrack: at these sizes they held the service for tens of
// seconds to minutes, where linear code takes milliseconds; the bound per case is seconds, so the
// difference cannot be missed on a loaded machine, and nothing is timed finely. The seeded part
// mixes hostile fragments at random (ROBOKIT_FUZZ_SEED, 20261123 in CI, as attackSuite.test.ts).
import { describe, expect, it } from "vitest";

import { TextDocument } from "vscode-languageserver-textdocument";

import { cursorContext } from "../../src/lsp/cursorContext.js";
import { documentKind, isXmlKind } from "../../src/lsp/documentKind.js";
import { documentSymbols } from "../../src/lsp/documentSymbols.js";
import { indexControllerYaml, jointSlotAt } from "../../src/lsp/indexControllerYaml.js";
import { indexDocument } from "../../src/lsp/indexDocument.js";
import { LanguageService } from "../../src/lsp/LanguageService.js";
import { pathToUri } from "../../src/lsp/Workspace.js";
import { HOSTILE_DOCUMENTS } from "./hostileDocuments.js";
import { prng } from "./hostileInputs.js";

const SEED = Number(
  process.env["ROBOKIT_FUZZ_SEED"] ?? (process.env["CI"] === "true" ? 20261123 : Date.now() % 2 ** 31),
);
/** Slowest a whole case (open plus every request) may be on a loaded 2-core machine. */
const CASE_MS = 8_000;

const host = { readFile: () => undefined, findPackage: () => undefined };

/** Opens the document and asks every request at a spread of positions. */
function exercise(file: string, text: string): void {
  // The scanners themselves, whatever the size: the service indexes only up to MAX_INDEXED_CHARS.
  const kind = documentKind(file, text);
  const uri = pathToUri(file);
  const document = TextDocument.create(uri, "robokit", 1, text);
  const index = isXmlKind(kind)
    ? indexDocument(text)
    : { ...indexDocument(""), names: kind === "controller-parameters" ? indexControllerYaml(text) : [] };
  documentSymbols({ path: file, uri, kind, document, index });
  for (const f of [0, 0.25, 0.5, 0.75, 0.999, 1]) {
    const offset = Math.floor(f * text.length);
    cursorContext(index.scanned, offset);
    if (kind === "controller-parameters") jointSlotAt(text, offset);
  }
  // Every request through the service, as the server asks them.
  const service = new LanguageService(host);
  service.update(uri, text, 1);
  service.documentSymbols(uri);
  for (const f of [0, 0.25, 0.5, 0.75, 0.999, 1]) {
    const position = document.positionAt(Math.floor(f * text.length));
    service.hover(uri, position);
    service.completion(uri, position);
    service.definition(uri, position);
    service.references(uri, position, true);
    service.prepareRename(uri, position);
  }
}

function timed(what: string, f: () => void): void {
  const t = performance.now();
  f();
  const took = performance.now() - t;
  expect(took, `${what}: ${took.toFixed(0)} ms`).toBeLessThan(CASE_MS);
}

describe("the language service's work is linear in the document", () => {
  for (const d of HOSTILE_DOCUMENTS) it(d.name, () => timed(d.name, () => exercise(d.file, d.text)));
});

const FRAGMENTS = [
  "<a>",
  "</b>",
  "</a",
  "<link a='",
  '<joint name="j" type="r">',
  "<parent>",
  "<joint_name>",
  "<uri>",
  "<!--",
  "<![CDATA[",
  "<?",
  "${",
  "}",
  "\n",
  "\r",
  " ".repeat(64),
  "\n".repeat(64),
  "joints:",
  "- ",
  " #",
  "[",
  '"',
  "'",
  "<xacro:macro name='m' params='a b'>",
  "<xacro:property name='p' value='",
  "ros__parameters:",
];

describe(`attack suite: the language service on random hostile documents (seed ${SEED})`, () => {
  it("200 KB documents of hostile fragments, as XML, xacro and YAML: every request, each case in seconds", () => {
    const rnd = prng(SEED);
    for (let c = 0; c < 12; c++) {
      const parts: string[] = [];
      // Few fragments, repeated: the runs are what made the old scanners quadratic.
      const alphabet = Array.from(
        { length: 1 + Math.floor(rnd() * 3) },
        () => FRAGMENTS[Math.floor(rnd() * FRAGMENTS.length)]!,
      );
      let size = 0;
      while (size < 200_000) {
        const f = alphabet[Math.floor(rnd() * alphabet.length)]!;
        parts.push(f);
        size += f.length;
      }
      const file = ["/ws/r.urdf", "/ws/r.urdf.xacro", "/ws/w.sdf", "/ws/c.yaml"][c % 4]!;
      timed(`case ${c} (${file}, ${JSON.stringify(alphabet)})`, () => exercise(file, parts.join("")));
    }
  });
});
