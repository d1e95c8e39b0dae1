import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { emitUrdf } from "../../src/emit/urdf/emitUrdf.js";
import { readRobotDocument } from "../../src/model/readRobotDocument.js";
import { robot } from "./pantilt.js";

const here = dirname(fileURLToPath(import.meta.url));

describe("the two authoring forms", () => {
  it("pantilt.yaml (schema-checked document) and pantilt.ts (builder) give the same URDF", () => {
    const result = readRobotDocument(readFileSync(join(here, "pantilt.yaml"), "utf8"), "pantilt.yaml");
    expect(result.diagnostics).toEqual([]);
    expect(result.robot).toBeDefined();
    expect(emitUrdf(result.robot!)).toBe(emitUrdf(robot));
  });
});
