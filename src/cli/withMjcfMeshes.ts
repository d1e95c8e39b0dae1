import { existsSync, statSync } from "node:fs";

import type { Artifact } from "../emit/Artifact.js";
import { robotMeshes } from "../emit/mjcf/mjcfMeshAssets.js";
import type { Robot } from "../model/Robot.js";
import { mjcfWithMeshes } from "./mjcfWithMeshes.js";
import { reportDiagnostics } from "./reportDiagnostics.js";
import type { BinaryArtifact } from "./writeArtifacts.js";

/**
 * `build`'s files with the MJCF's meshes: when the robot has `mesh()` geometry, the package's
 * `mjcf/ROBOT.xml` is written with its meshes (read relative to the robot's file `robotArg`, as
 * `convert -f mjcf` reads them) and the mesh files go beside it in `mjcf/`. A package's URDF may
 * name meshes that are installed later, so a mesh that cannot be read does not stop the build:
 * its geoms are left out of the MJCF (which MuJoCo then loads) and a warning names it. A robot
 * without meshes keeps the artifacts as they are.
 */
export function withMjcfMeshes(
  robot: Robot,
  robotArg: string,
  artifacts: readonly Artifact[],
): readonly (Artifact | BinaryArtifact)[] {
  if (robotMeshes(robot).length === 0) return artifacts;
  const path = `mjcf/${robot.name}.xml`;
  const made = mjcfWithMeshes(robot, robotFile(robotArg), { folder: "mjcf", env: process.env });
  const reported = made.diagnostics.map((d) =>
    d.severity === "error"
      ? { ...d, severity: "warning" as const, message: `${d.message}; its geoms are left out of ${path}` }
      : d,
  );
  reportDiagnostics(robotArg, reported, "text");
  return [...artifacts.map((a) => (a.path === path ? { path, content: made.text } : a)), ...made.meshFiles];
}

/** The robot's file on disk (meshes resolve against it), or undefined for a bundled example. */
export function robotFile(robotArg: string): string | undefined {
  return existsSync(robotArg) && statSync(robotArg).isFile() ? robotArg : undefined;
}
