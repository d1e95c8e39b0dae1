import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { expect } from "vitest";

const goldenRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "golden");

/**
 * Compares `actual` byte for byte with test/golden/<relativePath>. With UPDATE_GOLDEN=1 the
 * file is (re)written instead, so a reviewer sees every change to generated output in the
 * diff. A missing golden file is a failure, never a silent pass.
 */
export function expectGolden(relativePath: string, actual: string): void {
  const file = join(goldenRoot, relativePath);
  if (process.env["UPDATE_GOLDEN"] === "1") {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file))
    throw new Error(`golden file test/golden/${relativePath} is missing; run with UPDATE_GOLDEN=1 to create it`);
  const expected = readFileSync(file, "utf8");
  expect(actual === expected, `output differs from test/golden/${relativePath} (UPDATE_GOLDEN=1 regenerates it)`).toBe(
    true,
  );
  expect(actual).toBe(expected);
}
