import { realpathSync, statSync } from "node:fs";
import { dirname, join, sep } from "node:path";

import type { LspHost } from "../../lsp/LspHost.js";
import { diskXacroHost, includeRoots } from "../readXacro.js";
import { defaultIncludeLimits } from "../resolve/includeLimits.js";
import { readRegularFile } from "../resolve/readRegularFile.js";

/** How long a folder's package index is trusted before it is searched again, milliseconds. */
const PACKAGE_INDEX_TTL = 30_000;

/** The disk for the language service, with the folders it may read from. */
export interface DiskLspHost extends LspHost {
  /** Lets the host read below the folders a description opened in the editor may include from. */
  allowRootsOf(path: string): void;
}

/**
 * The disk as the language service sees it: regular files up to the include size limit, only
 * below the include roots of the open documents (each one's workspace, `-I` folders,
 * ROS_PACKAGE_PATH, AMENT_PREFIX_PATH: where `robokit validate` may read their includes), and
 * ROS packages found as `$(find)` finds them, each folder's package index kept for a short while,
 * and SDF models (`model://name`) next to the file, then in the model paths.
 *
 * @param includePaths - `-I` folders and ROS_PACKAGE_PATH entries, searched for packages.
 * @param modelPaths - `-I` folders, SDF_PATH, GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH.
 */
export function diskLspHost(includePaths: readonly string[], modelPaths: readonly string[] = []): DiskLspHost {
  const finders = new Map<string, { at: number; find: (name: string) => string | undefined }>();
  const roots = new Set<string>();
  const seenFolders = new Set<string>();
  const inside = (real: string): boolean => {
    for (const r of roots) if (real === r || real.startsWith(r.endsWith(sep) ? r : r + sep)) return true;
    return false;
  };
  return {
    allowRootsOf: (path) => {
      if (seenFolders.has(dirname(path))) return;
      seenFolders.add(dirname(path));
      for (const r of includeRoots(path, includePaths)) roots.add(r);
    },
    readFile: (path) => {
      let real: string;
      try {
        real = realpathSync.native(path);
      } catch {
        return undefined;
      }
      if (!inside(real)) return undefined;
      const r = readRegularFile(real, defaultIncludeLimits.maxFileBytes);
      return "bytes" in r ? r.bytes.toString("utf8") : undefined;
    },
    findModel: (name, fromFile) => {
      for (const dir of [dirname(fromFile), ...modelPaths]) {
        try {
          if (statSync(join(dir, name)).isDirectory()) return join(dir, name);
        } catch {
          // not in this folder
        }
      }
      return undefined;
    },
    findPackage: (name, fromFile) => {
      const key = dirname(fromFile);
      let entry = finders.get(key);
      if (entry === undefined || Date.now() - entry.at > PACKAGE_INDEX_TTL) {
        const host = diskXacroHost(fromFile, includePaths);
        entry = {
          at: Date.now(),
          find: (n) => {
            const dir = host.findPackage(n);
            return typeof dir === "string" ? dir : undefined;
          },
        };
        finders.set(key, entry);
      }
      return entry.find(name);
    },
  };
}
