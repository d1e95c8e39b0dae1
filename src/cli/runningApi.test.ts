import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { RobotBuilder } from "../index.js";
import { DriveOdometry } from "../kinematics/index.js";
import { RUNNING_API_SPECIFIERS, runningApi } from "./runningApi.js";
import { runningApiSource } from "./runningApiSource.js";

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8")) as {
  exports: Record<string, unknown>;
};

describe("the running robokit's entry points", () => {
  it("are the package's JavaScript exports", () => {
    const subpaths = Object.keys(manifest.exports).filter((s) => /^\.(\/\w+)?$/.test(s));
    expect([...RUNNING_API_SPECIFIERS].sort()).toEqual(subpaths.map((s) => `robokit${s.slice(1)}`).sort());
  });

  it("reach a module importing them as the very objects this process loaded", async () => {
    const names = await runningApi();
    expect(names["robokit"]).toContain("RobotBuilder");
    const load = async (specifier: string): Promise<Record<string, unknown>> => {
      const source = runningApiSource(specifier, names[specifier] ?? []);
      return (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as Record<string, unknown>;
    };
    expect((await load("robokit"))["RobotBuilder"]).toBe(RobotBuilder);
    expect((await load("robokit/kinematics"))["DriveOdometry"]).toBe(DriveOdometry);
    expect(Object.keys(await load("robokit/sim")).sort()).toEqual([...(names["robokit/sim"] ?? [])].sort());
  });
});
