/**
 * Measures what `npm install robokit` puts on disk: packs the package (`npm pack`, from the
 * built dist/), installs the tarball into an empty temporary prefix with the dependency
 * versions of package-lock.json (`npm ci --omit=dev`, from npm's local cache only when it has
 * them all, else from the registry), and counts the packages and bytes under its node_modules.
 * Optional peers (playwright-core) are not installed, as npm does not install them. Install
 * scripts are not skipped: npm's output then says whether any package in the tree has one.
 *
 * Run: `npx tsx scripts/install-footprint.ts` prints the table; `--write` puts it into
 * docs/package.md between its install-footprint markers; `--check` fails when the page
 * differs. Needs `npm run build` first.
 */
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repo = join(import.meta.dirname, "..");
const page = join(repo, "docs", "package.md");
const BEGIN = "<!-- install-footprint -->";
const END = "<!-- /install-footprint -->";

interface LockEntry {
  readonly version?: string;
  readonly dev?: boolean;
  readonly link?: boolean;
  readonly [key: string]: unknown;
}

/** What one install measured. */
export interface Footprint {
  readonly tarballBytes: number;
  readonly unpackedBytes: number;
  readonly files: number;
  readonly packages: number;
  readonly installedBytes: number;
  /** The installed packages, biggest first (name and bytes). */
  readonly biggest: readonly { readonly name: string; readonly bytes: number }[];
  /** Installed packages that declare an install script (npm's `hasInstallScript`). */
  readonly installScripts: readonly string[];
  /** What `npm ci` printed (stdout and stderr). */
  readonly npmOutput: string;
}

function run(command: string, args: readonly string[], cwd: string): string {
  return runBoth(command, args, cwd).stdout;
}

function runBoth(command: string, args: readonly string[], cwd: string): { stdout: string; stderr: string } {
  const r = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    throw Object.assign(new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${r.stderr}`), { stderr: r.stderr });
  }
  return { stdout: r.stdout, stderr: r.stderr };
}

/** `npm ci` from the cache alone when it holds every tarball, else from the registry. */
function npmCi(prefix: string): string {
  const args = ["ci", "--omit=dev", "--no-audit", "--no-fund", "--foreground-scripts"];
  try {
    const r = runBoth("npm", [...args, "--offline"], prefix);
    return r.stdout + r.stderr;
  } catch (error) {
    if (!/ENOTCACHED/.test(String((error as { stderr?: unknown }).stderr))) throw error;
    const r = runBoth("npm", [...args, "--prefer-offline"], prefix);
    return r.stdout + r.stderr;
  }
}

/** Each package folder directly in `nodeModules` (scoped ones as @scope/name), with its bytes. */
function packageSizes(nodeModules: string): { name: string; bytes: number }[] {
  const out: { name: string; bytes: number }[] = [];
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const path = join(nodeModules, entry.name);
    if (entry.name.startsWith("@")) {
      for (const inner of readdirSync(path)) {
        out.push({ name: `${entry.name}/${inner}`, bytes: measure(join(path, inner)).bytes });
      }
    } else out.push({ name: entry.name, bytes: measure(path).bytes });
  }
  return out.sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
}

/** Bytes of every regular file below `dir` (symbolic links count as themselves), and the packages in it. */
function measure(dir: string): { bytes: number; packages: number } {
  let bytes = 0;
  let packages = 0;
  const walk = (d: string, inNodeModules: boolean): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      const stat = lstatSync(path);
      if (entry.isDirectory()) {
        const scope = inNodeModules && entry.name.startsWith("@");
        if (inNodeModules && !scope && !entry.name.startsWith(".")) packages++;
        walk(path, entry.name === "node_modules" || scope);
      } else bytes += stat.size;
    }
  };
  walk(dir, true);
  return { bytes, packages };
}

/**
 * Packs robokit and installs it into a fresh prefix; see the file comment. `inspect` is called
 * with the prefix (its node_modules installed) before the prefix is removed.
 */
export function installFootprint(inspect?: (prefix: string) => void): Footprint {
  if (!existsSync(join(repo, "dist", "src", "bundle", "robokit.cjs"))) {
    throw new Error("dist/ is missing: run npm run build first");
  }
  const work = mkdtempSync(join(tmpdir(), "robokit-footprint-"));
  try {
    const [packed] = JSON.parse(
      run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], repo),
    ) as { filename: string; size: number; unpackedSize: number; entryCount: number }[];
    if (packed === undefined) throw new Error("npm pack printed no package");
    const tarball = `file:../${packed.filename}`;
    const lock = JSON.parse(readFileSync(join(repo, "package-lock.json"), "utf8")) as {
      packages: Record<string, LockEntry>;
    };
    const self = lock.packages[""] ?? {};
    const packages: Record<string, unknown> = {
      "": { name: "footprint", dependencies: { robokit: tarball } },
      "node_modules/robokit": {
        version: self.version,
        resolved: tarball,
        dependencies: self["dependencies"],
        peerDependencies: self["peerDependencies"],
        peerDependenciesMeta: self["peerDependenciesMeta"],
        bin: self["bin"],
        engines: self["engines"],
        license: self["license"],
      },
    };
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path !== "" && entry.dev !== true && entry.link !== true) packages[path] = entry;
    }
    const prefix = join(work, "prefix");
    run("mkdir", [prefix], work);
    const manifest = { name: "footprint", private: true, dependencies: { robokit: tarball } };
    writeFileSync(join(prefix, "package.json"), `${JSON.stringify(manifest)}\n`);
    writeFileSync(
      join(prefix, "package-lock.json"),
      `${JSON.stringify({ name: "footprint", lockfileVersion: 3, requires: true, packages })}\n`,
    );
    const npmOutput = npmCi(prefix);
    inspect?.(prefix);
    const installed = measure(join(prefix, "node_modules"));
    const hidden = JSON.parse(readFileSync(join(prefix, "node_modules", ".package-lock.json"), "utf8")) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    return {
      biggest: packageSizes(join(prefix, "node_modules")),
      installScripts: Object.entries(hidden.packages)
        .filter(([, entry]) => entry.hasInstallScript === true)
        .map(([path]) => path.replace(/^.*node_modules\//, "")),
      npmOutput,
      tarballBytes: packed.size,
      unpackedBytes: packed.unpackedSize,
      files: packed.entryCount,
      packages: installed.packages,
      installedBytes: installed.bytes,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** How many of the biggest installed packages the page lists. */
const BIGGEST_SHOWN = 6;

/** The Markdown block docs/package.md shows. */
export function footprintTable(f: Footprint): string {
  return [
    BEGIN,
    "| | size |",
    "| --- | ---: |",
    `| tarball (\`npm pack\`) | ${mb(f.tarballBytes)} |`,
    `| robokit unpacked (${f.files} files) | ${mb(f.unpackedBytes)} |`,
    `| \`npm install robokit\`: ${f.packages} packages (robokit and ${f.packages - 1} dependencies) | ${mb(f.installedBytes)} |`,
    "",
    "| biggest installed packages | size |",
    "| --- | ---: |",
    ...f.biggest.slice(0, BIGGEST_SHOWN).map((p) => `| ${p.name} | ${mb(p.bytes)} |`),
    END,
  ].join("\n");
}

function replaceBlock(text: string, block: string): string {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${page} has no ${BEGIN} … ${END} block`);
  return text.slice(0, start) + block + text.slice(end + END.length);
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const table = footprintTable(installFootprint());
  const mode = process.argv[2];
  if (mode === "--write" || mode === "--check") {
    const text = readFileSync(page, "utf8");
    const fresh = replaceBlock(text, table);
    if (mode === "--write") writeFileSync(page, fresh);
    else if (fresh !== text) {
      process.stderr.write(
        `docs/package.md's install footprint is out of date; run npx tsx scripts/install-footprint.ts --write\n${table}\n`,
      );
      process.exit(1);
    } else process.stdout.write("docs/package.md's install footprint is up to date\n");
  } else process.stdout.write(`${table}\n`);
}
