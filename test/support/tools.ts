import { execFileSync, spawnSync } from "node:child_process";

/** Outcome of running an external checker. */
export interface ToolRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const cache = new Map<string, boolean>();

/**
 * True when `command` is on PATH. When it is missing, prints a loud SKIP line once, so a
 * local run says which cross-check did not happen. In CI (CI=true) a missing tool is a
 * failure, not a skip: .ci/run installs every tool.
 */
export function haveTool(command: string, purpose: string): boolean {
  const known = cache.get(command);
  if (known !== undefined) return known;
  let found = false;
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    found = true;
  } catch {
    found = false;
  }
  cache.set(command, found);
  if (!found) {
    if (process.env["CI"] === "true") {
      throw new Error(`required tool "${command}" (${purpose}) is missing in CI; .ci/run must install it`);
    }
    process.stderr.write(`\n*** SKIPPED: ${purpose}: "${command}" is not installed (see .ci/run) ***\n\n`);
  }
  return found;
}

/** Runs a tool with a timeout and captures its output; never throws for a non-zero exit. */
export function runTool(
  command: string,
  args: readonly string[],
  options: { cwd?: string; input?: string; env?: Readonly<Record<string, string>> } = {},
): ToolRun {
  const result = spawnSync(command, args, {
    encoding: "utf8",
    timeout: 120_000,
    cwd: options.cwd,
    input: options.input,
    env: options.env === undefined ? process.env : { ...process.env, ...options.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}
