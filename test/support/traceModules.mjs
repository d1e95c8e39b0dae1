// Preloaded with `node --import ./traceModules.mjs`: prints `LOADED <url>` on stderr for every
// file module the program imports (ESM resolution hook), so tests can see what a command loads.
import { register } from "node:module";

register(
  `data:text/javascript,${encodeURIComponent(
    'export async function resolve(s, c, next) { const r = await next(s, c); if (r.url.startsWith("file:")) console.error("LOADED " + r.url); return r; }',
  )}`,
);
