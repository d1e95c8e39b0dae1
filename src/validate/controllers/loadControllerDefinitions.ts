import { createRequire } from "node:module";

import type { ControllerDistro, DefinitionsIndex, DistroDefinitions } from "./ControllerDefinitions.js";
import { IncompleteInstallError } from "../../util/IncompleteInstallError.js";

const require = createRequire(import.meta.url);
const cache = new Map<string, unknown>();

/**
 * Reads a file of data/controller-definitions/ (written by
 * scripts/generate-controller-definitions.ts), once per process. Works from the TypeScript
 * sources, from dist/ and from the bundled CLI, like loadValidator.
 */
function loadJson(name: string): unknown {
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  for (const up of ["../../../", "../../../../", "../", "../../"]) {
    try {
      const data = require(`${up}data/controller-definitions/${name}`) as unknown;
      cache.set(name, data);
      return data;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "MODULE_NOT_FOUND") throw error;
    }
  }
  throw new IncompleteInstallError(
    `data/controller-definitions/${name}`,
    "in a clone: npm run generate:controller-definitions",
  );
}

/** The controller and controller_manager definitions of one distro (about 30 kB, read on first use). */
export function loadControllerDefinitions(distro: ControllerDistro): DistroDefinitions {
  return loadJson(`${distro}.json`) as DistroDefinitions;
}

/** Which distros have which class, for messages about a class this distro lacks. */
export function loadDefinitionsIndex(): DefinitionsIndex {
  return loadJson("index.json") as DefinitionsIndex;
}
