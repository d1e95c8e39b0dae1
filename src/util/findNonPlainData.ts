import { INPUT_LIMITS } from "./inputLimits.js";

/**
 * Calls `report` with the JSON pointer and a description of every value in `value` that JSON
 * cannot hold, so a model built in code can be checked as a document is: functions, symbols,
 * bigints, `undefined` array items, objects that are not plain (a Map, a Date, a class
 * instance), an object that contains itself, and nesting deeper than INPUT_LIMITS.maxDepth. An
 * object property whose value is `undefined` is absent, as in JSON.stringify. Shared
 * objects are fine. A getter is reported, never called. Never throws on plain objects and
 * getters; stops descending where it reports.
 */
export function findNonPlainData(value: unknown, report: (jsonPath: string, what: string) => void): void {
  const ancestors = new Set<object>();
  const walk = (v: unknown, path: string, depth: number): void => {
    switch (typeof v) {
      case "number":
      case "string":
      case "boolean":
        return;
      case "undefined":
        report(path, "undefined");
        return;
      case "function":
        report(path, "a function");
        return;
      case "symbol":
      case "bigint":
        report(path, `a ${typeof v}`);
        return;
      case "object":
        break;
    }
    if (v === null) return;
    if (depth >= INPUT_LIMITS.maxDepth) {
      report(path, `nested deeper than ${INPUT_LIMITS.maxDepth} levels`);
      return;
    }
    if (ancestors.has(v)) {
      report(path, "the object that contains it (a cycle)");
      return;
    }
    const proto = Object.getPrototypeOf(v) as unknown;
    const isArray = Array.isArray(v);
    if (!isArray && proto !== Object.prototype && proto !== null) {
      const name = (v as { constructor?: { name?: unknown } }).constructor?.name;
      report(path, `a ${typeof name === "string" && name !== "" ? name : "non-plain"} object`);
      return;
    }
    ancestors.add(v);
    if (isArray) {
      for (let i = 0; i < v.length; i++) {
        if (isAccessor(v, String(i))) report(`${path}/${i}`, "a getter (an accessor property)");
        else walk(v[i], `${path}/${i}`, depth + 1);
      }
    } else {
      for (const key of Object.keys(v)) {
        const at = `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
        // A getter is code, and may throw: never run it, as JSON holds no such thing.
        if (isAccessor(v, key)) {
          report(at, "a getter (an accessor property)");
          continue;
        }
        const child = (v as Record<string, unknown>)[key];
        if (child !== undefined) walk(child, at, depth + 1);
      }
      for (const s of Object.getOwnPropertySymbols(v)) report(path, `an object with a symbol key (${String(s)})`);
    }
    ancestors.delete(v);
  };
  walk(value, "", 0);
}

/** Whether `key` is an own accessor property of `object` (a getter or setter, not a value). */
function isAccessor(object: object, key: string): boolean {
  const d = Object.getOwnPropertyDescriptor(object, key);
  return d !== undefined && (d.get !== undefined || d.set !== undefined);
}
