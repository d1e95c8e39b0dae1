import { existsSync, readFileSync } from "node:fs";
import { createRequire, register } from "node:module";
import Module from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** `robokit` itself or one of its subpath exports (`robokit/kinematics`, `robokit/schemas/…`). */
const OWN_SPECIFIER = /^robokit(?:\/.*)?$/;

/**
 * The ESM resolve hook (run in Node's hooks thread, so it is a self-contained module): normal
 * resolution first; only when that finds no `robokit`, resolve it as a self-reference from a
 * file inside the running robokit package.
 */
const ESM_HOOK = `
let anchor;
export function initialize(data) { anchor = data.anchor; }
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (anchor === undefined || !${OWN_SPECIFIER.toString()}.test(specifier) || context.parentURL === anchor) throw error;
    return nextResolve(specifier, { ...context, parentURL: anchor });
  }
}
`;

let installed = false;

/**
 * The package.json of the running robokit package, found upwards from `fromUrl`: the nearest one
 * named robokit whose "." export exists beside it, so a stray copy of the manifest inside a
 * build folder (whose export paths would not resolve from there) is passed over.
 */
function ownManifest(fromUrl: string): string | undefined {
  let dir = dirname(fileURLToPath(fromUrl));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown; exports?: Record<string, unknown> };
        const main = pkg.exports?.["."];
        const target = typeof main === "string" ? main : (main as { default?: unknown } | undefined)?.default;
        if (pkg.name === "robokit" && typeof target === "string" && existsSync(join(dir, target))) return manifest;
      } catch {
        // Not a manifest we can read: keep looking upwards.
      }
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/**
 * Lets a robot module the CLI loads import `robokit` (and `robokit/<subpath>`) when its folder
 * has none installed: `robokit import r.urdf --to ts` writes a module importing from "robokit",
 * and `npx robokit build r.ts` in a folder without node_modules must still build it. Normal
 * resolution always runs first, so a robokit installed beside the module (or above it) wins;
 * only a failed lookup falls back to the running package, resolved as a package self-reference
 * from its package.json (so its `exports` apply). Covers both module
 * systems: an ESM resolve hook (module.register) for `import`, and Module._resolveFilename for
 * `require` (tsx compiles a .ts file in a folder without `"type": "module"` to CommonJS and
 * resolves its requires there, past any ESM hook). Idempotent.
 *
 * @param fromUrl - file: URL of a module inside the running robokit package (`import.meta.url`).
 */
export function provideRobokit(fromUrl: string): void {
  if (installed) return;
  installed = true;
  const manifest = ownManifest(fromUrl);
  // Without its own manifest (robokit copied without package.json) there is nothing to point at.
  if (manifest === undefined) return;
  const anchorUrl = pathToFileURL(manifest).href;
  register(`data:text/javascript,${encodeURIComponent(ESM_HOOK)}`, { data: { anchor: anchorUrl } });

  // Module._resolveFilename is how tsx and Node resolve a require(); it is not in @types/node.
  const cjs = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const normal = cjs._resolveFilename;
  const fromRobokit = createRequire(anchorUrl);
  let falling = false;
  cjs._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
    try {
      return normal.call(this, request, ...rest);
    } catch (error) {
      if (falling || (error as { code?: unknown }).code !== "MODULE_NOT_FOUND" || !OWN_SPECIFIER.test(request))
        throw error;
      // The fallback goes through this function again (createRequire resolves with it): resolve once, without falling back twice.
      falling = true;
      try {
        return fromRobokit.resolve(request);
      } catch {
        throw error;
      } finally {
        falling = false;
      }
    }
  };
}
