/**
 * robokit/read: robots robokit did not write, read into the model: URDF, SDF (a model, or the
 * largest model of a world), xacro expansion, and mesh files (STL, OBJ, COLLADA) with the
 * mass properties of the solids they bound. Each reader returns the model or the
 * diagnostics that kept it from one; none throws on bad input.
 * @packageDocumentation
 */
export { descriptionToModel } from "./descriptionToModel.js";
export type { ModelReadResult } from "./ModelReadResult.js";
export { sdfToModel } from "./sdfToModel.js";
export type { SdfToModelOptions } from "./sdfToModel.js";
export { urdfToModel } from "./urdfToModel.js";
export { expandXacro } from "./xacro/expandXacro.js";
export type { ExpandXacroOptions, ExpandXacroResult } from "./xacro/ExpandXacroOptions.js";
export type { XacroHost, XacroReadRefusal } from "./xacro/XacroHost.js";
export { checkClosedMesh } from "./mesh/checkClosedMesh.js";
export type { ClosedMeshCheck } from "./mesh/checkClosedMesh.js";
export { massPropertiesAtDensity, meshMassProperties } from "./mesh/meshMassProperties.js";
export type {
  MassProperties,
  MeshMassOptions,
  MeshMassProperties,
  MeshMassPropertiesResult,
} from "./mesh/meshMassProperties.js";
export { DEFAULT_COLLADA_UP_AXIS } from "./mesh/ColladaUpAxis.js";
export type { ColladaUpAxis, ColladaUpAxisName } from "./mesh/ColladaUpAxis.js";
export { readCollada } from "./mesh/readCollada.js";
export type { ColladaReadOptions } from "./mesh/readCollada.js";
export { readMesh } from "./mesh/readMesh.js";
export type { MeshFileReadResult, MeshFormat } from "./mesh/readMesh.js";
export { readObj } from "./mesh/readObj.js";
export { readStl } from "./mesh/readStl.js";
export { MESH_LIMITS } from "./mesh/TriangleMesh.js";
export type { MeshLimits, MeshReadResult, TriangleMesh } from "./mesh/TriangleMesh.js";
