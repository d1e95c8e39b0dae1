import { describe, expect, it } from "vitest";

import { robokitCacheDir } from "./robokitCacheDir.js";

describe("robokitCacheDir", () => {
  it("is ROBOKIT_CACHE_DIR when set, else the platform's user cache folder", () => {
    expect(robokitCacheDir({ ROBOKIT_CACHE_DIR: "/c" }, "linux", "/home/u")).toBe("/c");
    expect(robokitCacheDir({}, "linux", "/home/u")).toBe("/home/u/.cache/robokit");
    expect(robokitCacheDir({ XDG_CACHE_HOME: "/x" }, "linux", "/home/u")).toBe("/x/robokit");
    expect(robokitCacheDir({ XDG_CACHE_HOME: "rel" }, "linux", "/home/u")).toBe("/home/u/.cache/robokit");
    expect(robokitCacheDir({}, "darwin", "/Users/u")).toBe("/Users/u/Library/Caches/robokit");
    expect(robokitCacheDir({ LOCALAPPDATA: "L" }, "win32", "")).toMatch(/^L[\\/]robokit[\\/]Cache$/);
  });

  it("is undefined when no folder can be named", () => {
    expect(robokitCacheDir({}, "linux", "")).toBeUndefined();
    expect(robokitCacheDir({}, "win32", "C:\\Users\\u")).toBeUndefined();
  });
});
