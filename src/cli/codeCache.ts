import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { Script } from "node:vm";
import { constants, crc32, deflateRawSync, inflateRawSync } from "node:zlib";

import { validatorModuleCode } from "../schema/validatorModuleCode.js";
import { decodeUtf8 } from "../util/decodeUtf8.js";
import { withDefaultV8Flags } from "./withDefaultV8Flags.js";

/**
 * The folder beside the bundled CLI that holds V8 code caches (scripts/build-code-cache.mjs
 * writes it at build time): compiled bytecode of the CLI and the schema validators, so a run
 * deserialises what it would otherwise parse and compile (about half of `build`'s start-up).
 */
export const CODE_CACHE_DIR = "code-cache";

/** One script compiled through {@link loadCommonJs}, and the name of its cache. */
interface CompiledScript {
  readonly script: Script;
  readonly cache: string;
}

const compiled: CompiledScript[] = [];
const validatorModules = new Map<string, Record<string, unknown>>();

/** What a CommonJS module's code runs with besides the usual five names. */
export type ModuleScope = Readonly<Record<string, unknown>>;

/** The extensions of a cache stored as it is, and deflated. */
const RAW = ".v8";
const DEFLATED = ".v8z";

/**
 * The bytecode of the cache named `cache` (a path without extension): `cache.v8` as is, or
 * `cache.v8z` deflated; undefined when there is none or it is damaged. Bytecode deflates 2–6×
 * smaller; inflating the CLI's own cache cost 5 ms of every run, so the caches every run
 * reads are stored as they are and the rarely read ones deflated (scripts/build-code-cache.mjs).
 */
function readCache(cache: string): Buffer | undefined {
  try {
    return readFileSync(`${cache}${RAW}`);
  } catch {
    try {
      return inflateRawSync(readFileSync(`${cache}${DEFLATED}`));
    } catch {
      return undefined;
    }
  }
}

/**
 * Runs CommonJS `source` (the module file `file`, absolute) as Node's loader would and returns
 * its `module.exports`, compiled from the V8 code cache named `cache` when there is one that
 * V8 accepts. V8 refuses a cache made by another V8 version or other V8 flags and then
 * compiles the source as usual, so a missing or foreign cache costs only the time it saves.
 * V8 matches a cache to its source by length only: callers name caches so that a changed
 * source never meets an old cache (a content hash, or a folder rebuilt with its source).
 * `scope` names extra free variables of the source and their values.
 */
export function loadCommonJs(
  file: string,
  source: string,
  cache: string,
  scope: ModuleScope = {},
): Record<string, unknown> {
  const names = ["exports", "require", "module", "__filename", "__dirname", ...Object.keys(scope)];
  // Same line as the source's first line, so positions in stacks stay those of the file.
  const wrapped = `(function (${names.join(", ")}) {${source.replace(/^#!/, "//")}\n})`;
  const cachedData = readCache(cache);
  const script = new Script(wrapped, { filename: file, ...(cachedData === undefined ? {} : { cachedData }) });
  compiled.push({ script, cache });
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, createRequire(file), module, file, dirname(file), ...Object.values(scope));
  return module.exports;
}

/**
 * A precompiled schema validator module (schemas/validators/*.cjs, `path` absolute) loaded
 * through {@link loadCommonJs}: its code (inflated when stored deflated) is compiled from a
 * cache in `cacheDir` named after the module and a hash of its text, so a regenerated
 * validator never meets the cache of the one before.
 */
export function loadValidatorModule(path: string, cacheDir: string): Record<string, unknown> {
  // Loaded once per process, as require() would: one module may hold several validators.
  let exports = validatorModules.get(path);
  if (exports === undefined) {
    const bytes = readFileSync(path);
    const text = decodeUtf8(bytes);
    exports = loadCommonJs(path, validatorModuleCode(text), join(cacheDir, `${basename(path)}-${bytesId(bytes)}`));
    validatorModules.set(path, exports);
  }
  return exports;
}

/**
 * The CRC-32 of a file's bytes (hex) and their length: names a cache after the code it was
 * made from. zlib's CRC is native and zlib is loaded anyway (caches are deflated); a hash in
 * JavaScript took 5 ms of `build` for the SDF validator's 125 kB, node:crypto more to load.
 */
function bytesId(bytes: Buffer): string {
  return `${crc32(bytes).toString(16).padStart(8, "0")}-${bytes.length}`;
}

/** Whether the last script compiled with the cache named `cache` was given one V8 accepted. */
export function codeCacheAccepted(cache: string): boolean | undefined {
  const entry = compiled.findLast((c) => c.cache === cache);
  if (entry === undefined) return undefined;
  return readCache(cache) !== undefined && entry.script.cachedDataRejected === false;
}

/** How {@link writeCodeCaches} writes each cache, by its name. */
export interface CodeCacheWriting {
  /** Whether the cache is stored deflated. */
  readonly deflate: (cache: string) => boolean;
  /**
   * Whether the cache is made under V8's default flags (withDefaultV8Flags), for a script
   * compiled before the CLI's flags are set (cliV8Flags.ts); otherwise under the flags the
   * process has. V8 stamps a cache with the flags it was made under.
   */
  readonly underDefaultFlags: (cache: string) => boolean;
}

/**
 * Writes the code cache of every script compiled in this process: its bytecode as it is now,
 * with every function that has run so far (so a cache written after representative runs
 * holds the functions those runs needed), as `how` says for its name. Each file is written
 * whole (temporary file, then rename). Returns the paths written. Used by
 * scripts/build-code-cache.mjs only.
 */
export function writeCodeCaches(how: CodeCacheWriting): string[] {
  const written: string[] = [];
  for (const { script, cache } of compiled) {
    const packed = how.deflate(cache);
    const path = `${cache}${packed ? DEFLATED : RAW}`;
    if (written.includes(path)) continue;
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    const data = how.underDefaultFlags(cache)
      ? withDefaultV8Flags(() => script.createCachedData())
      : script.createCachedData();
    writeFileSync(temporary, packed ? deflateRawSync(data, { level: constants.Z_BEST_COMPRESSION }) : data);
    renameSync(temporary, path);
    written.push(path);
  }
  return written;
}
