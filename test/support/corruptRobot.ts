import fc from "fast-check";

/** How one field of a valid robot is broken. */
export type CorruptionKind = "wrong-type" | "unknown-discriminant" | "extra-field" | "tuple-length";

/** A valid robot with exactly one field broken, and the JSON pointer a check must name. */
export interface Corruption {
  readonly kind: CorruptionKind;
  /** The JSON pointer of the broken field (for an extra field, the field added). */
  readonly pointer: string;
  readonly robot: unknown;
}

/** The name of the field {@link corruptionArbitrary} adds to an object. */
export const EXTRA_FIELD = "unexpectedField";

/** Fixed-length number tuples of the model (Vec3, Rgba, a box's size). */
const TUPLE_KEYS = new Set(["xyz", "rpy", "rgba", "axis", "size", "scale", "normal"]);

interface Place {
  readonly pointer: string;
  readonly key: string;
  readonly value: unknown;
}

function places(data: unknown): Place[] {
  const out: Place[] = [{ pointer: "", key: "", value: data }];
  const walk = (value: unknown, pointer: string): void => {
    if (typeof value !== "object" || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      const at = `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      out.push({ pointer: at, key, value: child });
      walk(child, at);
    }
  };
  walk(data, "");
  return out;
}

function setAt(data: unknown, pointer: string, value: unknown): void {
  const parts = pointer.split("/").slice(1);
  const last = parts.pop()!;
  let at = data as Record<string, unknown>;
  for (const p of parts) at = at[p] as Record<string, unknown>;
  at[last] = value;
}

function valueOfAnotherType(value: unknown): unknown {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return 7;
  if (typeof value === "boolean") return "yes";
  if (Array.isArray(value)) return "list";
  return 42;
}

/**
 * A robot from `bases` (plain JSON data, valid) with exactly one field broken: a value of the
 * wrong JSON type, an unknown `type` discriminant, an extra field on an object, or a tuple one
 * number short.
 */
export function corruptionArbitrary(bases: readonly unknown[]): fc.Arbitrary<Corruption> {
  return fc
    .record({
      base: fc.nat({ max: bases.length - 1 }),
      kind: fc.constantFrom<CorruptionKind>("wrong-type", "unknown-discriminant", "extra-field", "tuple-length"),
      pick: fc.nat(),
    })
    .map(({ base, kind, pick }) => {
      const robot = structuredClone(bases[base]);
      const all = places(robot);
      const candidates = all.filter((p) => {
        switch (kind) {
          case "wrong-type":
            return p.pointer !== "";
          case "unknown-discriminant":
            return p.key === "type" && typeof p.value === "string";
          case "extra-field":
            return typeof p.value === "object" && p.value !== null && !Array.isArray(p.value);
          case "tuple-length":
            return TUPLE_KEYS.has(p.key) && Array.isArray(p.value) && p.value.every((v) => typeof v === "number");
        }
      });
      const place = candidates[pick % candidates.length]!;
      switch (kind) {
        case "wrong-type":
          setAt(robot, place.pointer, valueOfAnotherType(place.value));
          return { kind, pointer: place.pointer, robot };
        case "unknown-discriminant":
          setAt(robot, place.pointer, `${String(place.value)}x`);
          return { kind, pointer: place.pointer, robot };
        case "extra-field":
          (place.value as Record<string, unknown>)[EXTRA_FIELD] = 1;
          return { kind, pointer: `${place.pointer}/${EXTRA_FIELD}`, robot };
        case "tuple-length":
          setAt(robot, place.pointer, (place.value as number[]).slice(0, -1));
          return { kind, pointer: place.pointer, robot };
      }
    });
}
