/**
 * Physics settings robokit writes into every MJCF file, chosen for wheeled robots rolling
 * on a flat floor, and valid for both MuJoCo 2.2.2 (Debian) and MuJoCo 3.x (mujoco-js).
 * docs/simulation.md#mjcf-choices-srcemitmjcfmjcfphysicsts explains each choice.
 */
export const MJCF_PHYSICS = {
  /**
   * Integration step (s). 2 ms is MuJoCo's default and resolves the steering servos
   * (natural frequency ≈ 130 rad/s for MARIO) and the wheel contacts; a 100 Hz controller
   * then runs every 5 steps.
   */
  timestep: 0.002,
  /**
   * "implicit": velocity-dependent forces (joint damping, velocity actuators) are
   * integrated implicitly, so stiff wheel velocity servos on light wheels stay stable.
   * MuJoCo 3's "implicitfast" would be cheaper but MuJoCo 2.2.2 rejects it.
   */
  integrator: "implicit",
  /**
   * Elliptic friction cones with a high impedance ratio make friction "stiff": a rolling
   * wheel creeps sideways far less than with the default pyramidal cone and impratio 1,
   * which keeps wheel odometry meaningful.
   */
  cone: "elliptic",
  impratio: 10,
  /**
   * Contact dimensionality: 3 = normal force plus 2-D sliding friction. Torsional (4) and
   * rolling (6) friction are left out: a cylinder wheel already gets a line of contacts
   * across its width, which resists scrubbing, and rolling resistance is not modelled.
   */
  condim: 3,
  /** Floor friction [sliding, torsional, rolling]: MuJoCo's defaults. */
  floorFriction: [1, 0.005, 0.0001] as const,
  /** Torsional and rolling coefficients written after a collision's own sliding μ. */
  torsionalFriction: 0.005,
  rollingFriction: 0.0001,
  /**
   * Contact solver reference [timeconst (s), dampratio]. MuJoCo's default 20 ms lets a
   * loaded wheel creep: on MARIO's test drive it left 0.21 m of odometry drift. 4 ms =
   * 2 × timestep, the stiffest MuJoCo integrates without clamping, cut that drift to about
   * 1 cm. A collision's model `kp`/`kd` replace it with direct stiffness and damping
   * (negative solref).
   */
  solref: [0.004, 1] as const,
  /** Floor half-size (m) for MuJoCo 2.2.2, which needs finite plane sizes for rendering. */
  floorHalfSize: 50,
  /**
   * Mass (kg) and principal moments (kg·m²) given to a moving body that has neither (a massless
   * URDF link between two joints, or a `base_footprint` root with nothing welded below it):
   * MuJoCo refuses moving bodies without mass and inertia. 1 g spread over about 3 cm is
   * negligible next to a robot's links yet keeps the joint's inertia well conditioned.
   */
  placeholderMass: 0.001,
  placeholderInertia: 1e-6,
} as const;
