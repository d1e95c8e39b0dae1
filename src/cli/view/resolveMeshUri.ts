import { existsSync, readFileSync } from "node:fs";
import { basename, delimiter, dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Resolves a mesh URI of a description file to an absolute path on disk, or undefined.
 * `package://pkg/rest`: a folder named `pkg` or whose package.xml names `pkg`, among the
 * description's ancestors and ROS_PACKAGE_PATH; `model://name/rest`: a folder `name` among the
 * ancestors, SDF_PATH, GZ_SIM_RESOURCE_PATH and IGN_GAZEBO_RESOURCE_PATH; `file://` and plain
 * paths: absolute, or relative to the description's folder. A simple resolver for the viewer.
 */
export function resolveMeshUri(uri: string, fromFile: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const scheme = /^([a-z]+):\/\/(.*)$/i.exec(uri);
  const fromDir = dirname(resolve(fromFile));
  if (scheme === null) return existing(isAbsolute(uri) ? uri : resolve(fromDir, uri));
  const [, kind = "", rest = ""] = scheme;
  switch (kind.toLowerCase()) {
    case "file":
      return existing(fileURLToPath(`file://${rest}`));
    case "package":
    case "model": {
      const slash = rest.indexOf("/");
      const name = slash < 0 ? rest : rest.slice(0, slash);
      const inside = slash < 0 ? "" : rest.slice(slash + 1);
      const vars = kind === "package" ? ["ROS_PACKAGE_PATH"] : ["SDF_PATH", "GZ_SIM_RESOURCE_PATH", "IGN_GAZEBO_RESOURCE_PATH"];
      const roots = [...ancestors(fromDir), ...vars.flatMap((v) => (env[v] ?? "").split(delimiter).filter((p) => p !== ""))];
      for (const root of roots) {
        for (const dir of [join(root, name), root]) {
          if (!isNamed(dir, name)) continue;
          const found = existing(join(dir, inside));
          if (found !== undefined) return found;
        }
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

function existing(path: string): string | undefined {
  return existsSync(path) ? path : undefined;
}

function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; out.length < 8; d = dirname(d)) {
    out.push(d);
    if (dirname(d) === d) break;
  }
  return out;
}

/** A folder called `name`, or holding a package.xml whose <name> is `name`. */
function isNamed(dir: string, name: string): boolean {
  if (!existsSync(dir)) return false;
  if (basename(dir) === name) return true;
  const manifest = join(dir, "package.xml");
  if (!existsSync(manifest)) return false;
  return new RegExp(`<name>\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*</name>`).test(readFileSync(manifest, "utf8"));
}
