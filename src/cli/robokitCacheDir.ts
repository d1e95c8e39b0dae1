import { join } from "node:path";

/**
 * The folder robokit keeps its caches in: `ROBOKIT_CACHE_DIR` when set, else the platform's
 * per-user cache folder (`$XDG_CACHE_HOME` or `~/.cache` on Linux, `~/Library/Caches` on macOS,
 * `%LOCALAPPDATA%` on Windows) with `robokit` appended. Undefined when none can be named (no
 * home folder): the caller then works without a cache.
 *
 * @param env - the process environment (only these variables are read).
 * @param platform - `process.platform`.
 * @param home - the user's home folder (`os.homedir()`), "" when unknown.
 */
export function robokitCacheDir(
  env: Readonly<Record<string, string | undefined>>,
  platform: string,
  home: string,
): string | undefined {
  const own = env["ROBOKIT_CACHE_DIR"];
  if (own !== undefined && own !== "") return own;
  if (platform === "win32") {
    const local = env["LOCALAPPDATA"];
    return local !== undefined && local !== "" ? join(local, "robokit", "Cache") : undefined;
  }
  if (platform === "darwin") return home === "" ? undefined : join(home, "Library", "Caches", "robokit");
  const xdg = env["XDG_CACHE_HOME"];
  // The XDG spec ignores a relative XDG_CACHE_HOME.
  if (xdg?.startsWith("/")) return join(xdg, "robokit");
  return home === "" ? undefined : join(home, ".cache", "robokit");
}
