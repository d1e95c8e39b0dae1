import type * as Crypto from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/** Limits of the stripped-module cache: past either, the least recently written entries go. */
export const STRIPPED_CACHE_LIMITS = {
  /** Entries kept (one per distinct module source). */
  maxEntries: 512,
  /** Bytes kept, all entries together. */
  maxBytes: 64 * 1024 * 1024,
} as const;

/**
 * node:crypto, loaded at the first key made: Node's hooks thread gets the keys of the modules
 * a command names from the CLI, and loading it there as the thread starts costs a `.ts` build
 * 1.5 ms.
 */
let crypto: typeof Crypto | undefined;

/**
 * The cache key of a module's source: SHA-256 of the stripper's identity and the source text,
 * in hex. The file name is the key, so nothing in the source chooses a path, and an edit
 * (any byte) is a new entry.
 */
export function strippedCacheKey(stripper: string, source: string): string {
  crypto ??= createRequire(import.meta.url)("node:crypto") as typeof Crypto;
  return crypto.createHash("sha256").update(stripper).update("\0").update(source).digest("hex");
}

/**
 * Whether `code` is `source` with only characters blanked: same length, and where they differ
 * the code has a space, a tab or a `;` (what type stripping writes) and the source no line
 * break. A cache entry that is not (truncated, damaged, or written by someone else) is not
 * used, so what runs is never more than the source's own code.
 */
export function isStrippedFrom(source: string, code: string): boolean {
  if (code.length !== source.length) return false;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    const s = source.charCodeAt(i);
    if (c === s) continue;
    // space, tab, ';' over anything but a line break (lines and columns stay).
    if ((c !== 0x20 && c !== 0x09 && c !== 0x3b) || s === 0x0a || s === 0x0d) return false;
  }
  return true;
}

/** The file of the cache entry `key` in the cache folder `dir`: the key is its whole name. */
export function strippedEntryPath(dir: string, key: string): string {
  return join(dir, `${key}.js`);
}

/** The cached stripped code of `source`, or undefined (no entry, unreadable, or not a stripping of it). */
export function readStripped(dir: string, key: string, source: string): string | undefined {
  try {
    const code = readFileSync(strippedEntryPath(dir, key), "utf8");
    return isStrippedFrom(source, code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores stripped code under its key: written to a temporary file then renamed, so a reader
 * never sees half an entry and two processes writing the same entry agree. The folder is made
 * private to the user (0700); one that is a symbolic link is refused. A cache that cannot be
 * written is no error (the code is used uncached). Then trims to {@link STRIPPED_CACHE_LIMITS}.
 */
export function writeStripped(dir: string, key: string, code: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (lstatSync(dir).isSymbolicLink()) return;
    const temp = join(dir, `.${key}.${process.pid}.tmp`);
    writeFileSync(temp, code, { mode: 0o600 });
    renameSync(temp, strippedEntryPath(dir, key));
    trimCache(dir);
  } catch {
    // A read-only or full disk: the module still loads, only without the cache.
  }
}

/** Removes the oldest entries until the cache is within its limits. */
function trimCache(dir: string): void {
  const entries = readdirSync(dir)
    .filter((name) => /^[0-9a-f]{64}\.js$/.test(name))
    .map((name) => {
      const stat = statSync(join(dir, name));
      return { name, bytes: stat.size, time: stat.mtimeMs };
    })
    .sort((a, b) => b.time - a.time || a.name.localeCompare(b.name));
  let bytes = 0;
  entries.forEach((entry, index) => {
    bytes += entry.bytes;
    if (index >= STRIPPED_CACHE_LIMITS.maxEntries || bytes > STRIPPED_CACHE_LIMITS.maxBytes) {
      rmSync(join(dir, entry.name), { force: true });
    }
  });
}
