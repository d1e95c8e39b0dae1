import { describe, expect, it } from "vitest";
import { addGpsNoise } from "./addGpsNoise.js";
import { addImuNoise } from "./addImuNoise.js";
import type { GaussianNoise } from "../../model/Noise.js";
import type { GaussianNoiseParams } from "./GaussianNoiseParams.js";
import { GaussMarkovNoise } from "./GaussMarkovNoise.js";
import { SeededRandom } from "./SeededRandom.js";
import { stationaryBiasStddevFromGazebo, toGazeboNoise } from "./toGazeboNoise.js";

// Statistical bounds: every check below allows 5 standard errors of its estimator, with
// the standard error computed from the known distribution (formulas beside each test).
// For a correct implementation a 5σ miss has probability < 6e-7 per check; the seeds are
// fixed, so the tests are deterministic.
const Z = 5;

function biasSeries(n: number, sigmaB: number, tau: number, dt: number, seed: number): Float64Array {
  const g = new GaussMarkovNoise({ stddev: 0, dynamicBiasStddev: sigmaB, dynamicBiasCorrelationTime: tau }, seed);
  const b = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    g.apply(0, dt);
    b[i] = g.dynamicBias;
  }
  return b;
}

function stats(x: Float64Array, lag: number): { mean: number; variance: number; rho: number } {
  const n = x.length;
  let m = 0;
  for (const v of x) m += v;
  m /= n;
  let c0 = 0;
  let ck = 0;
  for (let i = 0; i < n; i++) {
    const d = (x[i] as number) - m;
    c0 += d * d;
    if (i + lag < n) ck += d * ((x[i + lag] as number) - m);
  }
  return { mean: m, variance: c0 / n, rho: ck / c0 };
}

describe("GaussMarkovNoise drifting bias (exact first-order Gauss–Markov)", () => {
  // Two rates with the same τ-relative lag checks, to show the discretisation is exact.
  const cases = [
    { sigmaB: 0.02, tau: 1, dt: 0.1, seed: 7 },
    { sigmaB: 3.5, tau: 0.05, dt: 0.001, seed: 2024 },
  ];
  for (const { sigmaB, tau, dt, seed } of cases) {
    it(`stationary stddev σ_b and autocorrelation e⁻¹ at lag τ (σ_b ${sigmaB}, τ ${tau} s, dt ${dt} s)`, () => {
      const n = 1_000_000;
      const k = Math.round(tau / dt); // lag τ in samples
      const phi = Math.exp(-dt / tau);
      const p2 = phi * phi;
      const s = stats(biasSeries(n, sigmaB, tau, dt, seed), k);
      // Sample variance of an AR(1) series: Var(ŝ²)/σ⁴ ≈ (2/N)(1 + φ²)/(1 − φ²).
      const seVar = Math.sqrt(((2 / n) * (1 + p2)) / (1 - p2));
      expect(Math.abs(s.variance / (sigmaB * sigmaB) - 1)).toBeLessThan(Z * seVar);
      // Bartlett: Var(ρ̂_k) ≈ (1/N)[(1 + φ²)(1 − φ^{2k})/(1 − φ²) − 2kφ^{2k}].
      const p2k = p2 ** k;
      const seRho = Math.sqrt(((1 + p2) * (1 - p2k)) / (1 - p2) / n - (2 * k * p2k) / n);
      expect(Math.abs(s.rho - Math.exp(-1))).toBeLessThan(Z * seRho);
      // Mean of an AR(1) series: Var(m̂) ≈ σ²/N · (1 + φ)/(1 − φ).
      expect(Math.abs(s.mean)).toBeLessThan(Z * sigmaB * Math.sqrt((1 + phi) / (1 - phi) / n));
      // The bounds are tight enough to catch a wrong discretisation (e.g. driving noise
      // scaled by dt instead of √(1 − φ²) changes σ by far more than 20 %).
      expect(Z * seVar).toBeLessThan(0.2);
      expect(Z * seRho).toBeLessThan(0.05);
    });
  }
  it("starts at 0 when asked, then relaxes toward the stationary spread", () => {
    const g = new GaussMarkovNoise({ stddev: 0, dynamicBiasStddev: 1, dynamicBiasCorrelationTime: 10 }, 3, {
      initialDynamicBias: "zero",
    });
    expect(g.dynamicBias).toBe(0);
    g.apply(0, 0.01);
    // One step from 0 has stddev √(1 − φ²) ≈ 0.0447; 5σ bound.
    expect(Math.abs(g.dynamicBias)).toBeLessThan(5 * Math.sqrt(1 - Math.exp(-0.002)));
  });
});

describe("GaussMarkovNoise turn-on bias and white noise", () => {
  it("turn-on bias ~ N(biasMean, biasStddev) with Gazebo's random sign", () => {
    const m = 4000;
    let neg = 0;
    let sumAbs = 0;
    let sumSq = 0;
    for (let seed = 0; seed < m; seed++) {
      const b = new GaussMarkovNoise({ stddev: 0, biasMean: 0.5, biasStddev: 0.1 }, seed).turnOnBias;
      if (b < 0) neg++;
      sumAbs += Math.abs(b);
      sumSq += (Math.abs(b) - 0.5) ** 2;
    }
    // Fraction negative: binomial(½), se = √(¼/M).
    expect(Math.abs(neg / m - 0.5)).toBeLessThan(Z * Math.sqrt(0.25 / m));
    // |B₀| ~ N(0.5, 0.1) (a negative draw is a 5σ event): se of the mean = 0.1/√M.
    expect(Math.abs(sumAbs / m - 0.5)).toBeLessThan(Z * (0.1 / Math.sqrt(m)));
    // Sample variance of a normal: se(ŝ²)/σ² = √(2/M).
    expect(Math.abs(sumSq / m / 0.01 - 1)).toBeLessThan(Z * Math.sqrt(2 / m));
  });
  it("without the random sign the bias mean is biasMean", () => {
    const m = 2000;
    let sum = 0;
    for (let seed = 0; seed < m; seed++)
      sum += new GaussMarkovNoise({ stddev: 0, biasMean: -0.2, biasStddev: 0.05 }, seed, { randomBiasSign: false })
        .turnOnBias;
    expect(Math.abs(sum / m + 0.2)).toBeLessThan(Z * (0.05 / Math.sqrt(m)));
  });
  it("white noise has the given mean and stddev, and the turn-on bias is added to every sample", () => {
    const n = 200_000;
    const g = new GaussMarkovNoise({ mean: 0.1, stddev: 0.3, biasMean: 1, biasStddev: 0 }, 11, {
      randomBiasSign: false,
    });
    expect(g.turnOnBias).toBe(1);
    const x = new Float64Array(n);
    for (let i = 0; i < n; i++) x[i] = g.apply(2, 0.01);
    const s = stats(x, 1);
    expect(Math.abs(s.mean - 3.1)).toBeLessThan(Z * (0.3 / Math.sqrt(n)));
    expect(Math.abs(s.variance / 0.09 - 1)).toBeLessThan(Z * Math.sqrt(2 / n));
    expect(Math.abs(s.rho)).toBeLessThan(Z / Math.sqrt(n)); // white: no lag-1 correlation
  });
  it("quantises to multiples of precision, within half a step of the unquantised value", () => {
    const params = { stddev: 0.05, dynamicBiasStddev: 0.01, dynamicBiasCorrelationTime: 2 };
    const a = new GaussMarkovNoise({ ...params, precision: 0.01 }, 5);
    const b = new GaussMarkovNoise(params, 5);
    for (let i = 0; i < 1000; i++) {
      const q = a.apply(0.123, 0.01);
      const r = b.apply(0.123, 0.01);
      expect(Math.abs(q / 0.01 - Math.round(q / 0.01))).toBeLessThan(1e-9);
      expect(Math.abs(q - r)).toBeLessThanOrEqual(0.005 + 1e-12);
    }
  });
});

describe("determinism and offline streams", () => {
  const imu = {
    angularVelocity: { stddev: 2e-4, biasStddev: 1e-3, dynamicBiasStddev: 5e-4, dynamicBiasCorrelationTime: 100 },
    linearAcceleration: { stddev: 1.7e-2 },
  };
  const samples = Array.from({ length: 5000 }, (_, i) => ({
    angularVelocity: [0, 0, 0.1] as const,
    linearAcceleration: [0, 0, 9.81 + 0 * i] as const,
  }));
  it("same seed → identical stream; another seed → a different one", () => {
    const a = addImuNoise(samples, 0.01, imu, 42);
    const b = addImuNoise(samples, 0.01, imu, 42);
    const c = addImuNoise(samples, 0.01, imu, 43);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    const r1 = new SeededRandom(9);
    const r2 = new SeededRandom(9);
    for (let i = 0; i < 100; i++) expect(r1.nextUint32()).toBe(r2.nextUint32());
  });
  it("the six IMU axes are independent sub-streams (cross-correlation ~ 0)", () => {
    const out = addImuNoise(samples, 0.01, { angularVelocity: { stddev: 1 }, linearAcceleration: { stddev: 1 } }, 1);
    const n = out.length;
    let sxy = 0;
    let sxz = 0;
    for (const s of out) {
      sxy += s.angularVelocity[0] * s.angularVelocity[1];
      sxz += s.angularVelocity[0] * ((s.linearAcceleration[0] ?? 0) - 0);
    }
    // Product of independent N(0,1): mean 0, variance 1 → se of the mean = 1/√N.
    expect(Math.abs(sxy / n)).toBeLessThan(Z / Math.sqrt(n));
    expect(Math.abs(sxz / n)).toBeLessThan(Z / Math.sqrt(n));
  });
  it("GPS stream adds horizontal noise to x, y and vertical to z", () => {
    const fixes = Array.from({ length: 20000 }, () => ({ position: [10, 20, 30] as const }));
    const out = addGpsNoise(fixes, 1, { horizontal: { stddev: 0.5 }, vertical: { stddev: 2 } }, 8);
    for (const [axis, sd, truth] of [
      [0, 0.5, 10],
      [1, 0.5, 20],
      [2, 2, 30],
    ] as const) {
      const x = Float64Array.from(out, (s) => s.position[axis]);
      const st = stats(x, 1);
      expect(Math.abs(st.mean - truth)).toBeLessThan(Z * (sd / Math.sqrt(x.length)));
      expect(Math.abs(st.variance / (sd * sd) - 1)).toBeLessThan(Z * Math.sqrt(2 / x.length));
    }
  });
  it("uniform() is in [0, 1) with mean ½ and variance 1/12; normal() has mean 0 and variance 1", () => {
    const r = new SeededRandom(123);
    const n = 200_000;
    let su = 0;
    let su2 = 0;
    let sn = 0;
    let sn2 = 0;
    for (let i = 0; i < n; i++) {
      const u = r.uniform();
      expect(u >= 0 && u < 1).toBe(true);
      su += u;
      su2 += (u - 0.5) ** 2;
      const z = r.normal();
      sn += z;
      sn2 += z * z;
    }
    expect(Math.abs(su / n - 0.5)).toBeLessThan(Z * Math.sqrt(1 / 12 / n));
    // Var((U − ½)²) = 1/80 − 1/144.
    expect(Math.abs(su2 / n - 1 / 12)).toBeLessThan(Z * Math.sqrt((1 / 80 - 1 / 144) / n));
    expect(Math.abs(sn / n)).toBeLessThan(Z / Math.sqrt(n));
    expect(Math.abs(sn2 / n - 1)).toBeLessThan(Z * Math.sqrt(2 / n));
  });
});

describe("Gazebo mapping", () => {
  it("the model's GaussianNoise and GaussianNoiseParams are the same type (both directions)", () => {
    const fromModel: GaussianNoise = { stddev: 0.01, dynamicBiasStddev: 0.002, dynamicBiasCorrelationTime: 300 };
    const params: GaussianNoiseParams = fromModel; // compile-time check
    const back: GaussianNoise = params;
    expect(toGazeboNoise(back).dynamic_bias_stddev).toBeCloseTo(0.002 * Math.sqrt(2 / 300), 15);
  });
  it("maps every field and round-trips the dynamic bias σ", () => {
    const p = {
      mean: 0.1,
      stddev: 0.2,
      biasMean: 0.3,
      biasStddev: 0.4,
      dynamicBiasStddev: 0.05,
      dynamicBiasCorrelationTime: 400,
      precision: 0.001,
    };
    const g = toGazeboNoise(p);
    expect(g.type).toBe("gaussian_quantized");
    expect([g.mean, g.stddev, g.bias_mean, g.bias_stddev, g.dynamic_bias_correlation_time, g.precision]).toEqual([
      0.1, 0.2, 0.3, 0.4, 400, 0.001,
    ]);
    expect(stationaryBiasStddevFromGazebo(g.dynamic_bias_stddev, 400)).toBeCloseTo(0.05, 15);
    expect(toGazeboNoise({ stddev: 1 })).toMatchObject({
      type: "gaussian",
      dynamic_bias_stddev: 0,
      dynamic_bias_correlation_time: 0,
    });
  });
  it("gz-sensors' own update, fed the mapped σ, has the same stationary stddev", () => {
    const sigmaB = 0.05;
    const tau = 0.5;
    const dt = 0.05;
    const gz = toGazeboNoise({ stddev: 0, dynamicBiasStddev: sigmaB, dynamicBiasCorrelationTime: tau });
    const r = new SeededRandom(77);
    const phi = Math.exp(-dt / tau);
    const sd = Math.sqrt(gz.dynamic_bias_stddev ** 2 * (tau / 2) * (1 - Math.exp((-2 * dt) / tau)));
    const n = 400_000;
    const x = new Float64Array(n);
    let b = 0;
    for (let i = 0; i < n; i++) x[i] = b = phi * b + sd * r.normal();
    const p2 = phi * phi;
    const s = stats(x.subarray(1000), 1);
    expect(Math.abs(s.variance / (sigmaB * sigmaB) - 1)).toBeLessThan(Z * Math.sqrt(((2 / n) * (1 + p2)) / (1 - p2)));
  });
  it("rejects misuse", () => {
    expect(() => new GaussMarkovNoise({ stddev: -1 }, 1)).toThrow(RangeError);
    expect(() => new GaussMarkovNoise({ stddev: 1, dynamicBiasStddev: 1 }, 1)).toThrow(/CorrelationTime/);
    expect(() => new GaussMarkovNoise({ stddev: 1 }, 1.5)).toThrow(/seed/);
    expect(() =>
      new GaussMarkovNoise({ stddev: 1, dynamicBiasStddev: 1, dynamicBiasCorrelationTime: 1 }, 1).apply(0, 0),
    ).toThrow(/dt/);
  });
});
