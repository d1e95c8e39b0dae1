import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const main = join(root, "src", "cli", "main.ts");
// tsx by absolute URL, so a child started in any working folder (a temporary one) finds it.
const tsx = pathToFileURL(createRequire(join(root, "package.json")).resolve("tsx")).href;

/** Result of one CLI run in a child process. */
export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `robokit <args>` from source (tsx) in a child process, as a user would. `nodeOptions` go to
 * node before the script (e.g. `--max-old-space-size=1024` to prove a run stays under 1 GB);
 * `env` is added to this process's environment.
 */
export function runCliProcess(
  args: readonly string[],
  cwd: string = root,
  nodeOptions: readonly string[] = [],
  env: Readonly<Record<string, string>> = {},
): CliRun {
  const r = spawnSync(process.execPath, [...nodeOptions, "--import", tsx, main, ...args], {
    cwd,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, NODE_NO_WARNINGS: "1", ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
