import { realpathSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Names files reached from a top-level file the way diagnostics show them, and back to disk paths. */
export interface DisplayNames {
  /** Real (symlink-free) path of the top-level file. */
  readonly topReal: string;
  /** The name of a real path: relative to the top-level file's folder, joined to the top-level name's folder. */
  nameOf(real: string): string;
  /** The disk path behind a name handed out by {@link nameOf} (or the top-level name). */
  absOf(name: string): string;
}

/** Real path of `path`, or undefined when it does not exist. */
export function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** Display names for the files reached from `topPath`, which diagnostics call `topName`. */
export function displayNames(topPath: string, topName: string): DisplayNames {
  const topAbs = resolve(topPath);
  const topReal = realOrUndefined(topAbs) ?? topAbs;
  const absByName = new Map<string, string>([[topName, topReal]]);
  return {
    topReal,
    nameOf(real) {
      if (real === topReal) return topName;
      const name = join(dirname(topName), relative(dirname(topReal), real));
      absByName.set(name, real);
      return name;
    },
    absOf(name) {
      return absByName.get(name) ?? resolve(name);
    },
  };
}
