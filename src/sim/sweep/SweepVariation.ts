/**
 * A parameter's distribution in a sweep. Bounds are always stated: a normal draw outside
 * [min, max] is drawn again (a truncated normal), so every value stays physical.
 */
export type SweepDistribution =
  | { readonly type: "uniform"; readonly min: number; readonly max: number }
  | {
      readonly type: "normal";
      readonly mean: number;
      readonly std: number;
      readonly min: number;
      readonly max: number;
    };

/**
 * One varied parameter of the simulated robot (the plant; the controller keeps the nominal
 * model, as a real controller only knows the robot as designed). Names:
 * - `mass:LINK`: the link's mass (kg); its inertia tensor scales with it.
 * - `friction`: Coulomb friction coefficient of every wheel link's collisions (tyre–floor).
 * - `wheelRadius`: radius (m) of every wheel link's cylinder or sphere collisions.
 * - `velocity:JOINT`, `effort:JOINT`: a joint's velocity (rad/s, m/s) or effort (N·m, N)
 *   limit, i.e. a motor's or servo's limit; JOINT may hold `*` wildcards (`servo*`).
 */
export interface SweepParameter {
  readonly name: string;
  readonly distribution: SweepDistribution;
}

/** A `--vary` file: the parameters varied per run, in file order. */
export interface SweepVariation {
  readonly parameters: readonly SweepParameter[];
}
