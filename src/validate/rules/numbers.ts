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

/** Eigenvalues (ascending) of the symmetric 3×3 matrix [[a, d, e], [d, b, f], [e, f, c]]. */
export function symmetricEigenvalues(a: number, b: number, c: number, d: number, e: number, f: number): [number, number, number] {
  const p1 = d * d + e * e + f * f;
  if (p1 === 0) {
    const s = [a, b, c].sort((x, y) => x - y);
    return [s[0] ?? 0, s[1] ?? 0, s[2] ?? 0];
  }
  const q = (a + b + c) / 3;
  const p2 = (a - q) ** 2 + (b - q) ** 2 + (c - q) ** 2 + 2 * p1;
  const p = Math.sqrt(p2 / 6);
  const b11 = (a - q) / p;
  const b22 = (b - q) / p;
  const b33 = (c - q) / p;
  const b12 = d / p;
  const b13 = e / p;
  const b23 = f / p;
  const det = b11 * (b22 * b33 - b23 * b23) - b12 * (b12 * b33 - b23 * b13) + b13 * (b12 * b23 - b22 * b13);
  const r = Math.min(1, Math.max(-1, det / 2));
  const phi = Math.acos(r) / 3;
  const l3 = q + 2 * p * Math.cos(phi);
  const l1 = q + 2 * p * Math.cos(phi + (2 * Math.PI) / 3);
  const l2 = 3 * q - l1 - l3;
  return [l1, l2, l3];
}
