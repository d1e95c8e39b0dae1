import type { MeshMeasurer } from "../../model/geometrySolid.js";
import type { MeshMassProperties } from "../../model/MeshMassProperties.js";
import { meshMassProperties } from "../../parse/mesh/meshMassProperties.js";
import { readMesh } from "../../parse/mesh/readMesh.js";
import type { TriangleMesh } from "../../parse/mesh/TriangleMesh.js";
import { resolveMeshUri } from "./resolveMeshUri.js";
import { viewResourceReader } from "./viewResourceReader.js";
import type { ViewRoots } from "./viewRoots.js";

/**
 * Measures the mesh shapes of the robot in `file` for the inertia boxes: each URI resolved as
 * the page's meshes are ({@link resolveMeshUri}: inside the roots only), read by
 * {@link viewResourceReader} (the mesh byte, triangle and vertex limits), each file read once.
 * A mesh that does not resolve, read or close into a solid with volume measures as undefined.
 */
export function viewMeshMeasurer(file: string, roots: ViewRoots): MeshMeasurer {
  const read = viewResourceReader(roots.roots);
  const meshes = new Map<string, TriangleMesh | undefined>();
  const measured = new Map<string, MeshMassProperties | undefined>();
  return (geometry) => {
    const found = resolveMeshUri(geometry.uri, file, roots);
    if (!("file" in found)) return undefined;
    const path = found.file.path;
    const scale = geometry.scale ?? [1, 1, 1];
    const key = `${scale.join(" ")} ${path}`;
    if (measured.has(key)) return measured.get(key);
    if (!meshes.has(path)) {
      const bytes = read(path);
      meshes.set(path, "bytes" in bytes ? readMesh(bytes.bytes, geometry.uri).mesh : undefined);
    }
    const mesh = meshes.get(path);
    const props = mesh === undefined ? undefined : meshMassProperties(mesh, geometry.uri, { scale }).properties;
    measured.set(key, props);
    return props;
  };
}
