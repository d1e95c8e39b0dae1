/**
 * Regenerates what the documentation shows of robokit's own output, so the pages stay true:
 *
 * - docs/cli.md, between its `cli-samples` markers: real runs of the built CLI (`build` of an
 *   example, `build` of a broken robot document, a usage error), in a temporary folder.
 * - docs/package.md, between its `install-footprint` markers, and the package size CHANGELOG.md
 *   states: scripts/install-footprint.ts.
 * - docs/view/*.png with `--screenshots` (needs Chromium): scripts/screenshots.ts.
 *
 * `--check` (run by `npm run check:generated`) regenerates the text in memory and fails when a
 * page differs. The pictures are not compared byte for byte (a renderer or font update changes
 * pixels, not meaning): the check asserts each exists as a PNG of the size screenshots.ts renders.
 * Needs `npm run build` first.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { footprintTable, installFootprint } from "./install-footprint.js";

const repo = join(import.meta.dirname, "..");
const bin = join(repo, "dist", "src", "bundle", "robokit.cjs");

/** The pictures screenshots.ts renders, and their size in pixels. */
const SCREENSHOTS = ["mario.png", "mario-top.png", "robotino.png", "mario-inertia.png", "robotino-rose-playback.png"];
const SCREENSHOT_SIZE = { width: 1280, height: 760 } as const;

/** Replaces the text between `<!-- name -->` and `<!-- /name -->` (markers kept). */
function replaceBlock(text: string, name: string, body: string, file: string): string {
  const begin = `<!-- ${name} -->`;
  const end = `<!-- /${name} -->`;
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`${file} has no ${begin} … ${end} block`);
  return `${text.slice(0, start + begin.length)}\n${body}\n${text.slice(stop)}`;
}

/** One shell transcript line and what the CLI printed, run in `cwd`. */
function transcript(cwd: string, args: readonly string[]): string {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  const lines = [`$ robokit ${args.join(" ")}`, `${r.stdout}${r.stderr}`.trimEnd()];
  if (r.status !== 0) lines.push("$ echo $?", String(r.status));
  return lines.filter((l) => l !== "").join("\n");
}

/** The samples of docs/cli.md: an example built, a broken robot document refused, a usage error. */
function cliSamples(): string {
  const work = mkdtempSync(join(tmpdir(), "robokit-docs-"));
  try {
    copyFileSync(join(repo, "examples", "pantilt", "pantilt.yaml"), join(work, "pantilt.yaml"));
    const broken = readFileSync(join(repo, "examples", "pantilt", "pantilt.yaml"), "utf8").replace(
      "mass: 0.08",
      "mass: 0",
    );
    writeFileSync(join(work, "broken.yaml"), broken);
    const runs = [
      transcript(work, ["build", "mario", "-o", "out/mario"]),
      transcript(work, ["build", "broken.yaml", "-o", "out/broken"]),
      transcript(work, ["emit", "mario"]),
    ];
    return ["```sh", runs.join("\n\n"), "```"].join("\n");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Width and height of a PNG (its IHDR chunk), or undefined when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = "89504e470d0a1a0a";
  if (bytes.length < 24 || bytes.subarray(0, 8).toString("hex") !== signature) return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The pages this script writes, as they should read now. */
function freshPages(): Map<string, string> {
  const pages = new Map<string, string>();
  const cli = join(repo, "docs", "cli.md");
  pages.set(cli, replaceBlock(readFileSync(cli, "utf8"), "cli-samples", cliSamples(), cli));
  const footprint = installFootprint();
  const pkg = join(repo, "docs", "package.md");
  const table = footprintTable(footprint).split("\n").slice(1, -1).join("\n");
  pages.set(pkg, replaceBlock(readFileSync(pkg, "utf8"), "install-footprint", table, pkg));
  const changelog = join(repo, "CHANGELOG.md");
  const unpacked = `${(footprint.unpackedBytes / 1e6).toFixed(1)} MB`;
  pages.set(
    changelog,
    readFileSync(changelog, "utf8").replace(/(The npm package unpacks to )[\d.]+ MB/, `$1${unpacked}`),
  );
  return pages;
}

function main(mode: string | undefined): number {
  if (mode === "--screenshots") {
    const r = spawnSync(process.execPath, ["--import", "tsx", join(repo, "scripts", "screenshots.ts")], {
      cwd: repo,
      stdio: "inherit",
    });
    if (r.status !== 0) return r.status ?? 1;
  }
  const pages = freshPages();
  let stale = 0;
  for (const [file, text] of pages) {
    if (readFileSync(file, "utf8") === text) continue;
    if (mode === "--check") {
      process.stderr.write(`${file} is out of date: run npx tsx scripts/generate-docs.ts\n`);
      stale++;
    } else writeFileSync(file, text);
  }
  for (const name of SCREENSHOTS) {
    let size: { width: number; height: number } | undefined;
    try {
      size = pngSize(readFileSync(join(repo, "docs", "view", name)));
    } catch {
      size = undefined;
    }
    if (size?.width !== SCREENSHOT_SIZE.width || size.height !== SCREENSHOT_SIZE.height) {
      process.stderr.write(
        `docs/view/${name} is missing or not a ${SCREENSHOT_SIZE.width}×${SCREENSHOT_SIZE.height} PNG: run npx tsx scripts/generate-docs.ts --screenshots\n`,
      );
      stale++;
    }
  }
  if (mode === "--check" && stale === 0)
    process.stdout.write("docs: generated samples, sizes and pictures are up to date\n");
  return stale === 0 ? 0 : 1;
}

process.exitCode = main(process.argv[2]);
