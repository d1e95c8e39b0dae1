import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import type { ViewOptions } from "../commands/viewCommand.js";
import { InputError, UsageError } from "../errors.js";
import { readInputFile } from "../readInputFile.js";
import { writeArtifacts } from "../writeArtifacts.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import { findChromium, launchChromium } from "./launchChromium.js";
import { loadViewScene } from "./loadViewScene.js";
import { readTraceCsv, type TraceTable } from "./readTraceCsv.js";
import { startViewServer, type ViewServer } from "./startViewServer.js";
import { escapeTerminal } from "../../diagnostics/escapeTerminal.js";

/** The built page (dist/viewer): next to dist/src when compiled, under dist/ when run from src/ with tsx. */
export function viewerPageDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, "../../../viewer"), resolve(here, "../../../dist/viewer")];
  const found = candidates.find((d) => existsSync(resolve(d, "index.html")) && existsSync(resolve(d, "viewer.js")));
  if (found === undefined)
    throw new Error(
      `the viewer page is not built (npm run build writes dist/viewer); looked in ${candidates.join(", ")}`,
    );
  return found;
}

/** Starts the view server for `robotArg` (with an optional trace) on 127.0.0.1; its `url` carries the run's token. */
export async function startView(
  robotArg: string,
  opts: {
    readonly trace?: string;
    readonly model?: string;
    readonly includePaths?: readonly string[];
    readonly port?: number;
    readonly watch?: boolean;
    readonly onReloadError?: (e: unknown) => void;
  },
): Promise<ViewServer> {
  let trace: TraceTable | null = null;
  if (opts.trace !== undefined) {
    // Bounded like every input: a regular file of at most maxCsvBytes (a FIFO or /dev/zero is refused, not read).
    const text = readInputFile(opts.trace, INPUT_LIMITS.maxCsvBytes).toString("utf8");
    try {
      trace = readTraceCsv(text, opts.trace);
    } catch (error) {
      throw new InputError(error instanceof Error ? error.message : String(error));
    }
  }
  return startViewServer({
    pageDir: viewerPageDir(),
    load: (generation) =>
      loadViewScene(robotArg, trace, generation, {
        ...(opts.model === undefined ? {} : { model: opts.model }),
        ...(opts.includePaths === undefined ? {} : { includePaths: opts.includePaths }),
      }),
    ...(opts.port === undefined ? {} : { port: opts.port }),
    ...(opts.watch === undefined ? {} : { watch: opts.watch }),
    ...(opts.onReloadError === undefined ? {} : { onReloadError: opts.onReloadError }),
  });
}

/** `robokit view`: serve until interrupted, or render `--screenshot` and exit. */
export async function runView(robotArg: string, opts: ViewOptions): Promise<void> {
  if (opts.port !== undefined && !(Number.isInteger(opts.port) && opts.port >= 0 && opts.port < 65536))
    throw new UsageError(`--port must be an integer in [0, 65535]`);
  if (opts.time !== undefined && !(Number.isFinite(opts.time) && opts.time >= 0))
    throw new UsageError("--time must be a number of seconds >= 0");
  const size = /^(\d+)x(\d+)$/.exec(opts.size);
  if (size === null) throw new UsageError(`--size must look like 1280x800, got "${opts.size}"`);
  const server = await startView(robotArg, {
    ...(opts.trace === undefined ? {} : { trace: opts.trace }),
    ...(opts.model === undefined ? {} : { model: opts.model }),
    ...(opts.includePath === undefined ? {} : { includePaths: opts.includePath }),
    ...(opts.port === undefined ? {} : { port: opts.port }),
    watch: opts.screenshot === undefined && opts.watch,
    onReloadError: (e) =>
      process.stderr.write(
        `robokit view: reload failed: ${escapeTerminal(e instanceof Error ? e.message : String(e))}\n`,
      ),
  });
  if (opts.screenshot !== undefined) {
    try {
      await screenshot(
        `${server.url}?camera=${opts.camera}&shot=1${opts.time === undefined ? "" : `&t=${opts.time}`}${opts.inertia === true ? "&inertia=1" : ""}`,
        opts.screenshot,
        Number(size[1]),
        Number(size[2]),
      );
    } finally {
      await server.close();
    }
    process.stderr.write(`robokit: wrote ${escapeTerminal(opts.screenshot)}\n`);
    return;
  }
  const url = opts.inertia === true ? `${server.url}?inertia=1` : server.url;
  process.stdout.write(`robokit view: ${url} (Ctrl+C to stop)\n`);
  if (opts.open === true) openBrowser(url);
  await new Promise<void>((done) => {
    const stop = (): void => void server.close().then(done);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}

/** Renders the page headless and writes a PNG (temporary file, then rename: writeArtifacts). */
async function screenshot(url: string, out: string, width: number, height: number): Promise<void> {
  const executable = findChromium();
  if (executable === undefined)
    throw new UsageError("--screenshot needs Chromium (apt-get install chromium, or set ROBOKIT_CHROMIUM)");
  const chrome = await launchChromium(executable);
  try {
    const page = await chrome.context.newPage();
    await page.setViewportSize({ width, height });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForFunction(
      () => (globalThis as unknown as { robokitView?: { ready?: boolean } }).robokitView?.ready === true,
      null,
      { timeout: 60_000 },
    );
    if (errors.length > 0) throw new Error(`the viewer failed: ${errors.join("; ")}`);
    // Taken into memory and written like every other output file (random exclusive
    // temporary, no link followed), not by the browser to a guessable name.
    const png = await page.screenshot();
    writeArtifacts(dirname(resolve(out)), [{ path: basename(out), content: png }]);
  } finally {
    await chrome.close();
  }
}

function openBrowser(url: string): void {
  const command = process.platform === "darwin" ? "open" : process.platform === "win32" ? "cmd" : "xdg-open";
  const args = process.platform === "win32" ? ["/c", "start", "", url] : [url];
  const child = spawn(command, args, { detached: true, stdio: "ignore" });
  child.on("error", () => process.stderr.write(`robokit view: could not open a browser; open ${url}\n`));
  child.unref();
}
