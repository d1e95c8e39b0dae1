import { UsageError } from "../errors.js";

/** The part of playwright-core robokit uses. */
export type Playwright = typeof import("playwright-core");

/** Imports a module by name (a seam for tests: the real one is Node's dynamic import). */
export type ModuleImporter = (name: string) => Promise<unknown>;

/**
 * Loads playwright-core, an optional peer dependency that only `view --screenshot` needs: when it
 * is not installed the command stops with a usage error (exit 2) that says how to install it,
 * rather than a module-resolution stack.
 */
export async function loadPlaywright(importer: ModuleImporter = (name) => import(name)): Promise<Playwright> {
  try {
    return (await importer("playwright-core")) as Playwright;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
      throw new UsageError(
        "--screenshot needs the optional package playwright-core beside robokit (npm install playwright-core) and Chromium; see docs/troubleshooting.md",
      );
    }
    throw error;
  }
}
