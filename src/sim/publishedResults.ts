/**
 * Published figures robokit's simulation is compared against (typed here once, used by the
 * summaries and the tables of docs/simulation.md).
 */
export const PUBLISHED_RESULTS = {
  /** Sharifi et al. 2018 (MARIO), Table 1: mean velocity error per axis against the command (%). */
  marioTable1: {
    simulation: { vx: 4.36, vy: 1.39, omega: 5.99 },
    real: { vx: 7.38, vy: 3.34, omega: 13.29 },
  },
  /**
   * Damić and Čohodar Husić 2025 (Robotino), the text of Fig. 34: deviation of the centre from the rose after the
   * initial transient, "of the order of several 10⁻⁶ m" for X, "less than 2·10⁻⁵ m" for Y
   * and "10⁻⁶ rad" for φ. A bond-graph model whose wheels cannot slip.
   */
  robotinoRose: { x: "several 1e-6 m", y: "< 2e-5 m", theta: "1e-6 rad" },
} as const;
