/** Parses whitespace-separated numbers; undefined when any token is not a number. */
export function parseNumbers(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  if (t === "") return [];
  const out: number[] = [];
  for (const token of t.split(/\s+/)) {
    const v = parseNumber(token);
    if (v === undefined) return undefined;
    out.push(v);
  }
  return out;
}

/** One number in SDF/URDF syntax (`inf`, `-inf`, `nan` included); undefined when not a number. */
export function parseNumber(token: string): number | undefined {
  const t = token.trim();
  if (/^[+-]?(inf|infinity)$/i.test(t)) return t.startsWith("-") ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(t)) return Number.NaN;
  if (!/^[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?)$/.test(t)) return undefined;
  return Number(t);
}
