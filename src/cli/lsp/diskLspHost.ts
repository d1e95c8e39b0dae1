import { realpathSync, statSync } from "node:fs";
import { dirname, join, sep } from "node:path";

import type { LspHost } from "../../lsp/LspHost.js";
import { MAX_INDEXED_CHARS } from "../../lsp/Workspace.js";
import { diskXacroHost, includeRoots } from "../readXacro.js";
import { defaultIncludeLimits } from "../resolve/includeLimits.js";
import { readRegularFile } from "../resolve/readRegularFile.js";

/** Most file texts the host keeps between requests. */
const MAX_CACHED_FILES = 256;

/** How long a folder's package index is trusted before it is searched again, milliseconds. */
const PACKAGE_INDEX_TTL = 30_000;

/** The disk for the language service, with the folders it may read from. */
export interface DiskLspHost extends LspHost {
  /** Lets the host read below the folders a description opened in the editor may include from. */
  allowRootsOf(path: string): void;
}

/**
 * The disk as the language service sees it: regular files up to the size navigation indexes
 * ({@link MAX_INDEXED_CHARS}), each read again only when its modification time or size changed, only
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
  const texts = new Map<string, { stamp: string; text: string | undefined }>();
  // Navigation indexes no larger text; validation reads includes itself, up to the include limit.
  const maxBytes = Math.min(defaultIncludeLimits.maxFileBytes, MAX_INDEXED_CHARS);
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
      let stamp: string;
      try {
        real = realpathSync.native(path);
        const st = statSync(real);
        stamp = `${st.mtimeMs}:${st.size}:${st.ino}`;
      } catch {
        return undefined;
      }
      if (!inside(real)) return undefined;
      // Every request walks the open documents' includes: an unchanged file is not read again.
      const known = texts.get(real);
      if (known?.stamp === stamp) return known.text;
      const r = readRegularFile(real, maxBytes);
      const text = "bytes" in r ? r.bytes.toString("utf8") : undefined;
      // Bounded: a workspace of more files than this is read again, never held all at once.
      if (texts.size >= MAX_CACHED_FILES) texts.clear();
      texts.set(real, { stamp, text });
      return text;
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
