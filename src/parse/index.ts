/**
 * robokit/read: robots robokit did not write, read into the model: URDF, SDF (a model, or the
 * largest model of a world) and xacro expansion. Each reader returns the model or the
 * diagnostics that kept it from one; none throws on bad input.
 * @packageDocumentation
 */
export { descriptionToModel } from "./descriptionToModel.js";
export type { ModelReadResult } from "./ModelReadResult.js";
export { sdfToModel } from "./sdfToModel.js";
export type { SdfToModelOptions } from "./sdfToModel.js";
export { urdfToModel } from "./urdfToModel.js";
export { expandXacro } from "./xacro/expandXacro.js";
export type { ExpandXacroOptions, ExpandXacroResult, XacroHost, XacroReadRefusal } from "./xacro/expandXacro.js";
