// Bundles the compiled CLI (dist/src/cli/main.js, from tsc) with esbuild into
// dist/src/bundle/: main.js (the `robokit` bin), validateWorker.js (validate's worker thread), simWorker.js (sim sweeps)
// and one chunk per lazily loaded command, so a command still loads only what it uses, but
// from a few files instead of hundreds of modules (~30 % less start-up CPU for validate).
// mujoco-js (WebAssembly next to its JS), tsx (loads user .ts robots) and playwright-core stay external; the
// precompiled validators and schemas are read from schemas/ and the bundled examples from
// dist/examples/ (the same relative paths as from dist/src/cli/). Run by `npm run build`.
// The xacro expander's YAML parser (xacro.load_yaml) is yaml.cjs, a file of its own that
// `robokit xacro` reads only when a file calls load_yaml: most robots never do, and the yaml
// package is the larger part of what the command would load otherwise.
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { build } from "esbuild";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const outdir = join(repo, "dist", "src", "bundle");
rmSync(outdir, { recursive: true, force: true });

/** The expander's `import { parse } from "yaml"`, turned into a require of yaml.cjs at the first call. */
const lazyXacroYaml = {
  name: "lazy-xacro-yaml",
  setup(b) {
    b.onResolve({ filter: /^yaml$/ }, (args) =>
      args.importer.endsWith(join("dist", "src", "parse", "xacro", "expandXacro.js"))
        ? { path: "yaml", namespace: "lazy-xacro-yaml" }
        : undefined,
    );
    b.onResolve({ filter: /^\.\/yaml\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: "lazy-xacro-yaml" }, () => ({
      contents: 'export function parse(...args) { return require("./yaml.cjs").parse(...args); }',
      loader: "js",
    }));
  },
};

await build({
  absWorkingDir: repo,
  entryPoints: { yaml: "yaml" },
  outdir,
  outExtension: { ".js": ".cjs" },
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  logLevel: "warning",
});
await build({
  absWorkingDir: repo,
  entryPoints: [
    "dist/src/cli/main.js",
    "dist/src/cli/commands/validateWorker.js",
    "dist/src/cli/commands/simWorker.js",
  ],
  outdir,
  entryNames: "[name]",
  chunkNames: "chunk-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // playwright-core (view --screenshot) finds its own files through __dirname, so it stays a package too.
  external: ["mujoco-js", "tsx", "tsx/*", "playwright-core"],
  plugins: [lazyXacroYaml],
  // CommonJS dependencies (commander, handlebars, ...) call require() inside the ES module bundle.
  banner: {
    js: 'import { createRequire as __robokitCreateRequire } from "node:module"; const require = __robokitCreateRequire(import.meta.url);',
  },
  logLevel: "warning",
});
