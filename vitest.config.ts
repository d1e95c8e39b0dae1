import { defineConfig } from "vitest/config";

export const config = defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "examples/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

// vitest loads the default export of its config file.
export default config;
