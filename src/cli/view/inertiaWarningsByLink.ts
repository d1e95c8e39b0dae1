import type { Diagnostic } from "../../diagnostics/Diagnostic.js";

/** The codes of the rule that compares a link's inertial with its geometry (src/validate/rules/inertiaGeometry.ts). */
export const GEOMETRY_INERTIA_CODES: readonly string[] = [
  "MESH_UNITS_SUSPECT",
  "DENSITY_IMPLAUSIBLE",
  "INERTIA_GEOMETRY_MISMATCH",
  "COM_OUTSIDE_GEOMETRY",
];

/**
 * The geometry-inertia warnings of each link, by link name: a diagnostic with one of
 * {@link GEOMETRY_INERTIA_CODES} belongs to the last `link[@name=…]` of its XML path (the rule
 * reports at the `<inertial>` of a body's root link, or at the `<mesh>` of the link it names).
 * Codes are listed once per link, in the order first seen.
 */
export function inertiaWarningsByLink(diagnostics: readonly Diagnostic[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const d of diagnostics) {
    if (!GEOMETRY_INERTIA_CODES.includes(d.code) || d.xmlPath === undefined) continue;
    const links = [...d.xmlPath.matchAll(/link\[@name=(?:"([^"]*)"|'([^']*)')\]/g)];
    const last = links[links.length - 1];
    const name = last?.[1] ?? last?.[2];
    if (name === undefined) continue;
    const codes = out.get(name) ?? [];
    if (!codes.includes(d.code)) codes.push(d.code);
    out.set(name, codes);
  }
  return out;
}
