// Bundles the compiled CLI (dist/src/cli/main.js, from tsc) with esbuild into
// dist/src/bundle/: robokit.cjs (the `robokit` bin, which runs `xacro` from xacro.cjs and hands
// every other command to main.js), main.js (the CLI), validateWorker.js (validate's worker thread), lspWorker.js (lsp's), simWorker.js (sim sweeps)
// and one chunk per lazily loaded command, so a command still loads only what it uses, but
// from a few files instead of hundreds of modules (~30 % less start-up CPU for validate).
// moduleHooks.js, a file of its own, is the module Node runs in its hooks thread (type
// stripping of .ts robots, `robokit` resolution to the entry points the CLI has loaded:
// src/cli/runningApi.ts).
// mujoco-js (WebAssembly next to its JS), amaro (strips the types of user .ts robots) and playwright-core stay external; the
// precompiled validators and schemas are read from schemas/ and the bundled examples from
// dist/examples/ (the same relative paths as from dist/src/cli/). Run by `npm run build`.
// The xacro expander's YAML parser (xacro.load_yaml) and its general XML parser are yaml.cjs
// and fxp.cjs, files of their own that `robokit xacro` reads only at their first use: most
// robots never call load_yaml, and scanXacroXml reads most files without fast-xml-parser.
// Those two packages are the larger part of what the command would load otherwise.
import { chmodSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { build } from "esbuild";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const outdir = join(repo, "dist", "src", "bundle");
rmSync(outdir, { recursive: true, force: true });
/** Packages the bundles leave to Node to load (see the ES module build below for why). */
const external = ["mujoco-js", "amaro", "playwright-core", "tsx", "tsx/*"];

/**
 * Packages the xacro expander loads at their first use: for each, the one module importing it,
 * the file it becomes, and the stand-in the importer gets (it requires that file when called).
 */
const LAZY = {
  yaml: {
    importer: join("dist", "src", "parse", "xacro", "loadYamlText.js"),
    file: "yaml.cjs",
    standIn: [
      'export function parse(...args) { return require("./yaml.cjs").parse(...args); }',
      'export function parseDocument(...args) { return require("./yaml.cjs").parseDocument(...args); }',
    ].join("\n"),
  },
  "fast-xml-parser": {
    importer: join("dist", "src", "parse", "xacro", "parseXacroXml.js"),
    file: "fxp.cjs",
    standIn: [
      'const load = () => require("./fxp.cjs");',
      "export const XMLValidator = { validate: (...args) => load().XMLValidator.validate(...args) };",
      "export class XMLParser {",
      "  constructor(options) { return new (load().XMLParser)(options); }",
      "  static getMetaDataSymbol() { return load().XMLParser.getMetaDataSymbol(); }",
      "}",
    ].join("\n"),
  },
};

const lazyXacroPackages = {
  name: "lazy-xacro-packages",
  setup(b) {
    b.onResolve({ filter: /^(yaml|fast-xml-parser)$/ }, (args) =>
      args.importer.endsWith(LAZY[args.path].importer) ? { path: args.path, namespace: "lazy-xacro" } : undefined,
    );
    b.onResolve({ filter: /^\.\/(yaml|fxp)\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: "lazy-xacro" }, (args) => ({
      contents: LAZY[args.path].standIn,
      loader: "js",
    }));
  },
};

// Each lazily loaded package as one CommonJS file, built from the same source as the rest of the bundle.
for (const [pkg, { file }] of Object.entries(LAZY)) {
  await build({
    absWorkingDir: repo,
    stdin: { contents: `export * from ${JSON.stringify(pkg)};`, resolveDir: repo, loader: "js" },
    outfile: join(outdir, file),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    logLevel: "warning",
  });
}
// `robokit xacro` (src/cli/runXacro.ts) as one CommonJS file, xacro.cjs, that the bin requires
// for that command only: one file to read and compile instead of the dozen chunks it shares
// with the other commands, and no ES module loader (Node's ES module loader is ~10 % of the
// command's time: 0.336 s against 0.372 s on ur16e, interleaved runs). main.js loads it too. It
// has its own copy of the error classes, so both report its errors through it (runXacroCli).
await build({
  absWorkingDir: repo,
  entryPoints: ["dist/src/cli/runXacro.js"],
  outfile: join(outdir, "xacro.cjs"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // Node's built-ins stay plain require() calls here: no ES module import reads their exports.
  plugins: [lazyXacroPackages],
  logLevel: "warning",
});
/** An importer's `./runXacro.js` becomes the file built above: main.js imports it. */
const xacroFile = {
  name: "xacro-file",
  setup(b) {
    b.onResolve({ filter: /^\.\/runXacro\.js$/ }, (args) =>
      args.importer.endsWith(join("dist", "src", "cli", "main.js"))
        ? { path: "./xacro.cjs", external: true }
        : undefined,
    );
  },
};
/**
 * The examples import the package by its name (`robokit`, `robokit/emit`, ...). Without this,
 * esbuild follows tsconfig.json's paths to the TypeScript sources and the bundle carries a
 * second copy of every module an example uses (and loads it for `build <example>`): the name
 * resolves to tsc's output, as package.json's exports say.
 */
const packageExports = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")).exports;
const selfReference = {
  name: "self-reference",
  setup(b) {
    b.onResolve({ filter: /^robokit(\/[a-z]+)?$/ }, (args) => {
      const target = packageExports[`.${args.path.slice("robokit".length)}`]?.default;
      return target === undefined ? undefined : { path: join(repo, target) };
    });
  },
};
/**
 * commander requires node:child_process when it loads, for subcommands run as executables,
 * which robokit has none of: it gets a stand-in that loads the module at its first use (a few
 * ms of every command's start-up).
 */
const lazyChildProcess = {
  name: "lazy-child-process",
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: args.path, namespace: "lazy-child-process" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "lazy-child-process" }, () => ({
      contents: 'module.exports = new Proxy({}, { get: (_, key) => require("node:child_process")[key] });',
      loader: "js",
    }));
  },
};
/** `import.meta.url` in a CommonJS bundle: the bundle file's own URL (its folder is the chunks' folder). */
const commonJsImportMeta = {
  define: { "import.meta.url": "__robokitFileUrl" },
  banner: { js: 'var __robokitFileUrl = require("node:url").pathToFileURL(__filename).href;' },
};
/**
 * The bin, robokit.cjs (CommonJS, no ES module loader): it requires xacro.cjs for `xacro` and
 * imports main.js (kept an ES module import) for every other command.
 */
const binLinks = {
  name: "bin-links",
  setup(b) {
    b.onResolve({ filter: /^\.\/main\.js$/ }, () => ({ path: "./main.js", external: true }));
    b.onResolve({ filter: /^\.\/runXacro\.js$/ }, () => ({ path: "xacro", namespace: "bin-xacro" }));
    b.onResolve({ filter: /^\.\/xacro\.cjs$/ }, () => ({ path: "./xacro.cjs", external: true }));
    b.onLoad({ filter: /.*/, namespace: "bin-xacro" }, () => ({
      contents: 'module.exports = require("./xacro.cjs");',
      loader: "js",
    }));
  },
};
await build({
  absWorkingDir: repo,
  entryPoints: ["dist/src/cli/bin.js"],
  outfile: join(outdir, "robokit.cjs"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  plugins: [binLinks],
  ...commonJsImportMeta,
  logLevel: "warning",
});
chmodSync(join(outdir, "robokit.cjs"), 0o755);
await build({
  absWorkingDir: repo,
  entryPoints: {
    main: "dist/src/cli/main.js",
    validateWorker: "dist/src/cli/commands/validateWorker.js",
    lspWorker: "dist/src/cli/commands/lspWorker.js",
    simWorker: "dist/src/cli/commands/simWorker.js",
  },
  outdir,
  entryNames: "[name]",
  chunkNames: "chunk-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // playwright-core (view --screenshot) finds its own files through __dirname, so it stays a package too.
  external,
  plugins: [lazyXacroPackages, xacroFile, selfReference],
  // CommonJS dependencies (commander, handlebars, ...) call require() inside the ES module bundle.
  banner: {
    js: 'import { createRequire as __robokitCreateRequire } from "node:module"; const require = __robokitCreateRequire(import.meta.url);',
  },
  logLevel: "warning",
});

// moduleHooks.js: one file of its own, which Node's hooks thread loads as it starts a build
// (no chunk to resolve and link there: that thread's start is on the path of every .ts build).
await build({
  absWorkingDir: repo,
  entryPoints: { moduleHooks: "dist/src/cli/moduleHooks.js" },
  outdir,
  entryNames: "[name]",
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external,
  logLevel: "warning",
});

// main.cjs: the whole CLI (main.js and every command) as one CommonJS script, which the bin
// compiles with node:vm from V8's code cache (src/cli/launchCli.ts; the cache is written by
// scripts/build-code-cache.mjs). Node 20 caches no ES module's code, and the cache saves about
// half of `build`'s start-up. Commands stay lazy: esbuild runs a command's modules only when it
// is loaded. Code compiled by node:vm has no import() in Node 20 (it needs
// --experimental-vm-modules), so the bundle's import() of what is not bundled (Node built-ins,
// the external packages, computed specifiers) calls __robokitImport, which the bin passes in.
const isExternal = (spec) =>
  spec.startsWith("node:") ||
  builtinModules.includes(spec) ||
  external.some((e) => (e.endsWith("/*") ? spec.startsWith(e.slice(0, -1)) : spec === e));
const mainJs = join("dist", "src", "cli", "main.js");
const importThroughBin = {
  name: "import-through-bin",
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/]src[\\/].*\.js$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      // An import( that is not part of a name, a template or a comment's relative path.
      const contents = text.replace(/(?<![`\w.$])import\((\s*)(["'])?([^"')]*)/g, (m, space, quote, spec) =>
        quote === undefined || isExternal(spec) || (spec === "./runXacro.js" && args.path.endsWith(mainJs))
          ? `__robokitImport(${space}${quote ?? ""}${spec === "./runXacro.js" ? "./xacro.cjs" : spec}`
          : m,
      );
      return { contents, loader: "js" };
    });
  },
};
await build({
  absWorkingDir: repo,
  entryPoints: ["dist/src/cli/main.js"],
  outfile: join(outdir, "main.cjs"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  external,
  plugins: [lazyXacroPackages, xacroFile, selfReference, lazyChildProcess, importThroughBin],
  ...commonJsImportMeta,
  // Without blanks and comments: 30 % smaller (the package has a size budget), names kept.
  minifyWhitespace: true,
  logLevel: "warning",
});
