import type { Robot } from "../../src/model/Robot.js";
import type { Diagnostic } from "../../src/diagnostics/Diagnostic.js";
import type { LinkInertiaBoxes } from "../../src/model/linkInertiaBoxes.js";

/** The scene JSON of `GET /api/scene` (src/cli/view/loadViewScene.ts). */
export interface SceneJson {
  readonly name: string;
  readonly source: string;
  readonly format: "robot" | "urdf" | "sdf";
  readonly urdf: string;
  readonly robot: Robot | null;
  readonly diagnostics: readonly Diagnostic[];
  readonly drive: {
    readonly type: string;
    readonly steerJoints: readonly string[];
    readonly wheelJoints: readonly string[];
  } | null;
  readonly trace: { readonly columns: readonly string[]; readonly data: readonly (readonly number[])[] } | null;
  readonly unresolvedMeshes: readonly string[];
  /** Inertia boxes per link with an inertial (src/cli/view/loadViewScene.ts ViewLinkInertia). */
  readonly inertia: readonly (LinkInertiaBoxes & { readonly warnings: readonly string[] })[];
  readonly generation: number;
}

/** `GET /api/ik` (the body of `robokit ik --json`). */
export interface IkJson {
  readonly drive: string;
  /** Absent when the drive cannot follow the twist (then `error` says why). */
  readonly wheels?: readonly {
    readonly steerJoint?: string;
    readonly wheelJoint?: string;
    readonly angle: number;
    readonly wheelRate?: number;
  }[];
  readonly error?: string;
}
