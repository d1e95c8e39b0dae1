import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

import { SummaryReporter } from "./test/support/SummaryReporter.js";

/** The package's entry points resolve to the sources in tests (tsconfig.json `paths` for tsc and tsx). */
const entry = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

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
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "examples/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ["default", new SummaryReporter()],
    setupFiles: ["test/support/fastCheckSeed.ts"],
  },
});

// vitest loads the default export of its config file.
export default config;
