import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";

import type { BrowserContext } from "playwright-core";

import { loadPlaywright } from "./loadPlaywright.js";

/** The Chromium binary: $ROBOKIT_CHROMIUM, else chromium / chromium-browser / google-chrome on PATH. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const given = env["ROBOKIT_CHROMIUM"];
  if (given !== undefined && given !== "") return given;
  for (const dir of (env["PATH"] ?? "").split(delimiter)) {
    for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
      if (dir !== "" && existsSync(join(dir, name))) return join(dir, name);
    }
  }
  return undefined;
}

/**
 * Starts headless Chromium (WebGL through SwiftShader, no network services, a fresh profile)
 * with playwright-core. `close()` ends it and deletes the profile.
 */
export async function launchChromium(
  executablePath: string,
): Promise<{ readonly context: BrowserContext; readonly close: () => Promise<void> }> {
  const { chromium } = await loadPlaywright();
  const profile = mkdtempSync(join(tmpdir(), "robokit-chromium-"));
  // A persistent context is how playwright takes a profile folder of our choosing.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    viewport: { width: 1280, height: 800 },
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
