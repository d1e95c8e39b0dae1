// Builds the viewer page into dist/viewer: index.html plus one bundled, minified viewer.js
// (three.js and urdf-loader included, so the page needs no network at run time).
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "dist", "viewer");
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(here, "src", "main.ts")],
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2022",
  outfile: join(out, "viewer.js"),
  legalComments: "linked",
  logLevel: "warning",
});
copyFileSync(join(here, "index.html"), join(out, "index.html"));
