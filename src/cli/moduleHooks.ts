/**
 * The module hooks the CLI registers (module.register) before it loads a robot module; Node runs
 * them in its hooks thread. They do three things:
 * - `import "robokit"` (or `robokit/<subpath>`) resolves to the robokit that is running: a module
 *   (runningApiSource) whose exports are the very objects the CLI has loaded (one copy of the
 *   library, one RobotBuilder class), unless a different robokit is installed beside the
 *   module, which then wins;
 * - a `.ts`/`.mts` file loads as an ES module with its types stripped (stripTypeScript), through
 *   a cache keyed by content;
 * - a TypeScript module's relative import of `./part.js` or `./part` finds `./part.ts`, as the
 *   TypeScript compiler does.
 * Node's hooks thread loads this file alone: it imports only Node and the helpers it uses.
 */
import { readFileSync, realpathSync, statSync } from "node:fs";
import { sep } from "node:path";
import { fileURLToPath } from "node:url";
import { type MessagePort, receiveMessageOnPort } from "node:worker_threads";

import { runningApiSource } from "./runningApiSource.js";
import { isStrippedFrom, readStripped, strippedCacheKey, writeStripped } from "./strippedCache.js";
import { stripperIdentity } from "./stripperIdentity.js";
import { stripTypeScript } from "./stripTypeScript.js";

/** A `.ts` robot module the command line names, as the CLI read it at launch (startModuleHooks). */
export interface NamedModule {
  /** Absolute path. */
  readonly path: string;
  /** Its text when the CLI read it. */
  readonly source: string;
  /** Its key in the stripped-module cache (strippedCacheKey); undefined without a cache. */
  readonly key?: string;
  /** Whether the cache held that key then; if not, the hooks strip it as soon as they are idle. */
  readonly cached: boolean;
}

/** What the CLI hands the hooks (module.register's `data`). */
export interface ModuleHooksData {
  /** file: URL of the running robokit's package.json: `robokit/<subpath>` resolves from it when nothing else does. */
  readonly anchor?: string;
  /** The running robokit's folder (real path): a resolution into it is the running copy. */
  readonly packageRoot?: string;
  /**
   * The robot modules the command line names, with their cache keys (the thread need not hash
   * them again): those not in the cache are stripped as soon as the thread is idle, while the
   * CLI is still starting, so that their import finds them stripped.
   */
  readonly named?: readonly NamedModule[];
  /** The stripper's identity (stripperIdentity), when the CLI has it already. */
  readonly stripper?: string;
  /**
   * Where the CLI posts the running robokit's entry points (specifier → export names;
   * runningApi) once it has loaded them, before it imports a module: from then
   * `robokit[/subpath]` may resolve to them (provideRobokit).
   */
  readonly apiPort?: MessagePort;
  /** Folder of the stripped-module cache; undefined: no cache. */
  readonly cacheDir?: string;
  /** Largest module source read, bytes. */
  readonly maxSourceBytes: number;
}

/** The error a `.ts` module that cannot be stripped or read raises; `code` tells it from Node's own. */
export const STRIP_ERROR_CODE = "ERR_ROBOKIT_TS_MODULE";

/** The URL scheme of the running robokit's entry points: `robokit-running:robokit/emit`. */
export const RUNNING_API_SCHEME = "robokit-running:";

const OWN_SPECIFIER = /^robokit(?:\/.*)?$/;
const TS_FILE = /\.m?ts$/;

let data: ModuleHooksData = { maxSourceBytes: 0 };
let api: Readonly<Record<string, readonly string[]>> = {};
/** The last stripping of each module path: a prestripped module is found again, cache or none. */
const stripped = new Map<string, { readonly source: string; readonly code: string }>();

/** Called once by module.register with the CLI's data. */
export function initialize(given: ModuleHooksData): void {
  data = given;
  const unstripped = (given.named ?? []).filter((named) => !named.cached);
  // After register() has returned: the CLI goes on meanwhile, on its own thread.
  if (unstripped.length > 0) {
    setImmediate(() => {
      for (const named of unstripped) {
        try {
          strippedCode(named.path, named.source, named.key);
        } catch {
          // Reported when the CLI imports the module.
        }
      }
    });
  }
}

/**
 * The running robokit's entry points (specifier → export names), the last the CLI posted on
 * `apiPort`. The CLI posts them before it imports the module that asks, so the message is
 * queued by the time the import's resolution gets here, and is taken without waiting.
 */
function runningApiNames(): Readonly<Record<string, readonly string[]>> {
  const port = data.apiPort;
  if (port === undefined) return api;
  for (let m = receiveMessageOnPort(port); m !== undefined; m = receiveMessageOnPort(port)) {
    api = m.message as Readonly<Record<string, readonly string[]>>;
  }
  return api;
}

interface ResolveContext {
  readonly parentURL?: string;
  readonly conditions?: readonly string[];
  readonly importAttributes?: Record<string, string>;
}
interface Resolved {
  readonly url: string;
  readonly format?: string | null;
  readonly shortCircuit?: boolean;
}
type NextResolve = (specifier: string, context?: ResolveContext) => Promise<Resolved>;

/** Node's resolve hook. */
export async function resolve(specifier: string, context: ResolveContext, next: NextResolve): Promise<Resolved> {
  if (OWN_SPECIFIER.test(specifier)) return resolveOwn(specifier, context, next);
  const parent = context.parentURL;
  if (parent === undefined || !parent.startsWith("file:") || !TS_FILE.test(new URL(parent).pathname)) {
    return next(specifier, context);
  }
  const resolved = await resolveTypeScriptImport(specifier, context, next);
  return withGeneration(resolved, parent);
}

/** `robokit[/subpath]`: the running copy's module when normal resolution finds that copy or none. */
async function resolveOwn(specifier: string, context: ResolveContext, next: NextResolve): Promise<Resolved> {
  const entry = Object.hasOwn(runningApiNames(), specifier) ? `${RUNNING_API_SCHEME}${specifier}` : undefined;
  let found: Resolved | undefined;
  try {
    found = await next(specifier, context);
  } catch (error) {
    if (entry !== undefined) return { url: entry, shortCircuit: true };
    if (data.anchor === undefined || context.parentURL === data.anchor) throw error;
    return next(specifier, { ...context, parentURL: data.anchor });
  }
  if (entry !== undefined && isRunningCopy(found.url)) return { url: entry, shortCircuit: true };
  return found;
}

function isRunningCopy(url: string): boolean {
  if (data.packageRoot === undefined || !url.startsWith("file:")) return false;
  try {
    return realpathSync(fileURLToPath(url)).startsWith(data.packageRoot + sep);
  } catch {
    return false;
  }
}

/** A relative import from a TypeScript module: as written, else `.js` → `.ts`, `.mjs` → `.mts`, or `.ts` added. */
async function resolveTypeScriptImport(
  specifier: string,
  context: ResolveContext,
  next: NextResolve,
): Promise<Resolved> {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (!specifier.startsWith(".") || (error as { code?: unknown }).code !== "ERR_MODULE_NOT_FOUND") throw error;
    for (const candidate of typeScriptCandidates(specifier)) {
      const url = new URL(candidate, context.parentURL);
      if (isFile(url)) return next(candidate, context);
    }
    throw error;
  }
}

function typeScriptCandidates(specifier: string): string[] {
  if (specifier.endsWith(".js")) return [`${specifier.slice(0, -3)}.ts`];
  if (specifier.endsWith(".mjs")) return [`${specifier.slice(0, -4)}.mts`];
  return [`${specifier}.ts`, `${specifier}.mts`, `${specifier}/index.ts`];
}

function isFile(url: URL): boolean {
  try {
    return statSync(url).isFile();
  } catch {
    return false;
  }
}

/** A live reload's query (`?generation=N`) passes from a TypeScript module to the user's modules it imports. */
function withGeneration(resolved: Resolved, parent: string): Resolved {
  const query = new URL(parent).search;
  if (query === "" || !resolved.url.startsWith("file:") || resolved.url.includes("?")) return resolved;
  if (!TS_FILE.test(new URL(resolved.url).pathname) || resolved.url.includes("/node_modules/")) return resolved;
  return { ...resolved, url: resolved.url + query };
}

interface Loaded {
  readonly format?: string | null;
  readonly source?: string | ArrayBuffer | Uint8Array | null;
  readonly shortCircuit?: boolean;
}
type NextLoad = (url: string, context?: unknown) => Promise<Loaded>;

/** Node's load hook: a running API entry point's module, and a `.ts`/`.mts` file as an ES module whose types are stripped. */
export async function load(url: string, context: unknown, next: NextLoad): Promise<Loaded> {
  if (url.startsWith(RUNNING_API_SCHEME)) {
    const specifier = url.slice(RUNNING_API_SCHEME.length);
    const names = Object.hasOwn(runningApiNames(), specifier) ? api[specifier] : undefined;
    if (names !== undefined)
      return { format: "module", source: runningApiSource(specifier, names), shortCircuit: true };
  }
  if (!url.startsWith("file:") || !TS_FILE.test(new URL(url).pathname)) return next(url, context);
  const path = fileURLToPath(url);
  return { format: "module", source: strippedSource(path), shortCircuit: true };
}

/** The module's JavaScript: from the cache when it holds this very source, else stripped now (and cached). */
export function strippedSource(path: string): string {
  const bytes = statSync(path).size;
  if (bytes > data.maxSourceBytes) {
    throw moduleError(`${path}: the module is ${bytes} bytes, over the ${data.maxSourceBytes}-byte limit`, path);
  }
  const source = readFileSync(path, "utf8");
  const last = stripped.get(path);
  if (last?.source === source) return last.code;
  const named = data.named?.find((module) => module.path === path && module.source === source);
  let key = named?.key;
  if (named === undefined && data.cacheDir !== undefined) {
    key = strippedCacheKey(data.stripper ?? stripperIdentity(), source);
  }
  return strippedCode(path, source, key);
}

/** `source`'s JavaScript (the module at `path`): from the cache entry `key` when it holds it, else stripped now. */
function strippedCode(path: string, source: string, key: string | undefined): string {
  const cached =
    key === undefined || data.cacheDir === undefined ? undefined : readStripped(data.cacheDir, key, source);
  if (cached !== undefined) {
    stripped.set(path, { source, code: cached });
    return cached;
  }
  const result = stripTypeScript(source);
  if (!result.ok) {
    throw moduleError(`${path}:${result.line}:${result.column}: ${result.message}`, path, result);
  }
  // Only a stripping the cache would accept back is stored (a non-ASCII type can shift offsets),
  // once the thread is idle: the import waiting for this code comes first.
  const dir = data.cacheDir;
  if (key !== undefined && dir !== undefined && isStrippedFrom(source, result.code)) {
    setImmediate(() => writeStripped(dir, key, result.code));
  }
  stripped.set(path, { source, code: result.code });
  return result.code;
}

function moduleError(message: string, file: string, place?: { line: number; column: number; message: string }): Error {
  return Object.assign(new Error(message), {
    code: STRIP_ERROR_CODE,
    file,
    ...(place === undefined ? {} : { line: place.line, column: place.column, reason: place.message }),
  });
}
