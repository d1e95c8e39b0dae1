import packageJson from "../package.json" with { type: "json" };

/** robokit's version, from package.json (stamped into every generated file). */
export const ROBOKIT_VERSION: string = packageJson.version;
