import { tsStringLiteral } from "./tsStringLiteral.js";

/**
 * A key in a TypeScript object literal: bare when it is an ASCII identifier name, a string
 * literal otherwise, and `["__proto__"]` for `__proto__`, which written any other way sets the
 * object's prototype instead of a property.
 */
export function tsPropertyName(key: string): string {
  if (key === "__proto__") return `[${tsStringLiteral(key)}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : tsStringLiteral(key);
}
