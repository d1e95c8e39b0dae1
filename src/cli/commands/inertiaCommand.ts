import { Command, InvalidArgumentError, Option } from "commander";

import { massPlausibility } from "../../parse/mesh/massPlausibility.js";
import {
  massPropertiesAtDensity,
  meshMassProperties,
  type MassProperties,
  type MeshMassProperties,
} from "../../parse/mesh/meshMassProperties.js";
import { DEFAULT_COLLADA_UP_AXIS, type ColladaUpAxis } from "../../parse/mesh/ColladaUpAxis.js";
import { readMesh, type MeshFormat } from "../../parse/mesh/readMesh.js";
import { MESH_LIMITS } from "../../parse/mesh/TriangleMesh.js";
import type { Vec3 } from "../../model/Vector.js";
import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { escapeTerminal } from "../../diagnostics/escapeTerminal.js";
import { formatDiagnostic } from "../../diagnostics/formatDiagnostic.js";
import { formatNumber } from "../../util/formatNumber.js";
import { InputError, IoError, UsageError } from "../errors.js";
import { readRegularFile } from "../resolve/readRegularFile.js";
import { helpExamples } from "../helpExamples.js";

/** Density used when neither `--density` nor `--mass` is given: water, kg/m³. */
export const DEFAULT_DENSITY = 1000;

/** Options of `robokit inertia`. */
interface InertiaOptions {
  readonly density?: number;
  readonly mass?: number;
  readonly scale?: Vec3;
  readonly format: "text" | "json";
  readonly colladaUpAxis: ColladaUpAxis;
}

/** One mesh's answer. */
interface MeshReport extends MassProperties {
  readonly file: string;
  readonly format: MeshFormat;
  readonly volume: number;
  readonly density: number;
  readonly method: MeshMassProperties["method"];
  /** COLLADA only: the `<up_axis>` the file declares, and whether it was applied. */
  readonly upAxis?: { readonly declared: "X_UP" | "Y_UP" | "Z_UP"; readonly mode: ColladaUpAxis };
}

function positive(what: string): (value: string) => number {
  return (value) => {
    const n = value.trim() === "" ? Number.NaN : Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`${what} "${value}" is not a positive number`);
    return n;
  };
}

/** `--scale`: one factor for all axes, or three (`sx,sy,sz` or `"sx sy sz"`), none zero. */
function scaleOption(value: string): Vec3 {
  const parts = value
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const ok = (parts.length === 1 || parts.length === 3) && parts.every((n) => Number.isFinite(n) && n !== 0);
  if (!ok) throw new InvalidArgumentError(`scale "${value}" is not one or three non-zero numbers`);
  return parts.length === 1 ? [parts[0]!, parts[0]!, parts[0]!] : [parts[0]!, parts[1]!, parts[2]!];
}

/**
 * `robokit inertia MESH… [--density D | --mass M] [--scale S] [--format text|json]`: the mass
 * properties of the homogeneous solid each mesh (STL, OBJ, COLLADA) bounds, in SI units: volume
 * (m³), mass (kg), centre of mass (m) and the inertia tensor about it (kg·m², mesh axes, URDF
 * signs). Density 1000 kg/m³ unless given; `--mass` sets each mesh's mass instead. A COLLADA
 * file's `<up_axis>` is ignored, as Gazebo and RViz ignore it, unless `--collada-up-axis apply`
 * turns it to +z as the COLLADA spec says; the output names the mode and the declared axis.
 */
export function inertiaCommand(): Command {
  return new Command("inertia")
    .description("mass, centre of mass and inertia tensor of the solid a closed mesh (STL, OBJ, DAE) bounds")
    .addHelpText(
      "after",
      helpExamples("robokit inertia wheel.stl --mass 1.2", "robokit inertia base.dae --density 2700 -f json"),
    )
    .argument("<meshes...>", "mesh files: .stl (binary or ASCII), .obj, .dae")
    .option("--density <kg/m³>", `density (default ${DEFAULT_DENSITY} kg/m³, water)`, positive("density"))
    .option("--mass <kg>", "mass of each mesh's solid, instead of a density", positive("mass"))
    .option("--scale <s>", "scale as in URDF/SDF <mesh scale>: one factor or sx,sy,sz (negative mirrors)", scaleOption)
    .addOption(new Option("-f, --format <format>", "output format").choices(["text", "json"]).default("text"))
    .addOption(
      new Option(
        "--collada-up-axis <mode>",
        "COLLADA <up_axis>: ignore (as Gazebo and RViz load the file) or apply (turn it to +z, as the COLLADA spec says)",
      )
        .choices(["ignore", "apply"])
        .default(DEFAULT_COLLADA_UP_AXIS),
    )
    .action((meshes: string[], opts: InertiaOptions) => {
      if (opts.density !== undefined && opts.mass !== undefined)
        throw new UsageError("give --density or --mass, not both");
      if (opts.density === undefined && opts.mass === undefined) {
        process.stderr.write(
          `robokit: neither --density nor --mass given: density ${DEFAULT_DENSITY} kg/m³ (water) assumed\n`,
        );
      }
      const reports: MeshReport[] = [];
      const errors: Diagnostic[] = [];
      for (const file of meshes) {
        const { report, diagnostics } = measure(file, opts);
        for (const d of diagnostics) {
          if (d.severity === "error") errors.push(d);
          else process.stderr.write(`${formatDiagnostic(d)}\n`);
        }
        if (report !== undefined) reports.push(report);
      }
      // All or nothing: one bad mesh prints no numbers for the others.
      if (errors.length > 0)
        throw new InputError(
          `${errors.length === 1 ? "a mesh" : `${errors.length} meshes`} could not be measured`,
          errors,
        );
      if (opts.format === "json") {
        const json = reports.map(toJson);
        process.stdout.write(
          `${JSON.stringify(json.length === 1 ? json[0] : json, (_k, v: unknown) => (typeof v === "number" ? Number(formatNumber(v)) : v), 2)}\n`,
        );
      } else {
        process.stdout.write(reports.map((r) => toText(r, opts)).join("\n"));
      }
    });
}

function measure(file: string, opts: InertiaOptions): { report?: MeshReport; diagnostics: Diagnostic[] } {
  const read = readRegularFile(file, MESH_LIMITS.maxBytes);
  if ("problem" in read) {
    if (read.problem === "too-large") {
      return {
        diagnostics: [
          {
            code: "MESH_TOO_LARGE",
            severity: "error",
            message: `the file has ${read.detail}; robokit reads meshes of at most ${MESH_LIMITS.maxBytes} bytes`,
            file,
          },
        ],
      };
    }
    if (read.problem === "unreadable" && read.detail === "ENOENT")
      return { diagnostics: [{ code: "FILE_READ_ERROR", severity: "error", message: "file not found", file }] };
    throw new IoError(`cannot read ${file}: ${read.problem === "not-regular" ? `it is ${read.detail}` : read.detail}`);
  }
  const mesh = readMesh(read.bytes, file, MESH_LIMITS, { upAxis: opts.colladaUpAxis });
  if (mesh.mesh === undefined || mesh.format === undefined) return { diagnostics: mesh.diagnostics };
  const measured = meshMassProperties(mesh.mesh, file, opts.scale === undefined ? {} : { scale: opts.scale });
  const diagnostics = [...mesh.diagnostics, ...measured.diagnostics];
  const p = measured.properties;
  if (p === undefined) return { diagnostics };
  const density = opts.mass !== undefined ? opts.mass / p.volume : (opts.density ?? DEFAULT_DENSITY);
  const atDensity = massPropertiesAtDensity(p, density);
  const i = atDensity.inertia;
  if (![density, atDensity.mass, i.ixx, i.iyy, i.izz, i.ixy, i.ixz, i.iyz].every(Number.isFinite)) {
    const given = opts.mass !== undefined ? `--mass ${opts.mass} kg` : `density ${density} kg/m³`;
    return {
      diagnostics: [
        ...diagnostics,
        {
          code: "NUMBER_NOT_FINITE",
          severity: "error",
          message: `${given} over a volume of ${p.volume} m³ gives a density, mass or inertia that overflows a double (NaN or infinite)`,
          file,
        },
      ],
    };
  }
  diagnostics.push(...massPlausibility(p, density, file));
  return {
    report: {
      file,
      format: mesh.format,
      volume: p.volume,
      density,
      method: p.method,
      ...(mesh.upAxis === undefined ? {} : { upAxis: { declared: mesh.upAxis, mode: opts.colladaUpAxis } }),
      ...atDensity,
    },
    diagnostics,
  };
}

function toJson(r: MeshReport): Record<string, unknown> {
  const i = r.inertia;
  return {
    file: r.file,
    format: r.format,
    method: r.method,
    ...(r.upAxis === undefined ? {} : { colladaUpAxis: r.upAxis.mode, declaredUpAxis: r.upAxis.declared }),
    volume: r.volume,
    density: r.density,
    mass: r.mass,
    com: [...r.com],
    inertia: { ixx: i.ixx, iyy: i.iyy, izz: i.izz, ixy: i.ixy, ixz: i.ixz, iyz: i.iyz },
  };
}

function toText(r: MeshReport, opts: InertiaOptions): string {
  const n = formatNumber;
  const i = r.inertia;
  const source =
    opts.mass !== undefined
      ? "from --mass"
      : opts.density !== undefined
        ? "from --density"
        : "default: neither --density nor --mass given";
  const method = r.method === "closed-mesh" ? "closed mesh, exact" : "NOT closed: axis-aligned bounding box";
  const up =
    r.upAxis === undefined
      ? ""
      : r.upAxis.mode === "ignore"
        ? `, <up_axis>${r.upAxis.declared}</up_axis> ignored as Gazebo does`
        : `, <up_axis>${r.upAxis.declared}</up_axis> applied (turned to +z)`;
  return [
    `${escapeTerminal(r.file)} (${r.format}, ${method}${up})`,
    `  volume   ${n(r.volume)} m³`,
    `  density  ${n(r.density)} kg/m³ (${source})`,
    `  mass     ${n(r.mass)} kg`,
    `  com      ${r.com.map(n).join(" ")} m (mesh axes)`,
    `  inertia  ixx ${n(i.ixx)}  iyy ${n(i.iyy)}  izz ${n(i.izz)}  ixy ${n(i.ixy)}  ixz ${n(i.ixz)}  iyz ${n(i.iyz)} kg·m² (about the com, mesh axes)`,
    `  URDF     <inertial><origin xyz="${r.com.map(n).join(" ")}" rpy="0 0 0"/><mass value="${n(r.mass)}"/><inertia ixx="${n(i.ixx)}" ixy="${n(i.ixy)}" ixz="${n(i.ixz)}" iyy="${n(i.iyy)}" iyz="${n(i.iyz)}" izz="${n(i.izz)}"/></inertial>`,
    "",
  ].join("\n");
}
