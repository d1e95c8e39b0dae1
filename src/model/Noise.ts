/**
 * Gaussian sensor noise with turn-on bias and bias drift (Sharifi et al. 2018, eqs. 1–2):
 * Y = Ŷ + B + N_Y, Ḃ = −B/τ + N_B, a first-order Gauss–Markov bias. Same fields as
 * Gazebo's `<noise type="gaussian">`. Units are those of the measured quantity
 * (rad/s for a gyro, m/s² for an accelerometer, m for a position, …).
 */
export interface GaussianNoise {
  /** Mean of the white noise N_Y. Default 0. */
  readonly mean?: number;
  /** Standard deviation of the white noise N_Y. */
  readonly stddev: number;
  /** Mean of the turn-on bias, drawn once at start. Default 0. */
  readonly biasMean?: number;
  /** Standard deviation of the turn-on bias. Default 0. */
  readonly biasStddev?: number;
  /** Stationary standard deviation of the drifting bias B. Default 0 (no drift). */
  readonly dynamicBiasStddev?: number;
  /** Correlation time τ of the drifting bias (s). Required when dynamicBiasStddev > 0. */
  readonly dynamicBiasCorrelationTime?: number;
  /** Quantisation step of the output; 0 or absent = none. */
  readonly precision?: number;
}
