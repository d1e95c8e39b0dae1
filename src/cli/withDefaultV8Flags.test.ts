import { spawnSync } from "node:child_process";

import { describe, expect, it } from "vitest";

import { CLI_V8_FLAGS } from "./cliV8Flags.js";
import { V8_DEFAULT_FLAGS } from "./withDefaultV8Flags.js";

/** A flag setting's name without `--` and `no-`: `--no-wasm-lazy-validation` → `wasm-lazy-validation`. */
const nameOf = (flag: string): string => flag.replace(/^--(no-)?/, "").replace(/=.*$/, "");

describe("V8_DEFAULT_FLAGS", () => {
  it("names V8's own default of every flag the CLI sets, as this Node's V8 lists them", () => {
    const options = spawnSync(process.execPath, ["--v8-options"], { encoding: "utf8" }).stdout;
    const defaults = V8_DEFAULT_FLAGS.split(" ");
    expect(defaults.map(nameOf).sort()).toEqual(CLI_V8_FLAGS.split(" ").map(nameOf).sort());
    for (const flag of defaults) {
      // `--name (help)\n        type: int  default: --name=42` (a boolean's default is --name or --no-name).
      const listed = new RegExp(`^\\s+--${nameOf(flag)} \\(.*\\n\\s+type: \\w+\\s+default: (\\S+)`, "m").exec(options);
      expect(listed?.[1], nameOf(flag)).toBe(flag);
    }
  });
});
