/**
 * A number as a TypeScript expression JavaScript reads back as the same double: the shortest
 * round-trip form, `-0` kept, `NaN`/`Infinity` by name (generated modules never declare those
 * names; see TsIdentifiers).
 */
export function tsNumber(x: number): string {
  return Object.is(x, -0) ? "-0" : String(x);
}
