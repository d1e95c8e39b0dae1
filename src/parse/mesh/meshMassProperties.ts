import type { InertiaTensor } from "../../model/Inertial.js";
import { boxInertia } from "../../model/inertia.js";
import type { Vec3 } from "../../model/Vector.js";
import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { checkClosedMesh } from "./checkClosedMesh.js";
import { orientShells, type ShellOrientation } from "./orientShells.js";
import { weldVertices } from "./weldVertices.js";
import { meshDiagnostic } from "./meshDiagnostic.js";
import type { TriangleMesh } from "./TriangleMesh.js";
import type { MeshMassProperties } from "../../model/MeshMassProperties.js";

export type { MeshMassProperties } from "../../model/MeshMassProperties.js";

/** Mass, centre of mass (m) and inertia about it (kg·m²), mesh axes. */
export interface MassProperties {
  /** kg. */
  readonly mass: number;
  readonly com: Vec3;
  readonly inertia: InertiaTensor;
}

/** What {@link meshMassProperties} returns: the properties unless an error made them meaningless. */
export interface MeshMassPropertiesResult {
  readonly properties?: MeshMassProperties;
  readonly diagnostics: Diagnostic[];
}

/** How the mesh is placed before it is measured. */
export interface MeshMassOptions {
  /**
   * The URDF/SDF `<mesh scale>`, per axis (unitless). A negative product mirrors the mesh, which
   * turns its triangles inside out; that is undone, so a mirrored solid is still a solid.
   */
  readonly scale?: Vec3;
}

/**
 * Volume, centre of mass and inertia about it of the solid a closed triangle mesh bounds, by the
 * divergence theorem: the mesh is cut into signed tetrahedra from a reference point (the centre
 * of its bounding box, so that a mesh far from its origin keeps its precision), whose volume,
 * first and second moments have closed forms (the method of Tonon 2004 and of Eberly's
 * "Polyhedral Mass Properties"). Exact, up to rounding, for any closed, consistently oriented
 * mesh, convex or not.
 *
 * Checks: an open, non-manifold or inconsistently oriented mesh (see {@link checkClosedMesh})
 * has no defined volume: MESH_NOT_CLOSED, and the properties of its axis-aligned bounding box;
 * a closed mesh whose normals point inward (negative volume) is flipped, with MESH_INVERTED;
 * a mesh of zero volume, or a zero scale, is MESH_INVALID and gives nothing.
 */
export function meshMassProperties(
  mesh: TriangleMesh,
  file: string,
  options: MeshMassOptions = {},
): MeshMassPropertiesResult {
  const result = measure(mesh, file, options);
  const p = result.properties;
  if (p === undefined) return result;
  const u = p.unitInertia;
  const values = [p.volume, ...p.com, ...p.size, u.ixx, u.iyy, u.izz, u.ixy, u.ixz, u.iyz];
  if (values.every(Number.isFinite)) return result;
  const scale = options.scale === undefined ? "" : ` at the scale ${options.scale.join(" ")}`;
  return {
    diagnostics: [
      ...result.diagnostics.filter((d) => d.code !== "MESH_UNITS_SUSPECT"),
      meshDiagnostic(
        "numberNotFinite",
        `the mesh${scale} spans ${p.size.join(" × ")} m: its volume or inertia overflows a double (NaN or infinite); no simulator can use it`,
        file,
      ),
    ],
  };
}

function measure(mesh: TriangleMesh, file: string, options: MeshMassOptions): MeshMassPropertiesResult {
  const [sx, sy, sz] = options.scale ?? [1, 1, 1];
  if (!(sx !== 0 && sy !== 0 && sz !== 0 && Number.isFinite(sx * sy * sz))) {
    return {
      diagnostics: [
        meshDiagnostic(
          "meshEmpty",
          `the scale ${sx} ${sy} ${sz} has a zero or non-finite factor: the solid has no volume`,
          file,
        ),
      ],
    };
  }
  const { positions, indices } = mesh;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let t = 0; t < indices.length; t++) {
    const v = indices[t]!;
    const p = [positions[3 * v]! * sx, positions[3 * v + 1]! * sy, positions[3 * v + 2]! * sz];
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, p[k]!);
      max[k] = Math.max(max[k]!, p[k]!);
    }
  }
  if (indices.length === 0) return { diagnostics: [meshDiagnostic("meshEmpty", "the mesh has no triangles", file)] };
  if (!hasArea(positions, indices))
    return {
      diagnostics: [meshDiagnostic("meshEmpty", "every triangle of the mesh has zero area: it bounds no solid", file)],
    };
  const size: Vec3 = [max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!];
  const centre: Vec3 = [(max[0]! + min[0]!) / 2, (max[1]! + min[1]!) / 2, (max[2]! + min[2]!) / 2];
  const welded = weldVertices(positions);
  const check = checkClosedMesh(mesh, welded);
  if (!check.closed) {
    const boxVolume = size[0] * size[1] * size[2];
    const problems = [
      check.boundaryEdges > 0 ? `${check.boundaryEdges} edges on a hole` : "",
      check.nonManifoldEdges > 0 ? `${check.nonManifoldEdges} edges of three or more triangles` : "",
      check.misorientedEdges > 0 ? `${check.misorientedEdges} edges whose two triangles disagree in orientation` : "",
    ].filter((s) => s !== "");
    const what = `the mesh is not closed (${problems.join(", ")})`;
    if (!(boxVolume > 0))
      return {
        diagnostics: [
          meshDiagnostic("meshEmpty", `${what}, and its bounding box is flat: no volume to fall back to`, file),
        ],
      };
    return {
      properties: {
        volume: boxVolume,
        com: centre,
        size,
        unitInertia: boxInertia(boxVolume, size),
        method: "bounding-box",
      },
      diagnostics: [
        meshDiagnostic(
          "meshNotClosed",
          `${what}; mass properties fall back to its axis-aligned bounding box (${size.join(" × ")} m)`,
          file,
        ),
      ],
    };
  }
  // Sums over tetrahedra (reference point, a, b, c): 6V, 24 × first moment, 120 × second moments.
  const mirror = sx * sy * sz < 0 ? -1 : 1;
  const shells = orientShells(mesh, welded, mirror);
  let v6 = 0;
  let fx = 0,
    fy = 0,
    fz = 0;
  let xx = 0,
    yy = 0,
    zz = 0,
    xy = 0,
    xz = 0,
    yz = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const ia = 3 * indices[t]!;
    const ib = 3 * indices[t + 1]!;
    const ic = 3 * indices[t + 2]!;
    const ax = positions[ia]! * sx - centre[0],
      ay = positions[ia + 1]! * sy - centre[1],
      az = positions[ia + 2]! * sz - centre[2];
    const bx = positions[ib]! * sx - centre[0],
      by = positions[ib + 1]! * sy - centre[1],
      bz = positions[ib + 2]! * sz - centre[2];
    const cx = positions[ic]! * sx - centre[0],
      cy = positions[ic + 1]! * sy - centre[1],
      cz = positions[ic + 2]! * sz - centre[2];
    // det [a b c] = a · (b × c): six times the signed volume of the tetrahedron.
    const det =
      mirror *
      shells.triangleSign[t / 3]! *
      (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx));
    const tx = ax + bx + cx,
      ty = ay + by + cy,
      tz = az + bz + cz;
    v6 += det;
    fx += det * tx;
    fy += det * ty;
    fz += det * tz;
    // ∫ x_i x_j dV over the tetrahedron = det/120 · (s_i s_j + a_i a_j + b_i b_j + c_i c_j), s = a + b + c.
    xx += det * (tx * tx + ax * ax + bx * bx + cx * cx);
    yy += det * (ty * ty + ay * ay + by * by + cy * cy);
    zz += det * (tz * tz + az * az + bz * bz + cz * cz);
    xy += det * (tx * ty + ax * ay + bx * by + cx * cy);
    xz += det * (tx * tz + ax * az + bx * bz + cx * cz);
    yz += det * (ty * tz + ay * az + by * bz + cy * cz);
  }
  const diagnostics: Diagnostic[] = shellDiagnostics(shells, file);
  let sign = 1;
  const boxVolume = size[0] * size[1] * size[2];
  // Rounding leaves a closed flat mesh a volume of order 1e-16 of its box: that is zero.
  if (!(Math.abs(v6 / 6) > 1e-12 * boxVolume) || !(boxVolume > 0)) {
    return { diagnostics: [meshDiagnostic("meshEmpty", "the closed mesh encloses no volume", file)] };
  }
  if (v6 < 0) {
    sign = -1;
    diagnostics.push(meshDiagnostic("meshInverted", `the mesh's triangles face inward (volume ${v6 / 6} m³)`, file));
  }
  const volume = (sign * v6) / 6;
  const first: Vec3 = [(sign * fx) / 24, (sign * fy) / 24, (sign * fz) / 24];
  const d: Vec3 = [first[0] / volume, first[1] / volume, first[2] / volume];
  // Second moments about the centre of mass (parallel-axis theorem, from the reference point).
  const cxx = (sign * xx) / 120 - volume * d[0] * d[0];
  const cyy = (sign * yy) / 120 - volume * d[1] * d[1];
  const czz = (sign * zz) / 120 - volume * d[2] * d[2];
  const cxy = (sign * xy) / 120 - volume * d[0] * d[1];
  const cxz = (sign * xz) / 120 - volume * d[0] * d[2];
  const cyz = (sign * yz) / 120 - volume * d[1] * d[2];
  const unitInertia: InertiaTensor = {
    ixx: cyy + czz,
    iyy: cxx + czz,
    izz: cxx + cyy,
    ixy: -cxy,
    ixz: -cxz,
    iyz: -cyz,
  };
  const com: Vec3 = [centre[0] + d[0], centre[1] + d[1], centre[2] + d[2]];
  return { properties: { volume, com, size, unitInertia, method: "closed-mesh" }, diagnostics };
}

/** The mass properties of the solid at `density` (kg/m³). */
export function massPropertiesAtDensity(properties: MeshMassProperties, density: number): MassProperties {
  const u = properties.unitInertia;
  return {
    mass: density * properties.volume,
    com: properties.com,
    inertia: {
      ixx: density * u.ixx,
      iyy: density * u.iyy,
      izz: density * u.izz,
      ixy: density * u.ixy,
      ixz: density * u.ixz,
      iyz: density * u.iyz,
    },
  };
}

/** True when some triangle has a non-zero area (its edge vectors are not parallel). */
function hasArea(positions: Float64Array, indices: Uint32Array): boolean {
  for (let t = 0; t < indices.length; t += 3) {
    const a = 3 * indices[t]!;
    const b = 3 * indices[t + 1]!;
    const c = 3 * indices[t + 2]!;
    const ux = positions[b]! - positions[a]!,
      uy = positions[b + 1]! - positions[a + 1]!,
      uz = positions[b + 2]! - positions[a + 2]!;
    const vx = positions[c]! - positions[a]!,
      vy = positions[c + 1]! - positions[a + 1]!,
      vz = positions[c + 2]! - positions[a + 2]!;
    if (uy * vz - uz * vy !== 0 || uz * vx - ux * vz !== 0 || ux * vy - uy * vx !== 0) return true;
  }
  return false;
}

/** What {@link orientShells} found, said as warnings. */
function shellDiagnostics(shells: ShellOrientation, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const of = `of the mesh's ${shells.shells} shells`;
  if (shells.flippedWhole)
    out.push(meshDiagnostic("meshInverted", `the mesh's largest shell faces inward: every shell is turned over`, file));
  if (shells.invertedShells > 0)
    out.push(
      meshDiagnostic(
        "meshInverted",
        `${shells.invertedShells} ${of} face inward and lie inside no other shell: they are solids, turned over (left as they are, they would be subtracted)`,
        file,
      ),
    );
  if (shells.overlappingShells > 0)
    out.push(
      meshDiagnostic(
        "meshShellsOverlap",
        `${shells.overlappingShells} ${of} lie inside or across another solid shell: the volume they share is counted once per shell, here and in MuJoCo's mesh inertia`,
        file,
      ),
    );
  return out;
}
