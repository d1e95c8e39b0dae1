import { mkdtempSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  isStrippedFrom,
  readStripped,
  STRIPPED_CACHE_LIMITS,
  strippedCacheKey,
  writeStripped,
} from "./strippedCache.js";

const fresh = (): string => mkdtempSync(join(tmpdir(), "robokit-stripped-"));

describe("isStrippedFrom", () => {
  it("property: blanking any characters but line breaks is a stripping; adding any other character is not", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", ":", " ", "\n", ";", "é", "(", ")"), minLength: 1 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.nat(),
        fc.constantFrom("x", "(", "\n", "é"),
        (source, blanks, at, planted) => {
          const chars = [...source];
          for (const b of blanks) if (chars[b % chars.length] !== "\n") chars[b % chars.length] = " ";
          const blanked = chars.join("");
          const i = at % source.length;
          const tampered = source.slice(0, i) + planted + source.slice(i + 1);
          return isStrippedFrom(source, blanked) && (tampered === source || !isStrippedFrom(source, tampered));
        },
      ),
    );
  });

  it("refuses a different length, and a blanked line break (lines would move)", () => {
    expect(isStrippedFrom("a: T", "a")).toBe(false);
    expect(isStrippedFrom("a\nb", "a b")).toBe(false);
    expect(isStrippedFrom("a: T;", "a   ;")).toBe(true);
  });
});

describe("the stripped-module cache", () => {
  it("keys by stripper and content: an edit or another stripper is another entry", () => {
    const key = strippedCacheKey("amaro@1", "const a: number = 1;");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(strippedCacheKey("amaro@1", "const a: number = 2;")).not.toBe(key);
    expect(strippedCacheKey("amaro@2", "const a: number = 1;")).not.toBe(key);
  });

  it("reads back what it wrote, only for that source", () => {
    const dir = join(fresh(), "ts");
    const source = "const a: number = 1;";
    const key = strippedCacheKey("s", source);
    writeStripped(dir, key, "const a         = 1;");
    expect(readStripped(dir, key, source)).toBe("const a         = 1;");
    expect(readStripped(dir, strippedCacheKey("s", "other"), "other")).toBeUndefined();
  });

  it("ignores an entry that is not the source blanked (damaged or planted)", () => {
    const dir = fresh();
    const source = "export const robot: R = make();";
    const key = strippedCacheKey("s", source);
    writeFileSync(join(dir, `${key}.js`), 'import("node:child_process");');
    expect(readStripped(dir, key, source)).toBeUndefined();
  });

  it("writes nothing through a symbolic link, and never throws when it cannot write", () => {
    const base = fresh();
    const target = join(base, "elsewhere");
    writeStripped(target, "k", "x");
    const link = join(base, "link");
    symlinkSync(target, link);
    writeStripped(link, strippedCacheKey("s", "y"), "y");
    expect(readdirSync(target).filter((f) => f.endsWith(".js"))).toHaveLength(1);
    // A cache folder that cannot be made (a file is in the way).
    writeFileSync(join(base, "file"), "");
    expect(() => writeStripped(join(base, "file", "ts"), "k", "x")).not.toThrow();
  });

  it(`keeps at most ${STRIPPED_CACHE_LIMITS.maxEntries} entries, dropping the oldest`, () => {
    const dir = fresh();
    const old = strippedCacheKey("s", "old");
    writeFileSync(join(dir, `${old}.js`), "old");
    utimesSync(join(dir, `${old}.js`), 1, 1);
    for (let i = 0; i < STRIPPED_CACHE_LIMITS.maxEntries; i++) {
      writeFileSync(join(dir, `${strippedCacheKey("s", String(i))}.js`), String(i));
    }
    writeStripped(dir, strippedCacheKey("s", "new"), "new");
    const entries = readdirSync(dir).filter((f) => f.endsWith(".js"));
    expect(entries).toHaveLength(STRIPPED_CACHE_LIMITS.maxEntries);
    expect(entries).not.toContain(`${old}.js`);
    expect(entries).toContain(`${strippedCacheKey("s", "new")}.js`);
  });
});
