import type { MainModule, MjData, MjModel } from "mujoco-js";

import { checkMjcf } from "../../emit/mjcf/checkMjcf.js";
import { takeMujocoMessages } from "./loadMujoco.js";
import type { SimulationSession } from "../SimulationSession.js";
import { MJ_OBJ, type MjObjKind } from "./mjtObj.js";
import { MjcfLoadError } from "./MjcfLoadError.js";

let fileCounter = 0;

/** Element counts of a compiled model (the world body included in `bodies`). */
export interface MujocoCounts {
  readonly bodies: number;
  readonly joints: number;
  readonly actuators: number;
  readonly sensors: number;
  readonly geoms: number;
  /** Position coordinates (nq) and degrees of freedom (nv). */
  readonly nq: number;
  readonly nv: number;
}

/**
 * One compiled MuJoCo model and its simulation state (mujoco-js). Arrays are returned as
 * live Float64Array views onto WebAssembly memory: read them right away, and fetch them
 * again after stepping (a view is invalidated if the memory ever grows).
 *
 * Call {@link MujocoSession.dispose} when done: the model lives outside the JS heap.
 */
export class MujocoSession implements SimulationSession {
  readonly #mj: MainModule;
  readonly #model: MjModel;
  readonly #data: MjData;
  #disposed = false;
  /** Compiled counts. */
  readonly counts: MujocoCounts;
  /** Integration step (s). */
  readonly timestep: number;

  private constructor(mj: MainModule, model: MjModel, data: MjData) {
    this.#mj = mj;
    this.#model = model;
    this.#data = data;
    this.counts = Object.freeze({
      bodies: model.nbody,
      joints: model.njnt,
      actuators: model.nu,
      sensors: model.nsensor,
      geoms: model.ngeom,
      nq: model.nq,
      nv: model.nv,
    });
    this.timestep = model.opt.timestep;
  }

  /**
   * Compiles MJCF text. On failure throws {@link MjcfLoadError} naming `label` and listing
   * what {@link checkMjcf} found, since MuJoCo's WebAssembly build gives no reason itself.
   *
   * @param mj - the module from {@link loadMujoco}.
   * @param xml - MJCF text (self-contained: no external mesh files).
   * @param label - what the text is, for messages (e.g. "mjcf/mario.xml").
   */
  static open(mj: MainModule, xml: string, label: string): MujocoSession {
    const dir = "/robokit";
    const fs = mj.FS;
    if (!fs.analyzePath(dir, false).exists) fs.mkdir(dir);
    fileCounter += 1;
    const path = `${dir}/model_${fileCounter}.xml`;
    fs.writeFile(path, xml);
    let model: MjModel | null = null;
    let reason = "";
    takeMujocoMessages();
    try {
      model = mj.MjModel.loadFromXML(path);
      if (model === null) {
        const said = takeMujocoMessages().join(" ").replace(/\s+/g, " ").trim();
        reason = `MuJoCo could not parse it${said === "" ? "" : ` (${said})`}`;
      }
    } catch (error) {
      const kind = error instanceof Error ? error.name : String(error);
      reason = `MuJoCo refused to compile it (${kind}, no message from the WebAssembly build)`;
      model = null;
    } finally {
      fs.unlink(path);
    }
    if (model === null) {
      const problems = checkMjcf(xml, label);
      const found =
        problems.length === 0
          ? "robokit's own MJCF check found nothing; load the file in MuJoCo 2.2.2 (mujoco-testxml) for the compiler's message"
          : `robokit's MJCF check found:\n${problems.map((p) => `  ${label}:${p.line}:${p.column}: ${p.message}`).join("\n")}`;
      throw new MjcfLoadError(`${label}: ${reason}; ${found}`, problems);
    }
    const data = new mj.MjData(model);
    return new MujocoSession(mj, model, data);
  }

  /** Index of a named element. @throws RangeError when there is none. */
  id(kind: MjObjKind, name: string): number {
    const i = this.#mj.mj_name2id(this.#model, MJ_OBJ[kind], name);
    if (i < 0) throw new RangeError(`MuJoCo model has no ${kind} named "${name}"`);
    return i;
  }

  /** Address of a joint's first coordinate in qpos. */
  jointQposAddress(name: string): number {
    return (this.#model.jnt_qposadr as Int32Array)[this.id("joint", name)] as number;
  }

  /** Address of a joint's first degree of freedom in qvel. */
  jointDofAddress(name: string): number {
    return (this.#model.jnt_dofadr as Int32Array)[this.id("joint", name)] as number;
  }

  /** Address and dimension of a named sensor in sensordata. */
  sensorAddress(name: string): { readonly address: number; readonly dimension: number } {
    const i = this.id("sensor", name);
    return {
      address: (this.#model.sensor_adr as Int32Array)[i] as number,
      dimension: (this.#model.sensor_dim as Int32Array)[i] as number,
    };
  }

  /** Generalized positions (free joint: x y z, then quaternion w x y z). */
  get qpos(): Float64Array {
    return this.#data.qpos as Float64Array;
  }

  /** Generalized velocities (free joint: linear velocity in world, angular velocity in the body frame). */
  get qvel(): Float64Array {
    return this.#data.qvel as Float64Array;
  }

  /** Actuator controls, in actuator order. */
  get ctrl(): Float64Array {
    return this.#data.ctrl as Float64Array;
  }

  /** Sensor outputs. */
  get sensordata(): Float64Array {
    return this.#data.sensordata as Float64Array;
  }

  /** World positions of body frames, 3 per body. */
  get xpos(): Float64Array {
    return this.#data.xpos as Float64Array;
  }

  /** World orientations of body frames, [w x y z] per body. */
  get xquat(): Float64Array {
    return this.#data.xquat as Float64Array;
  }

  /** World rotation matrices of cameras, row-major 9 per camera. */
  get camXmat(): Float64Array {
    return this.#data.cam_xmat as Float64Array;
  }

  /** Mass of each body (kg). */
  get bodyMass(): Float64Array {
    return this.#model.body_mass as Float64Array;
  }

  /** Bytes MuJoCo allocated for this model (mj_sizeModel) and its data (buffer + arena). */
  get memoryBytes(): { readonly model: number; readonly data: number } {
    return { model: this.#mj.mj_sizeModel(this.#model), data: Number(this.#data.nbuffer) + Number(this.#data.narena) };
  }

  /** Simulated time (s). */
  get time(): number {
    return this.#data.time;
  }

  /** Advances the simulation by `steps` integration steps. */
  step(steps = 1): void {
    for (let k = 0; k < steps; k++) this.#mj.mj_step(this.#model, this.#data);
  }

  /** Recomputes derived quantities (poses, sensors) without advancing time. */
  forward(): void {
    this.#mj.mj_forward(this.#model, this.#data);
  }

  /** Frees the model and data; the session is unusable afterwards. Idempotent. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#data.delete();
    this.#model.delete();
  }
}
