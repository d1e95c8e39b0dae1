import { delimiter } from "node:path";

/** Folders searched for `model://`, `package://` and relative URIs, in order. */
export interface SearchPaths {
  /** Model folders: `-I` first, then SDF_PATH, GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH. */
  readonly models: readonly string[];
  /** ROS package roots (ROS_PACKAGE_PATH), for `package://name/...`. */
  readonly packages: readonly string[];
}

/** Environment variables that list model folders, in the order they are searched. */
export const modelPathVariables = ["SDF_PATH", "GZ_SIM_RESOURCE_PATH", "IGN_GAZEBO_RESOURCE_PATH"] as const;

function split(value: string | undefined): string[] {
  return (value ?? "").split(delimiter).filter((p) => p !== "");
}

/** The search paths from `-I` folders and the environment (SDF_PATH, GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH, ROS_PACKAGE_PATH). */
export function searchPathsFrom(
  includePaths: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): SearchPaths {
  const models = [...includePaths];
  for (const v of modelPathVariables) models.push(...split(env[v]));
  return { models: [...new Set(models)], packages: [...new Set(split(env["ROS_PACKAGE_PATH"]))] };
}

/** True when the user gave anywhere to search (so a missing resource is an error, not a warning). */
export function hasSearchPaths(paths: SearchPaths): boolean {
  return paths.models.length > 0 || paths.packages.length > 0;
}
