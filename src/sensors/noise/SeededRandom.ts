/**
 * Small deterministic pseudo-random source for offline noise generation.
 *
 * Generator: xoshiro128** (Blackman & Vigna, 2018), 128-bit state in four uint32 words,
 * period 2¹²⁸ − 1, only 32-bit integer operations (`Math.imul`), so every JS engine gives
 * the same stream. The state is expanded from the 32-bit seed with SplitMix32 so nearby
 * seeds give unrelated streams. Uniform doubles take 53 bits from two outputs.
 * Normals use the Marsaglia polar form of Box–Muller; the second value of each pair is kept
 * for the next call. Same seed, same call sequence → byte-identical numbers.
 */
export class SeededRandom {
  #s0: number;
  #s1: number;
  #s2: number;
  #s3: number;
  #spare = 0;
  #hasSpare = false;

  /** @param seed - any integer; it is reduced to 32 bits. @throws RangeError if not an integer. */
  constructor(seed: number) {
    if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${String(seed)}`);
    let x = seed >>> 0;
    const next = (): number => {
      // SplitMix32 step.
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.#s0 = next();
    this.#s1 = next();
    this.#s2 = next();
    this.#s3 = next();
    if ((this.#s0 | this.#s1 | this.#s2 | this.#s3) === 0) this.#s0 = 1;
  }

  /** Next raw 32-bit output as an unsigned integer in [0, 2³²). */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.#s1, 5), 7), 9) >>> 0;
    const t = this.#s1 << 9;
    this.#s2 ^= this.#s0;
    this.#s3 ^= this.#s1;
    this.#s1 ^= this.#s2;
    this.#s0 ^= this.#s3;
    this.#s2 ^= t;
    this.#s3 = rotl(this.#s3, 11);
    return result;
  }

  /** Uniform double in [0, 1) with 53 random bits. */
  uniform(): number {
    const hi = this.nextUint32() >>> 5; // 27 bits
    const lo = this.nextUint32() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** Standard normal N(0, 1) (Marsaglia polar method). */
  normal(): number {
    if (this.#hasSpare) {
      this.#hasSpare = false;
      return this.#spare;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * this.uniform() - 1;
      v = 2 * this.uniform() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const k = Math.sqrt((-2 * Math.log(s)) / s);
    this.#spare = v * k;
    this.#hasSpare = true;
    return u * k;
  }

  /**
   * A new generator for an independent sub-stream (e.g. one per sensor axis), derived
   * deterministically from this one's next output and `index`.
   */
  fork(index: number): SeededRandom {
    return new SeededRandom((this.nextUint32() ^ Math.imul(index + 1, 0x9e3779b9)) | 0);
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}
