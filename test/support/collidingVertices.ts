// Vertices crafted against a MurmurHash3-style hash of coordinates: every one lands in one probe chain.
const M32 = 1n << 32n;
const u32 = (n: bigint): bigint => ((n % M32) + M32) % M32;
const mul = (a: bigint, b: bigint): bigint => u32(a * b);
const rotl = (x: bigint, r: bigint): bigint => u32((x << r) | (x >> (32n - r)));
const rotr = (x: bigint, r: bigint): bigint => rotl(x, 32n - r);
function inverse(a: bigint): bigint {
  // Newton's iteration for the inverse of an odd number modulo 2^32.
  let x = a;
  for (let i = 0; i < 5; i++) x = mul(x, u32(2n - mul(a, x)));
  return x;
}
const C1 = 0xcc9e2d51n;
const C2 = 0x1b873593n;
const mix = (h: bigint, word: bigint): bigint =>
  u32(mul(rotl(u32(h ^ mul(rotl(mul(word, C1), 15n), C2)), 13n), 5n) + 0xe6546b64n);
/** The word w with mix(h, w) = target: every step of the MurmurHash3 round is a bijection. */
function unmix(h: bigint, target: bigint): bigint {
  const next = rotr(mul(u32(target - 0xe6546b64n), inverse(5n)), 13n);
  return mul(rotr(mul(u32(next ^ h), inverse(C2)), 15n), inverse(C1));
}
function words(value: number): [bigint, bigint] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value, true);
  return [BigInt(view.getUint32(0, true)), BigInt(view.getUint32(4, true))];
}

/**
 * `n` distinct vertices (i, 0, z_i), z_i in [1, 2), whose coordinates' bits hash alike under a
 * MurmurHash3-style mix of the six 32-bit words: a table keyed that way probes all of them in
 * one chain, n²/2 steps.
 */
export function collidingVertices(n: number): Float64Array {
  const positions = new Float64Array(3 * n);
  const target = 0x12345678n;
  const zHigh = words(1)[1];
  const view = new DataView(new ArrayBuffer(8));
  for (let i = 0; i < n; i++) {
    let h = 0n;
    for (const w of [...words(i), ...words(0)]) h = mix(h, w);
    const zLow = unmix(h, target);
    view.setUint32(0, Number(zLow), true);
    view.setUint32(4, Number(zHigh), true);
    positions.set([i, 0, view.getFloat64(0, true)], 3 * i);
  }
  return positions;
}
