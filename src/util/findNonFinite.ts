/**
 * Calls `report` with the JSON pointer (RFC 6901) and the value of every NaN or ±Infinity in plain data
 * (YAML `.nan`, `.inf`, or a number computed by a robot module), in document order. One walk;
 * the pointer is built only for a value that is reported, not a string per value.
 *
 * @param path - pointer prefix of `value` ("" for the document root).
 */
export function findNonFinite(value: unknown, report: (jsonPath: string, value: number) => void, path = ""): void {
  findNumbers(value, (n) => !Number.isFinite(n), report, path);
}

/**
 * Calls `report` with the JSON pointer (RFC 6901) and the value of every number in plain data
 * for which `matches` holds, in document order; as {@link findNonFinite}, in one walk.
 *
 * @param path - pointer prefix of `value` ("" for the document root).
 */
export function findNumbers(
  value: unknown,
  matches: (n: number) => boolean,
  report: (jsonPath: string, value: number) => void,
  path = "",
): void {
  walk(value, [], matches, (segments, n) =>
    report(path + segments.map((k) => `/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`).join(""), n),
  );
}

function walk(
  value: unknown,
  segments: string[],
  matches: (n: number) => boolean,
  report: (segments: readonly string[], value: number) => void,
): void {
  if (typeof value === "number") {
    if (matches(value)) report(segments, value);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      segments.push(String(i));
      walk(value[i], segments, matches, report);
      segments.pop();
    }
  } else if (typeof value === "object" && value !== null) {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      segments.push(key);
      walk((value as Record<string, unknown>)[key], segments, matches, report);
      segments.pop();
    }
  }
}
