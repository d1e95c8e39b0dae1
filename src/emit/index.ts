/**
 * robokit/emit: every file robokit generates from a model, as pure functions of it: URDF, SDF,
 * MJCF, controller YAML, worlds, and the whole set `robokit build` writes.
 * @packageDocumentation
 */
export type { Artifact } from "./Artifact.js";
export { buildArtifacts } from "./buildArtifacts.js";
export type { ArtifactProducer } from "./buildArtifacts.js";
export { emitFormats } from "./emitFormats.js";
export type { EmitFormat, EmitOptions } from "./emitFormats.js";
export { DEFAULT_SIM_TARGET, SIM_TARGETS } from "./gazebo/SimTarget.js";
export type { SimTarget } from "./gazebo/SimTarget.js";
export { DISTRO_FACTS, ROS_DISTROS, defaultDistro, distrosOf, resolvePlatform } from "./gazebo/RosDistro.js";
export type { DistroFacts, RosDistro, RosPlatform } from "./gazebo/RosDistro.js";
export { emitMjcf } from "./mjcf/emitMjcf.js";
export { mjcfLosses } from "./mjcf/mjcfLosses.js";
export type { EmitMjcfOptions, MjcfFixedJoints } from "./mjcf/emitMjcf.js";
export { MJCF_FIXED_JOINTS, MJCF_FIXED_JOINTS_DEFAULT } from "./mjcf/emitMjcf.js";
export { mjcfMeshAssets, defaultMjcfMeshFormat } from "./mjcf/mjcfMeshAssets.js";
export type { MjcfMeshAssets, MjcfMeshAsset, MjcfMeshFile, MjcfMeshFileFormat } from "./mjcf/mjcfMeshAssets.js";
export { binaryStl } from "./mesh/binaryStl.js";
export { objText } from "./mesh/objText.js";
export { emitControllersYaml } from "./ros2-control/emitControllersYaml.js";
export { emitSdf } from "./sdf/emitSdf.js";
export type { EmitSdfOptions } from "./sdf/emitSdf.js";
export { DEFAULT_SDF_VERSION, SDF_VERSIONS } from "./sdf/SdfVersion.js";
export type { SdfVersion } from "./sdf/SdfVersion.js";
export { emitUrdf } from "./urdf/emitUrdf.js";
export type { EmitUrdfOptions, UrdfExtension } from "./urdf/emitUrdf.js";
export type { XmlAttributes, XmlOutElement } from "./xml/XmlOutElement.js";
export { emitWorld } from "./world/emitWorld.js";
export { vineyard } from "./world/vineyard.js";
export type { VineyardParams } from "./world/vineyard.js";
