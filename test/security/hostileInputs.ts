// The attack suite's generator: a seeded PRNG, mutators that turn a valid file into a hostile
// one, and the hostile tokens they splice in. Pure: no I/O.

/** A small, fast, seeded PRNG (mulberry32): the same seed gives the same cases. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Tokens an attacker splices in: entities, references, controls, odd numbers, YAML tricks, deep nesting. */
export const HOSTILE_TOKENS: readonly string[] = [
  "&",
  "&amp;",
  "&#0;",
  "&#x1F;",
  "&#65;",
  "&#xFFFE;",
  "&lt;",
  "&bogus;",
  '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>',
  "<![CDATA[<x>]]>",
  "<!-- -- -->",
  "\u0000",
  "\u0007",
  "\ufffe",
  "\ud800",
  "NaN",
  "nan",
  "inf",
  "-inf",
  "1e309",
  "-0",
  "0x10",
  "1e-320",
  "9".repeat(400),
  `${"0".repeat(5000)}1`,
  " ".repeat(5000),
  "world",
  "__model__",
  "../../../../tmp/x",
  "*a",
  "&a",
  "<<: *a",
  "!!binary AAAA",
  "!!js/function x",
  "[".repeat(300),
  "{".repeat(300),
  "<a>".repeat(300),
  '"',
  "'",
  "\\",
  "${HOME}",
  "$(rm -rf /)",
  "é",
  "\r",
  "\t",
  "\n- ",
  ": ",
];

/** One mutation of `text`, chosen by `rnd`. */
export function mutate(text: string, rnd: () => number): string {
  const at = Math.floor(rnd() * (text.length + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  switch (Math.floor(rnd() * 8)) {
    case 0: // flip one character
      return text.slice(0, at) + String.fromCharCode(Math.floor(rnd() * 128)) + text.slice(at + 1);
    case 1: {
      // delete a range
      const n = Math.floor(rnd() * 40);
      return text.slice(0, at) + text.slice(at + n);
    }
    case 2: {
      // duplicate a range
      const n = Math.floor(rnd() * 200);
      return text.slice(0, at + n) + text.slice(at, at + n) + text.slice(at + n);
    }
    case 3: // splice a hostile token
      return text.slice(0, at) + pick(HOSTILE_TOKENS) + text.slice(at);
    case 4: // truncate
      return text.slice(0, at);
    case 5: {
      // replace a number with a hostile one
      const numbers = [...text.matchAll(/-?\d+(\.\d+)?(e-?\d+)?/g)];
      const m = numbers.length > 0 ? pick(numbers) : undefined;
      if (m?.index === undefined) return text;
      return (
        text.slice(0, m.index) +
        pick(["NaN", "inf", "1e309", "-0", "1e-320", "0x1", "9".repeat(400), `${" ".repeat(4097)}1`, "1 2 3 4 5 6 7"]) +
        text.slice(m.index + m[0].length)
      );
    }
    case 6: {
      // replace a name with a hostile one
      const names = [...text.matchAll(/name(="|: )([^"\n]*)/g)];
      const m = names.length > 0 ? pick(names) : undefined;
      if (m?.index === undefined) return text;
      const start = m.index + 4 + (m[1]?.length ?? 0);
      return (
        text.slice(0, start) +
        pick(["world", "__model__", "a&b", "a<b", "a\u0000b", "a b", "../x", "inf", "nan", "", "x".repeat(300)]) +
        text.slice(start + (m[2]?.length ?? 0))
      );
    }
    default: {
      // swap two lines
      const lines = text.split("\n");
      const i = Math.floor(rnd() * lines.length);
      const j = Math.floor(rnd() * lines.length);
      [lines[i], lines[j]] = [lines[j] ?? "", lines[i] ?? ""];
      return lines.join("\n");
    }
  }
}

/** `k` stacked mutations (1 to 3) of `text`. */
export function hostileVariant(text: string, rnd: () => number): string {
  let out = text;
  const k = 1 + Math.floor(rnd() * 3);
  for (let i = 0; i < k; i++) out = mutate(out, rnd);
  return out;
}
