// The commands whose start-up robokit keeps near bare Node's, each with its target and its CI
// budget, both as ratios of wall time against `node -e 0` measured in the same run
// (interleaved, medians). bench/startup.bench.ts reports them; test/bench/startupBudget.test.ts
// fails when one slides past its budget.
import { join } from "node:path";

/** One timed command: what it runs and the ratios it is held to. */
export interface StartupCommand {
  /** How reports name it. */
  readonly label: string;
  /** The words after `robokit`, given the repository root and a scratch folder. */
  readonly args: (repo: string, scratch: string) => readonly string[];
  /** The ratio against `node -e 0` robokit aims at (bench/RESULTS.md says whether it is met). */
  readonly target: number;
  /**
   * The ratio the CI test allows: the measured ratio on a loaded 2-core machine with headroom
   * for noise, below what the command took before its output was checked from a code cache.
   */
  readonly budget: number;
}

/** A small URDF (urdf_tutorial's first robot, one link). */
export const SMALL_URDF = ["test", "data", "realworld", "ros+urdf_tutorial", "urdf", "01-myfirst.urdf"];
/** A small SDF (libsdformat's integration corpus: a box with a nested model). */
export const SMALL_SDF = [
  "test",
  "data",
  "sdformat",
  "corpus",
  "integration",
  "model",
  "box_with_submodel",
  "model.sdf",
];
/** A ros2_control parameter file as `robokit build mario` writes it (its golden copy). */
export const CONTROLLERS_YAML = ["test", "golden", "mario", "gz", "config", "mario_controllers.yaml"];

export const STARTUP_COMMANDS: readonly StartupCommand[] = [
  { label: "robokit --version", args: () => ["--version"], target: 1.1, budget: 1.2 },
  {
    label: "robokit build mario",
    args: (_repo, scratch) => ["build", "mario", "--out", join(scratch, "mario")],
    target: 3,
    budget: 4.5,
  },
  {
    label: "robokit validate small.urdf",
    args: (repo) => ["validate", join(repo, ...SMALL_URDF)],
    target: 2,
    budget: 2.1,
  },
  {
    label: "robokit validate small.sdf",
    args: (repo) => ["validate", join(repo, ...SMALL_SDF)],
    target: 2,
    budget: 2.2,
  },
  {
    label: "robokit validate controllers.yaml",
    args: (repo) => ["validate", join(repo, ...CONTROLLERS_YAML)],
    target: 2,
    budget: 2.1,
  },
];
