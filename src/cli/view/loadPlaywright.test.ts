import { describe, expect, it } from "vitest";

import { UsageError } from "../errors.js";
import { loadPlaywright } from "./loadPlaywright.js";

describe("loadPlaywright", () => {
  it("turns a missing playwright-core into a usage error that says how to install it", async () => {
    const missing = Object.assign(new Error("Cannot find package 'playwright-core'"), { code: "ERR_MODULE_NOT_FOUND" });
    const loading = loadPlaywright(() => Promise.reject(missing));
    await expect(loading).rejects.toBeInstanceOf(UsageError);
    await expect(loadPlaywright(() => Promise.reject(missing))).rejects.toThrow(/npm install playwright-core/);
  });

  it("passes any other failure through, and returns the module when it loads", async () => {
    await expect(loadPlaywright(() => Promise.reject(new TypeError("boom")))).rejects.toThrow(TypeError);
    const module = { chromium: {} };
    await expect(loadPlaywright(() => Promise.resolve(module))).resolves.toBe(module);
  });
});
