import { sdfElement } from "./sdfSpec.js";
import type { SpecElement } from "./SpecElement.js";
import { urdfElement } from "./urdfSpec.js";
import type { WorkspaceFile } from "./Workspace.js";

/**
 * The element path as the format's specification sees it: xacro's own elements (`xacro:macro`,
 * `xacro:if`, …) are transparent, so a macro body's `<link>` is the robot's link.
 */
export function specPath(path: readonly string[]): string[] {
  return path.filter((n) => !n.startsWith("xacro:"));
}

/**
 * The specification of the element at `path` in this file: SDF's for the file's version, else
 * urdfdom's. A macro body with no `<robot>` above it (a xacro file of macros) is read as URDF.
 */
export function specAt(file: WorkspaceFile, path: readonly string[]): SpecElement | undefined {
  const p = specPath(path);
  if (file.index.rootName === "sdf" || file.kind === "sdf") return sdfElement(file.index.sdfVersion, p);
  if (p[0] !== "robot") return urdfElement(["robot", ...p]);
  return urdfElement(p);
}
