import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { describe, expect, it } from "vitest";

import { BUNDLE } from "../support/lspClient.js";
import { haveTool } from "../support/tools.js";

/** How Neovim starts the server: the built bundle, or the sources through tsx without a build. */
function serverCommand(): string[] {
  if (existsSync(BUNDLE)) return [process.execPath, BUNDLE, "lsp", "--stdio"];
  const tsx = pathToFileURL(createRequire(resolve("package.json")).resolve("tsx")).href;
  return [process.execPath, "--import", tsx, resolve("src/cli/main.ts"), "lsp", "--stdio"];
}

describe("Neovim's built-in LSP client", () => {
  it("shows robokit's diagnostics for a xacro file", () => {
    if (!haveTool("nvim", "Neovim's LSP client against robokit lsp")) return;
    const out = join(mkdtempSync(join(tmpdir(), "robokit-nvim-")), "diagnostics.json");
    const run = spawnSync(
      "nvim",
      [
        "--headless",
        "-n",
        "-i",
        "NONE",
        "-u",
        "test/lsp/neovim.lua",
        "test/fixtures/lsp/bot_description/urdf/bot.urdf.xacro",
      ],
      {
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, ROBOKIT_NVIM_OUT: out, ROBOKIT_LSP_CMD: JSON.stringify(serverCommand()) },
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const shown = JSON.parse(readFileSync(out, "utf8")) as {
      lnum: number;
      col: number;
      severity: number;
      message: string;
    }[];
    // Neovim counts from 0; severity 2 is a warning. The same places as `robokit validate` prints (13:3, 17:5).
    expect(shown.map((d) => [d.lnum + 1, d.col + 1, d.severity])).toEqual([
      [13, 3, 2],
      [17, 5, 2],
    ]);
    expect(shown[1]!.message).toContain("joint [arm_joint] limit lower 1 > upper -1");
  }, 90_000);
});
