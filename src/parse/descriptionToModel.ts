import type { ModelReadResult } from "./ModelReadResult.js";
import { sdfToModel, type SdfToModelOptions } from "./sdfToModel.js";
import { urdfToModel } from "./urdfToModel.js";

/**
 * Reads a URDF (`<robot>`) or SDF (`<sdf>`) description into the robokit model, choosing the
 * reader from the root element. Never throws; an unknown root is a VERSION_UNSUPPORTED error.
 * `options.model` picks the SDF `<model>` (see {@link sdfToModel}); a URDF has one robot.
 */
export function descriptionToModel(text: string, file: string, options: SdfToModelOptions = {}): ModelReadResult {
  const root = descriptionRoot(text);
  if (root === "sdf") return sdfToModel(text, file, options);
  if (root === "robot" || root === undefined) return urdfToModel(text, file);
  return {
    diagnostics: [
      {
        code: "VERSION_UNSUPPORTED",
        severity: "error",
        message: `expected a URDF <robot> or an SDF <sdf> root element, found <${root}>`,
        file,
        line: 1,
        column: 1,
      },
    ],
  };
}

/** Name of the root element of a description (after comments and declarations), or undefined when there is none. */
export function descriptionRoot(text: string): string | undefined {
  return /<([A-Za-z_][\w.:-]*)/.exec(text.replace(/<!--[\s\S]*?-->/g, "").replace(/<[?!][^>]*>/g, ""))?.[1];
}
