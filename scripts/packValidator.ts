// How scripts/precompile-validators.ts stores a validator's code in schemas/validators/*.cjs.
// ajv's standalone code is verbose and repetitive (3.5 MB for SDF 1.12): every module is
// minified (esbuild), which also parses faster, and a large one is stored deflated and
// base64-encoded inside a CommonJS module that inflates and compiles it when required. The
// module stays a plain require() for src/schema/loadValidator.ts (no file reading in
// the core), and the package holds ~1.8 MB of validators instead of 31 MB.
import { inflateRawSync, deflateRawSync, constants } from "node:zlib";

import { transformSync } from "esbuild";

import { VALIDATOR_PAYLOAD } from "../src/schema/validatorModuleCode.js";

/**
 * Minified code above this many bytes is stored deflated. Below it, loading node:zlib costs
 * more start-up than the package size saved is worth (URDF: 233 KB minified, its module loads
 * ~10 ms of CPU faster unpacked than deflated).
 */
export const PACK_ABOVE_BYTES = 512 * 1024;

const PAYLOAD = VALIDATOR_PAYLOAD;

/** The code minified: same behaviour, same error objects (names of locals are not part of them). */
export function minifyValidator(code: string): string {
  return transformSync(code, {
    minify: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    loader: "js",
    charset: "utf8",
  }).code;
}

/** The module text for minified `code`, below `header` (comment lines, each ending in a newline). */
export function packValidator(header: string, code: string): string {
  if (Buffer.byteLength(code) <= PACK_ABOVE_BYTES) return `${header}${code}`;
  // Deflate output may differ between zlib builds; --check compares the inflated code instead.
  const payload = deflateRawSync(code, { level: constants.Z_BEST_COMPRESSION }).toString("base64");
  return (
    header +
    "// The minified code below is deflated and base64-encoded (scripts/packValidator.ts): inflated and compiled when required.\n" +
    '"use strict";const m={exports:{}};' +
    `require("node:vm").compileFunction(require("node:zlib").inflateRawSync(Buffer.from(${JSON.stringify(payload)},"base64")).toString("utf8"),["module","exports","require"],{filename:__filename})(m,m.exports,require);` +
    "module.exports=m.exports;\n"
  );
}

/** The module text split into its shell (the text without the deflated payload) and its code (inflated). */
export function unpackValidator(text: string): { readonly shell: string; readonly code: string } {
  const m = PAYLOAD.exec(text);
  if (m === null) return { shell: "", code: text };
  return {
    shell: text.replace(PAYLOAD, 'Buffer.from("","base64")'),
    code: inflateRawSync(Buffer.from(m[1]!, "base64")).toString("utf8"),
  };
}

/** Whether two module texts hold the same code in the same shell (their payloads may differ in bytes only). */
export function sameValidator(a: string, b: string): boolean {
  const x = unpackValidator(a);
  const y = unpackValidator(b);
  return x.shell === y.shell && x.code === y.code;
}
