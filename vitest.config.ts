import { defineConfig } from "vitest/config";

import { SummaryReporter } from "./test/support/SummaryReporter.js";

export const config = defineConfig({
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
