import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

import { SummaryReporter } from "./test/support/SummaryReporter.js";
import { testProjects } from "./test/support/testProjects.js";

/** The package's entry points resolve to the sources in tests (tsconfig.json `paths` for tsc and tsx). */
const entry = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// One fast-check seed per run, printed so that a failure can be replayed (test/support/fastCheckSeed.ts).
if (process.env["FC_SEED"] === undefined || process.env["FC_SEED"] === "") {
  process.env["FC_SEED"] = String(Math.floor(Math.random() * 2 ** 31));
  console.log(`fast-check seed: ${process.env["FC_SEED"]} (replay with FC_SEED=${process.env["FC_SEED"]})`);
}

/**
 * Pure tests (`unit`, `npm run test:unit`), those that spawn, browse or simulate (`slow`), and
 * those that time processes against each other (`alone`: last, one file at a time).
 */
const { unit, slow, alone } = testProjects(entry("."));

export const config = defineConfig({
  resolve: {
    alias: [
      { find: /^robokit$/, replacement: entry("./src/index.ts") },
      { find: /^robokit\/emit$/, replacement: entry("./src/emit/index.ts") },
      { find: /^robokit\/read$/, replacement: entry("./src/parse/index.ts") },
      { find: /^robokit\/validate$/, replacement: entry("./src/validate/index.ts") },
      { find: /^robokit\/kinematics$/, replacement: entry("./src/kinematics/index.ts") },
      { find: /^robokit\/sim$/, replacement: entry("./src/sim/index.ts") },
    ],
  },
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ["default", new SummaryReporter()],
    setupFiles: ["test/support/fastCheckSeed.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: unit,
          setupFiles: ["test/support/noSpawn.ts"],
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: "slow", include: slow, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: "alone", include: alone, maxWorkers: 1, sequence: { groupOrder: 2 } } },
    ],
  },
});

// vitest loads the default export of its config file.
export default config;
