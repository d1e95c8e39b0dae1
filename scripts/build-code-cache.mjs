// Writes the V8 code caches of the bundled CLI (dist/src/bundle/code-cache/, see
// src/cli/codeCache.ts): runs the commands robokit is most often started for, in this one
// process through the bin (dist/src/bundle/robokit.cjs), then saves the bytecode of everything
// they compiled: the CLI (main.cjs) and the schema validators they loaded (one small SDF
// document of each version, so `validate` of any version starts from the cache). A command's
// functions that these runs never called are compiled when first called, as without a cache.
// Run by `npm run build`, after scripts/bundle-cli.mjs (which empties dist/src/bundle/, caches
// included, so a cache never outlives the code it was made from). V8 refuses a cache made by
// another Node version; robokit then compiles as usual.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(repo, "dist", "src", "bundle", "robokit.cjs");
const { launch, codeCacheTools } = createRequire(import.meta.url)(bin);

const tmp = mkdtempSync(join(tmpdir(), "robokit-code-cache-"));
/** Every SDF version robokit reads (schemas/sdf/versions.json). */
const sdfVersions = JSON.parse(readFileSync(join(repo, "schemas", "sdf", "versions.json"), "utf8"));
const runs = [
  ["build", "mario", "--out", join(tmp, "mario")],
  ["validate", join(tmp, "mario", "config", "mario_controllers.yaml")],
  ["validate", join(tmp, "mario", "urdf", "mario.urdf"), join(tmp, "mario", "sdf", "mario", "model.sdf")],
  ["emit", "mario", "--format", "urdf"],
];
for (const version of sdfVersions) {
  const file = join(tmp, `model-${version}.sdf`);
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<sdf version="${version}"><model name="m"><link name="l"><pose>0 0 0 0 0 0</pose></link></model></sdf>\n`,
  );
  runs.push(["validate", file]);
}
// A version with a validator of the part robokit's own files use (sdf-<version>-subset.cjs) is
// checked by it first; a document with an element robokit never writes (an actor) loads the
// whole schema's validator too, so that one is cached as well (checked below).
const subsetVersions = readdirSync(join(repo, "schemas", "validators"))
  .map((name) => /^sdf-(.+)-subset\.cjs$/.exec(name)?.[1])
  .filter((version) => version !== undefined);
for (const version of subsetVersions) {
  const file = join(tmp, `actor-${version}.sdf`);
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<sdf version="${version}"><world name="w"><actor name="a"/></world></sdf>\n`,
  );
  runs.push(["validate", file]);
}

// The commands' own output is not wanted here (their exit codes are).
// Each run adds the CLI's stdout error listener.
process.stdout.setMaxListeners(0);
const writes = { out: process.stdout.write, err: process.stderr.write };
process.stdout.write = () => true;
process.stderr.write = () => true;
const failures = [];
try {
  for (const argv of runs) {
    process.exitCode = 0;
    await launch(argv);
    if (process.exitCode !== 0) failures.push(`${argv.join(" ")}: exit ${process.exitCode}`);
  }
} finally {
  process.stdout.write = writes.out;
  process.stderr.write = writes.err;
  process.exitCode = 0;
}
rmSync(tmp, { recursive: true, force: true });
if (failures.length > 0) throw new Error(`build-code-cache: a command failed:\n${failures.join("\n")}`);
// The whole SDF validators' caches (5 MB as they are; a run reads one, when a file leaves the
// subset or is of another version) are stored deflated; those nearly every run reads (the CLI's,
// the URDF, robot, template and subset validators') as they are, which saves inflating them.
// The CLI is compiled before the CLI's V8 flags are set (launchCli.ts), the validators after.
const tools = await codeCacheTools();
const written = tools.writeCodeCaches({
  deflate: (cache) => /^sdf-\d+\.\d+\.cjs-/.test(basename(cache)),
  underDefaultFlags: (cache) => cache === tools.bundledCliPaths()?.cache,
});
const uncached = subsetVersions.filter((v) => !written.some((p) => basename(p).startsWith(`sdf-${v}.cjs-`)));
if (uncached.length > 0)
  throw new Error(
    `build-code-cache: no run loaded the whole SDF ${uncached.join(", ")} validator (robokit writes actors now?)`,
  );
console.log(`code caches: ${written.map((p) => relative(repo, p)).join(", ")}`);
