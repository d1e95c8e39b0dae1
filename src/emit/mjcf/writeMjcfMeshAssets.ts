import { vec, type XmlOutElement } from "../xml/xmlDocument.js";
import type { MjcfMeshAssets } from "./mjcfMeshAssets.js";

/**
 * Writes one `<mesh name file [scale]>` per asset into MJCF's `<asset>`. Files are named
 * relative to the MJCF itself (MuJoCo resolves them against the model file's folder when there
 * is no `meshdir`), so the model loads from any working directory.
 */
export function writeMjcfMeshAssets(asset: XmlOutElement, meshes: MjcfMeshAssets | undefined): void {
  for (const m of meshes?.assets ?? [])
    asset.ele("mesh", { name: m.name, file: m.file, ...(m.scale === undefined ? {} : { scale: vec(m.scale) }) });
}
