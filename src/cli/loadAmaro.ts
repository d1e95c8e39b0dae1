import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { runInThisContext } from "node:vm";

/** What robokit uses of amaro (swc's TypeScript transform, compiled to WebAssembly). */
export interface Amaro {
  transformSync(source: string, options: { mode: "strip-only" }): { code: string };
}

/** Where amaro's bundle holds its WebAssembly: one base64 string literal. */
const WASM_LITERAL_START = 'Buffer2.from("';
const WASM_LITERAL_END = '", "base64")';
/** The name the literal's bytes get in the code compiled instead. */
const WASM_BYTES = "__robokitAmaroWasm";

/**
 * amaro, loaded for a quarter of what `require("amaro")` costs. Its dist/index.js is one
 * CommonJS file of 3.5 MB, nearly all of it the WebAssembly as a base64 string literal, which V8
 * would scan as code (10 ms) before Buffer decodes it. Here the file is read as bytes, the
 * literal is decoded straight from them, and only the rest, amaro's own 18 kB of glue with the
 * decoded bytes in the literal's place, is compiled and run as the module it is. A file without
 * exactly one such literal (another amaro) is required as usual.
 *
 * @param file - amaro's dist/index.js (the one installed beside robokit).
 */
export function loadAmaro(file: string = createRequire(import.meta.url).resolve("amaro")): Amaro {
  const bytes = readFileSync(file);
  const start = bytes.indexOf(WASM_LITERAL_START);
  const end = start < 0 ? -1 : bytes.indexOf(WASM_LITERAL_END, start);
  const requireFile = createRequire(file);
  if (start < 0 || end < 0 || bytes.indexOf(WASM_LITERAL_START, end) >= 0) return requireFile(file) as Amaro;
  const wasm = Buffer.from(bytes.toString("latin1", start + WASM_LITERAL_START.length, end), "base64");
  const glue = `${bytes.toString("utf8", 0, start)}${WASM_BYTES}${bytes.toString("utf8", end + WASM_LITERAL_END.length)}`;
  // Node's own CommonJS wrapper, with one more parameter: the WebAssembly's bytes.
  const run = runInThisContext(
    `(function (exports, require, module, __filename, __dirname, ${WASM_BYTES}) {${glue}\n})`,
    { filename: file },
  ) as (...args: unknown[]) => void;
  const module = { exports: {} as Record<string, unknown> };
  run(module.exports, requireFile, module, file, dirname(file), wasm);
  return module.exports as unknown as Amaro;
}
