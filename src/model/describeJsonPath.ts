/**
 * Names the model element a JSON pointer points into, and the field within it, for
 * messages: `/joints/3/origin/xyz/1` → `joint "servo1": origin.xyz[1]`. Works on unchecked
 * data (never throws).
 *
 * @returns `{ owner, field }`; `field` is "" when the pointer names the element itself.
 */
export function describeJsonPath(data: unknown, jsonPath: string): { owner: string; field: string } {
  const parts = jsonPath
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  const record = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  const [collection, index] = parts;
  const kinds: Readonly<Record<string, string>> = { links: "link", joints: "joint", materials: "material" };
  const kind = collection === undefined ? undefined : kinds[collection];
  if (kind !== undefined && index !== undefined && /^\d+$/.test(index)) {
    const list = record[collection!];
    const item = Array.isArray(list) ? (list[Number(index)] as Record<string, unknown> | undefined) : undefined;
    const name = typeof item?.["name"] === "string" ? item["name"] : `#${index}`;
    return { owner: `${kind} "${name}"`, field: fieldText(parts.slice(2)) };
  }
  const robotName = typeof record["name"] === "string" ? record["name"] : "";
  return { owner: `robot "${robotName}"`, field: fieldText(parts) };
}

function fieldText(parts: readonly string[]): string {
  return parts.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}
