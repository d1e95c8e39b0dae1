import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { assertNever } from "../../util/assertNever.js";

/** Mesh formats each consumer loads, by file extension. */
const everywhere = new Set(["stl", "dae", "obj"]);
const gzOnly = new Set(["gltf", "glb"]);

function extension(path: string): string {
  const base = path.split(/[/\\]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot + 1).toLowerCase();
}

/**
 * Mesh files exist, are readable, and have a format the consumer loads: URDF `<mesh filename>`
 * and SDF `<mesh><uri>`, looked up with the injected resolver (package://, model://, file://,
 * relative). Not found: a warning, with or without search paths: urdfdom and libsdformat never open
 * meshes, and Gazebo and RViz load the robot without the missing one (`--strict` makes it an
 * error). Found but not a readable regular file: an error. STL, DAE and OBJ load everywhere; glTF/GLB only in gz-sim (a warning in URDF,
 * which RViz and Gazebo Classic read); other formats are a warning.
 */
export const meshResources: Rule = (ctx) => {
  const resolve = ctx.options.resolveResource;
  if (resolve === undefined) return;
  const visit = (e: XmlElement): void => {
    if (e.name === "mesh") {
      const at = ctx.format === "urdf" ? e : (child(e, "uri") ?? e);
      const uri = (ctx.format === "urdf" ? attr(e, "filename") : child(e, "uri")?.text)?.trim();
      const attribute = ctx.format === "urdf" ? "filename" : undefined;
      if (uri !== undefined && uri !== "") check(uri, at, attribute);
    }
    for (const c of e.children) if (c.name !== "include") visit(c);
  };
  const check = (uri: string, at: XmlElement, attribute: string | undefined): void => {
    const found = resolve(uri, ctx.file);
    if ("problem" in found) {
      switch (found.problem) {
        case "offline":
          return;
        case "unreadable":
          ctx.flag(
            "meshUnreadable",
            at,
            `mesh [${uri}] resolves to ${found.detail}, which is not a readable file; the consumer cannot load it`,
            attribute,
          );
          return;
        case "not-found":
          if (found.searched)
            ctx.flag(
              "meshNotFoundInSearchPath",
              at,
              `mesh [${uri}] not found (${found.detail}); urdfdom and libsdformat load the file (they never open meshes), but Gazebo and RViz will not draw this mesh or collide with it`,
              attribute,
            );
          else
            ctx.flag(
              "meshNotFound",
              at,
              `mesh [${uri}] not found next to the file (${found.detail}); give its package or model folder with -I, ROS_PACKAGE_PATH or GZ_SIM_RESOURCE_PATH to check it`,
              attribute,
            );
          return;
        default:
          assertNever(found.problem, "file problem");
      }
    }
    const ext = extension(found.file);
    if (everywhere.has(ext)) return;
    if (gzOnly.has(ext)) {
      if (ctx.format === "urdf")
        ctx.flag(
          "meshGltfInUrdf",
          at,
          `mesh [${uri}] is glTF (use STL, DAE or OBJ for RViz and Gazebo Classic)`,
          attribute,
        );
      return;
    }
    ctx.flag(
      "meshFormatUnknown",
      at,
      `mesh [${uri}] has format [${ext === "" ? "no extension" : ext}]; consumers load STL, DAE and OBJ (and glTF/GLB in gz-sim)`,
      attribute,
    );
  };
  visit(ctx.root);
};
