import { dirname } from "node:path";

import type { LspHost } from "../../lsp/LspHost.js";
import { diskXacroHost } from "../readXacro.js";
import { defaultIncludeLimits } from "../resolve/includeLimits.js";
import { readRegularFile } from "../resolve/readRegularFile.js";

/** How long a folder's package index is trusted before it is searched again, milliseconds. */
const PACKAGE_INDEX_TTL = 30_000;

/**
 * The disk as the language service sees it: regular files up to the include size limit, and
 * ROS packages found as `$(find)` finds them (`-I` folders, ROS_PACKAGE_PATH, the file's
 * workspace, AMENT_PREFIX_PATH), each folder's package index kept for a short while.
 */
export function diskLspHost(includePaths: readonly string[]): LspHost {
  const finders = new Map<string, { at: number; find: (name: string) => string | undefined }>();
  return {
    readFile: (path) => {
      const r = readRegularFile(path, defaultIncludeLimits.maxFileBytes);
      return "bytes" in r ? r.bytes.toString("utf8") : undefined;
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
