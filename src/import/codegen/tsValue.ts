import { tsNumber } from "./tsNumber.js";
import { tsPropertyName } from "./tsPropertyName.js";
import { tsStringLiteral } from "./tsStringLiteral.js";

/**
 * Plain data (numbers, strings, booleans, null, arrays, objects; `undefined` properties
 * left out) as a one-line TypeScript expression equal to it: strings through
 * {@link tsStringLiteral}, keys through {@link tsPropertyName}, numbers through
 * {@link tsNumber}. Throws on anything else (functions, symbols, bigints): API misuse.
 */
export function tsValue(value: unknown): string {
  if (typeof value === "number") return tsNumber(value);
  if (typeof value === "string") return tsStringLiteral(value);
  if (typeof value === "boolean" || value === null) return String(value);
  if (Array.isArray(value)) return `[${value.map(tsValue).join(", ")}]`;
  if (typeof value === "object") {
    const fields = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${tsPropertyName(k)}: ${tsValue(v)}`);
    return fields.length === 0 ? "{}" : `{ ${fields.join(", ")} }`;
  }
  throw new Error(`tsValue: cannot write a ${typeof value} as TypeScript`);
}
