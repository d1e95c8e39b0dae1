/**
 * What a generated file is, for the check it passes before robokit writes it
 * (src/validate/output/outputCheckers.ts holds one checker per kind):
 * - `urdf`: a URDF robot;
 * - `sdf`: an SDF model or world;
 * - `mjcf`: a MuJoCo model;
 * - `controllers-yaml`: ros2_control's controller parameters (controller_manager);
 * - `robot-document`: a robokit robot as YAML or JSON (robot.schema.json);
 * - `other`: everything else (launch files, package.xml, README).
 */
export type ArtifactKind = "urdf" | "sdf" | "mjcf" | "controllers-yaml" | "robot-document" | "other";

/**
 * The kind of a file `robokit build` writes, from its path in the package (POSIX separators):
 * `urdf/<robot>.urdf`, `sdf/<robot>/model.sdf` and `worlds/<robot>.world`, `mjcf/<robot>.xml`,
 * `config/<robot>_controllers.yaml`; anything else is `other`.
 */
export function artifactKind(path: string): ArtifactKind {
  if (path.endsWith(".urdf")) return "urdf";
  if (path.endsWith(".sdf") || path.endsWith(".world")) return "sdf";
  if (path.startsWith("mjcf/") && path.endsWith(".xml")) return "mjcf";
  if (path.startsWith("config/") && path.endsWith("_controllers.yaml")) return "controllers-yaml";
  return "other";
}
