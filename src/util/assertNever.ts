/**
 * The exhaustiveness guard of a `switch` on a discriminant: the compiler proves the call
 * unreachable, and at run time a value that escaped the type (a module built without
 * type-checking) is a TypeError naming it instead of a silent fall-through.
 *
 * @param value - the discriminated value no case matched, or the object it discriminates
 *   (then its `type` is named)
 * @param what - what the value is, for the message (e.g. "joint type")
 */
export function assertNever(value: never, what = "value"): never {
  const v: unknown = value;
  const shown = typeof v === "object" && v !== null && "type" in v ? (v as { readonly type: unknown }).type : v;
  throw new TypeError(`unhandled ${what}: ${JSON.stringify(shown)}`);
}
