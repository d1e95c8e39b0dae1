const NUMBER = /-?\d+(?:\.\d+)?(?:e[-+]?\d+)?/g;

/**
 * Why two texts differ beyond the last printed digit of a number, or undefined when they do
 * not: a quantity the package derives from the geometry (an omni wheel's radius, a track
 * width) is computed again from the URDF's 15-digit numbers and may print one unit of the
 * 15th digit apart.
 */
export function beyondLastDigit(a: string, b: string): string | undefined {
  if (a.replace(NUMBER, "#") !== b.replace(NUMBER, "#")) return "the texts differ";
  const x = a.match(NUMBER) ?? [];
  const y = b.match(NUMBER) ?? [];
  const k = x.findIndex((v, i) => Math.abs(Number(v) - Number(y[i])) > 1e-12 * Math.max(1, Math.abs(Number(v))));
  return k < 0 ? undefined : `${x[k]} vs ${y[k]}`;
}
