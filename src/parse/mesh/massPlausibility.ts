import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { meshDiagnostic } from "./meshDiagnostic.js";
import type { MeshMassProperties } from "./meshMassProperties.js";

/** A mesh wider than this (m, largest bounding-box side after its scale) is likely in millimetres. */
export const MAX_PLAUSIBLE_MESH_EXTENT = 10;

/** Densities (kg/m³) outside this range are no solid material: aerogels and foams are lighter than 100 only when hollow; osmium is 22,590. */
export const PLAUSIBLE_DENSITY: readonly [number, number] = [100, 22_600];

/**
 * Warnings about a measured mesh that loads but is likely wrong: a mesh over
 * {@link MAX_PLAUSIBLE_MESH_EXTENT} across (drawn in millimetres: MESH_UNITS_SUSPECT), and a
 * density outside {@link PLAUSIBLE_DENSITY} (DENSITY_IMPLAUSIBLE), e.g. a mass given for a mesh
 * read in the wrong units.
 *
 * @param density - kg/m³, given or derived from a mass.
 */
export function massPlausibility(properties: MeshMassProperties, density: number, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const extent = Math.max(...properties.size);
  if (extent > MAX_PLAUSIBLE_MESH_EXTENT) {
    out.push(
      meshDiagnostic(
        "meshUnitsSuspect",
        `the mesh is ${extent} m across: likely drawn in millimetres (scale 0.001 would make it ${extent / 1000} m)`,
        file,
      ),
    );
  }
  if (density < PLAUSIBLE_DENSITY[0] || density > PLAUSIBLE_DENSITY[1]) {
    out.push(
      meshDiagnostic(
        "densityImplausible",
        `density ${density} kg/m³ (mass ${density * properties.volume} kg over volume ${properties.volume} m³) is outside ${PLAUSIBLE_DENSITY[0]}–${PLAUSIBLE_DENSITY[1]} kg/m³`,
        file,
      ),
    );
  }
  return out;
}
