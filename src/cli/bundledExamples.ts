/**
 * Robots that ship with robokit, usable by name (`robokit build mario`). Module paths are
 * relative to this file and valid both from src/ (tsx) and dist/src/ (compiled).
 */
export const bundledExamples: Readonly<Record<string, { readonly module: string; readonly exportName: string }>> = {
  mario: { module: "../../examples/mario/mario.js", exportName: "mario" },
  robotino: { module: "../../examples/robotino/robotino.js", exportName: "robotino" },
};
