import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { mjcfNames } from "../../src/emit/mjcf/mjcfNames.js";
import type { Robot } from "../../src/model/Robot.js";
import type { MjObjKind } from "../../src/sim/mujoco/mjtObj.js";
import type { SimulationSession } from "../../src/sim/SimulationSession.js";

const here = dirname(fileURLToPath(import.meta.url));
const source = join(here, "dartHarness.cc");
const pkgModules = ["ignition-physics5", "ignition-plugin1-loader", "sdformat12"];

/** The dartsim engine plugin of ignition-physics 5, as Debian installs it. */
export const dartPluginPath =
  "/usr/lib/x86_64-linux-gnu/ign-physics-5/engine-plugins/libignition-physics5-dartsim-plugin.so.5";

/**
 * Gain (1/s) of the position loop on a velocity command that drives position-controlled
 * joints in DART: v = gain·(target − q), clamped to the joint's SDF velocity limit. This is
 * how gz_ros2_control drives a position interface; 20 s⁻¹ settles a step in about 0.15 s,
 * the order of MuJoCo's kp = 50 N·m/rad servo on MARIO's steering (an assumption, stated).
 */
export const positionLoopGain = 20;

/**
 * Why the DART harness cannot be built here (a missing compiler or ignition-physics),
 * or undefined when it can.
 */
export function dartUnavailable(): string | undefined {
  if (spawnSync("sh", ["-c", "command -v g++ && command -v pkg-config"], { stdio: "ignore" }).status !== 0)
    return "g++ or pkg-config is missing";
  if (spawnSync("pkg-config", ["--exists", ...pkgModules]).status !== 0)
    return `pkg-config finds no ${pkgModules.join(", ")} (libignition-physics-dev, libsdformat-dev)`;
  if (!existsSync(dartPluginPath))
    return `no dartsim plugin at ${dartPluginPath} (libignition-physics5-dartsim-plugin5)`;
  return undefined;
}

/**
 * Compiles test/dart/dartHarness.cc once per source version into the temp folder and
 * returns the binary's path.
 */
export function buildDartHarness(): string {
  const text = readFileSync(source);
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 16);
  const dir = join(tmpdir(), `robokit-dart-${hash}`);
  const binary = join(dir, "dartHarness");
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const flags = spawnSync("pkg-config", ["--cflags", "--libs", ...pkgModules], { encoding: "utf8" })
    .stdout.trim()
    .split(/\s+/);
  const tmp = `${binary}.${process.pid}`;
  const cc = spawnSync("g++", ["-O2", "-std=c++17", source, ...flags, "-o", tmp], { encoding: "utf8" });
  if (cc.status !== 0) throw new Error(`g++ could not build the DART harness:\n${cc.stderr}`);
  renameSync(tmp, binary);
  return binary;
}

/** A joint the harness drives: the model's actuator command decides how. */
interface DrivenJoint {
  readonly joint: string;
  readonly command: "position" | "velocity";
}

/**
 * A {@link SimulationSession} over DART (ignition-physics 5, Gazebo Fortress's physics),
 * running the harness as a child process that steps in lock-step through two FIFOs. Joint
 * addresses are the driven joints' order; the only body is the base link (index 0).
 * Velocity-commanded joints get DART velocity commands (as gz_ros2_control and gz-sim's
 * JointController set them); position-commanded joints a P loop on a velocity command
 * ({@link positionLoopGain}). No sensors: scenarios that read a gyro are refused.
 */
export class DartSession implements SimulationSession {
  readonly timestep: number;
  readonly qpos: Float64Array;
  readonly qvel: Float64Array;
  readonly ctrl: Float64Array;
  readonly sensordata = new Float64Array(0);
  readonly xpos = new Float64Array(3);
  readonly xquat = Float64Array.of(1, 0, 0, 0);
  /** Base link's angular velocity in the world frame (rad/s), after the last step. */
  readonly angularVelocity = new Float64Array(3);
  readonly #joints: readonly DrivenJoint[];
  readonly #index: ReadonlyMap<string, number>;
  readonly #baseLink: string;
  readonly #child: ChildProcess;
  readonly #dir: string;
  readonly #in: number;
  readonly #out: number;
  readonly #buffer = Buffer.alloc(1 << 16);
  #pending = "";
  #closed = false;

  /**
   * @param harness - the binary from {@link buildDartHarness}.
   * @param worldSdf - an SDF world holding the robot as a model named `robot.name`.
   * @param robot - the robot (driven joints and their commands are read from it).
   * @param baseLink - the link whose pose is the robot's pose.
   * @param timestep - DART's step (s).
   */
  constructor(harness: string, worldSdf: string, robot: Robot, baseLink: string, timestep: number) {
    this.timestep = timestep;
    this.#baseLink = baseLink;
    this.#joints = (robot.joints ?? []).flatMap((j): DrivenJoint[] => {
      const command = j.actuator?.command;
      return command === "position" || command === "velocity" ? [{ joint: j.name, command }] : [];
    });
    this.#index = new Map(
      this.#joints.flatMap((j, i) => [[j.joint, i] as const, [mjcfNames.actuator(j.joint, j.command), i] as const]),
    );
    const n = this.#joints.length;
    this.qpos = new Float64Array(n);
    this.qvel = new Float64Array(n);
    this.ctrl = new Float64Array(n);
    this.#dir = mkdtempSync(join(tmpdir(), "robokit-dart-run-"));
    const world = join(this.#dir, "world.sdf");
    writeFileSync(world, worldSdf);
    const fifoIn = join(this.#dir, "in");
    const fifoOut = join(this.#dir, "out");
    if (spawnSync("mkfifo", [fifoIn, fifoOut]).status !== 0) throw new Error("mkfifo failed");
    const specs = this.#joints.map((j) =>
      j.command === "position" ? `${j.joint}:p:${String(positionLoopGain)}` : `${j.joint}:v`,
    );
    this.#child = spawn(
      harness,
      [dartPluginPath, world, robot.name, baseLink, String(timestep), fifoIn, fifoOut, ...specs],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    // Open the request FIFO without blocking until the harness has it open for reading, so
    // a harness that dies at start-up is an error, not a hang.
    const deadline = Date.now() + 30_000;
    let fd = -1;
    while (fd < 0) {
      try {
        fd = openSync(fifoIn, constants.O_WRONLY | constants.O_NONBLOCK);
      } catch (error) {
        if (
          (error as NodeJS.ErrnoException).code !== "ENXIO" ||
          this.#child.exitCode !== null ||
          Date.now() > deadline
        ) {
          this.#cleanup();
          throw new Error(`the DART harness did not start (exit ${String(this.#child.exitCode)})`);
        }
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      }
    }
    this.#in = fd;
    this.#out = openSync(fifoOut, "r");
    const first = this.#readLine();
    if (!first.startsWith("ready")) {
      this.dispose();
      throw new Error(`DART refused the world: ${first}`);
    }
    this.forward();
  }

  id(kind: MjObjKind, name: string): number {
    if (kind === "body" && name === this.#baseLink) return 0;
    const i = kind === "actuator" ? this.#index.get(name) : undefined;
    if (i === undefined) throw new RangeError(`the DART session has no ${kind} named "${name}"`);
    return i;
  }

  jointQposAddress(name: string): number {
    const i = this.#index.get(name);
    if (i === undefined) throw new RangeError(`the DART session drives no joint "${name}"`);
    return i;
  }

  jointDofAddress(name: string): number {
    return this.jointQposAddress(name);
  }

  sensorAddress(name: string): { readonly address: number; readonly dimension: number } {
    throw new RangeError(`the DART session reads no sensors (asked for "${name}")`);
  }

  step(steps = 1): void {
    const n = this.#joints.length;
    writeSync(this.#in, `${String(steps)} ${Array.from(this.ctrl, (v) => String(v)).join(" ")}\n`);
    const values = this.#readLine().trim().split(/\s+/).map(Number);
    if (values.length !== 2 * n + 10 || values.some((v) => !Number.isFinite(v)))
      throw new Error(`DART harness: unexpected state line (${values.length} numbers)`);
    for (let i = 0; i < n; i++) {
      this.qpos[i] = values[i] as number;
      this.qvel[i] = values[n + i] as number;
    }
    this.xpos.set(values.slice(2 * n, 2 * n + 3));
    this.xquat.set(values.slice(2 * n + 3, 2 * n + 7));
    this.angularVelocity.set(values.slice(2 * n + 7, 2 * n + 10));
  }

  forward(): void {
    this.step(0);
  }

  /** Stops the harness and removes its files. Idempotent. */
  dispose(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#in);
    closeSync(this.#out);
    this.#cleanup();
  }

  #cleanup(): void {
    this.#child.kill();
    rmSync(this.#dir, { recursive: true, force: true });
  }

  #readLine(): string {
    for (;;) {
      const nl = this.#pending.indexOf("\n");
      if (nl >= 0) {
        const line = this.#pending.slice(0, nl);
        this.#pending = this.#pending.slice(nl + 1);
        return line;
      }
      const got = readSync(this.#out, this.#buffer, 0, this.#buffer.length, null);
      if (got === 0) throw new Error("the DART harness ended early");
      this.#pending += this.#buffer.toString("utf8", 0, got);
    }
  }
}
