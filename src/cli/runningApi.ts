import { RUNNING_API_KEY } from "./runningApiSource.js";

/** One of the package's entry points as loaded: its export names and values. */
export type ApiNamespace = Readonly<Record<string, unknown>>;

/**
 * The package's JavaScript entry points (package.json `exports`, by specifier), loaded from the
 * robokit that runs: in the bundled CLI, modules of the bundle itself.
 */
const ENTRY_POINTS: Readonly<Record<string, () => Promise<ApiNamespace>>> = {
  robokit: () => import("../index.js"),
  "robokit/emit": () => import("../emit/index.js"),
  "robokit/read": () => import("../parse/index.js"),
  "robokit/validate": () => import("../validate/index.js"),
  "robokit/kinematics": () => import("../kinematics/index.js"),
  "robokit/sim": () => import("../sim/index.js"),
};

/** The specifiers {@link runningApi} loads, as package.json `exports` names them. */
export const RUNNING_API_SPECIFIERS: readonly string[] = Object.keys(ENTRY_POINTS);

/**
 * The running robokit's entry points, loaded once and kept on globalThis under
 * `Symbol.for(RUNNING_API_KEY)`, where the module the hooks give a robot module for
 * `import "robokit"` reads them (runningApiSource): the robot module gets these very objects,
 * one RobotBuilder class and one copy of the library. Returns each specifier's export names.
 */
export async function runningApi(): Promise<Readonly<Record<string, readonly string[]>>> {
  const global = globalThis as Record<symbol, Record<string, ApiNamespace> | undefined>;
  const key = Symbol.for(RUNNING_API_KEY);
  let api = global[key];
  if (api === undefined) {
    const loaded = await Promise.all(
      Object.entries(ENTRY_POINTS).map(async ([specifier, load]) => [specifier, await load()] as const),
    );
    api = Object.fromEntries(loaded);
    global[key] = api;
  }
  const names: Record<string, readonly string[]> = {};
  for (const [specifier, namespace] of Object.entries(api)) names[specifier] = Object.keys(namespace);
  return names;
}
