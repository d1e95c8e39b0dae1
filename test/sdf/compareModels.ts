import type { Geometry } from "../../src/model/Geometry.js";
import { jointAxis, type Joint } from "../../src/model/Joint.js";
import type { Collision, Link, Visual } from "../../src/model/Link.js";
import { IDENTITY_POSE, rotationFromRpy, type Pose } from "../../src/model/Pose.js";
import type { Robot } from "../../src/model/Robot.js";

/** Stands for a limit field the model leaves out (a number, so that absent equals absent). */
const ABSENT = -1e300;

/** What a format can carry; fields it cannot carry are not compared. */
export interface CompareOptions {
  /** Compare material names (URDF keeps them; SDF has only colours). Default true. */
  readonly materialNames?: boolean;
  /** Compare collision surfaces (SDF keeps them; a bare URDF does not). Default true. */
  readonly surfaces?: boolean;
  /** Compare mimic (SDF only from 1.11). Default true. */
  readonly mimic?: boolean;
  /** Compare safety controller, calibration and dynamics of axis-less joints (URDF only). Default true. */
  readonly urdfOnly?: boolean;
  /** Relative tolerance for numbers; default 1e-6 (the formatter keeps 9 significant digits). */
  readonly tolerance?: number;
}

/**
 * Differences between two robots as readable lines (empty when they describe the same
 * robot within `tolerance`). Defaults are applied before comparing (absent origin =
 * identity, absent axis = URDF's [1, 0, 0], absent mimic multiplier = 1, ...), and
 * orientations are compared as rotation matrices, so equivalent rpy triples are equal.
 * Sensors, actuators, drive and package data are not in URDF/SDF files and are not compared.
 */
export function compareModels(a: Robot, b: Robot, options: CompareOptions = {}): string[] {
  const tol = options.tolerance ?? 1e-6;
  const out: string[] = [];
  const eq = (path: string, x: unknown, y: unknown): void => {
    if (x !== y) out.push(`${path}: ${JSON.stringify(x)} ≠ ${JSON.stringify(y)}`);
  };
  const close = (path: string, x: number | undefined, y: number | undefined): void => {
    if (x === undefined || y === undefined) {
      eq(path, x, y);
      return;
    }
    if (Math.abs(x - y) > tol * Math.max(1, Math.abs(x), Math.abs(y))) out.push(`${path}: ${x} ≠ ${y}`);
  };
  const nums = (path: string, x: readonly number[] | undefined, y: readonly number[] | undefined): void => {
    if (x === undefined || y === undefined || x.length !== y.length) {
      eq(path, x, y);
      return;
    }
    x.forEach((v, i) => close(`${path}[${i}]`, v, y[i]));
  };
  const pose = (path: string, p: Pose | undefined, q: Pose | undefined): void => {
    const pp = p ?? IDENTITY_POSE;
    const qq = q ?? IDENTITY_POSE;
    nums(`${path}.xyz`, pp.xyz, qq.xyz);
    nums(`${path}.rotation`, rotationFromRpy(pp.rpy).flat(), rotationFromRpy(qq.rpy).flat());
  };
  const geometry = (path: string, g: Geometry, h: Geometry): void => {
    eq(`${path}.type`, g.type, h.type);
    if (g.type !== h.type) return;
    const numbers = (x: Geometry): number[] => {
      switch (x.type) {
        case "box":
          return [...x.size];
        case "cylinder":
        case "capsule":
          return [x.radius, x.length];
        case "sphere":
          return [x.radius];
        case "mesh":
          return [...(x.scale ?? [1, 1, 1])];
        case "plane":
          return [...x.normal, ...x.size];
      }
    };
    nums(path, numbers(g), numbers(h));
    if (g.type === "mesh" && h.type === "mesh") eq(`${path}.uri`, g.uri, h.uri);
  };
  const material = (r: Robot, v: Visual): string => {
    if (v.material === undefined) return "none";
    const m = (r.materials ?? []).find((x) => x.name === v.material);
    const colour = m === undefined ? "undeclared" : `${m.rgba.join(" ")} ${m.texture ?? ""}`;
    return options.materialNames === false ? colour : `${v.material}: ${colour}`;
  };
  const shapes = <T extends Visual | Collision>(
    path: string,
    xs: readonly T[] | undefined,
    ys: readonly T[] | undefined,
    extra: (p: string, x: T, y: T) => void,
  ): void => {
    const xa = xs ?? [];
    const ya = ys ?? [];
    eq(`${path}.length`, xa.length, ya.length);
    xa.forEach((x, i) => {
      const y = ya[i];
      if (y === undefined) return;
      eq(`${path}[${i}].name`, x.name, y.name);
      pose(`${path}[${i}].origin`, x.origin, y.origin);
      geometry(`${path}[${i}].geometry`, x.geometry, y.geometry);
      extra(`${path}[${i}]`, x, y);
    });
  };
  const link = (path: string, l: Link, m: Link): void => {
    eq(`${path}.name`, l.name, m.name);
    eq(`${path}.inertial?`, l.inertial === undefined, m.inertial === undefined);
    if (l.inertial !== undefined && m.inertial !== undefined) {
      close(`${path}.inertial.mass`, l.inertial.mass, m.inertial.mass);
      pose(`${path}.inertial.origin`, l.inertial.origin, m.inertial.origin);
      const t = (x: typeof l.inertial.inertia): number[] => [x.ixx, x.ixy, x.ixz, x.iyy, x.iyz, x.izz];
      nums(`${path}.inertial.inertia`, t(l.inertial.inertia), t(m.inertial.inertia));
    }
    shapes(`${path}.visuals`, l.visuals, m.visuals, (p, x, y) => eq(`${p}.material`, material(a, x), material(b, y)));
    shapes(`${path}.collisions`, l.collisions, m.collisions, (p, x, y) => {
      if (options.surfaces === false) return;
      const s = (c: Collision): (number | undefined)[] => [
        c.surface?.mu,
        c.surface?.mu2,
        ...(c.surface?.fdir1 ?? [undefined, undefined, undefined]),
        c.surface?.kp,
        c.surface?.kd,
      ];
      const sx = s(x);
      const sy = s(y);
      sx.forEach((v, k) => close(`${p}.surface[${k}]`, v, sy[k]));
    });
  };
  const joint = (path: string, j: Joint, k: Joint): void => {
    eq(`${path}.name`, j.name, k.name);
    eq(`${path}.type`, j.type, k.type);
    eq(`${path}.parent`, j.parent, k.parent);
    eq(`${path}.child`, j.child, k.child);
    pose(`${path}.origin`, j.origin, k.origin);
    const axis = (x: Joint): number[] | undefined => {
      const v = jointAxis(x);
      if (v === undefined) return undefined;
      const n = Math.hypot(...v);
      return v.map((c) => c / n);
    };
    nums(`${path}.axis`, axis(j), axis(k));
    const d = (x: Joint): number[] =>
      x.dynamics === undefined ? [] : [x.dynamics.damping ?? 0, x.dynamics.friction ?? 0];
    // Dynamics of a joint without an axis (fixed, floating) only exist in URDF.
    if (options.urdfOnly !== false || jointAxis(j) !== undefined) nums(`${path}.dynamics`, d(j), d(k));
    const limit = (x: Joint): number[] => {
      switch (x.type) {
        case "revolute":
        case "prismatic":
          return [x.limit.lower, x.limit.upper, x.limit.effort, x.limit.velocity];
        case "continuous":
        case "planar":
          return x.limit === undefined ? [] : [x.limit.effort, x.limit.velocity];
        case "fixed":
        case "floating":
        case "ball":
          return [];
        case "universal":
        case "revolute2":
        case "gearbox": {
          const l = (v: typeof x.limit): number[] =>
            v === undefined ? [] : [v.lower ?? ABSENT, v.upper ?? ABSENT, v.effort ?? ABSENT, v.velocity ?? ABSENT];
          return [...l(x.limit), ...(x.second?.xyz ?? []), ...l(x.second?.limit)];
        }
        case "screw":
          return [x.threadPitch, ...(x.limit === undefined ? [] : [x.limit.lower ?? ABSENT, x.limit.upper ?? ABSENT])];
      }
    };
    nums(`${path}.limit`, limit(j), limit(k));
    if (options.mimic !== false) {
      const mimic = (x: Joint): string => ("mimic" in x && x.mimic !== undefined ? x.mimic.joint : "none");
      eq(`${path}.mimic.joint`, mimic(j), mimic(k));
      const mm = (x: Joint): number[] =>
        "mimic" in x && x.mimic !== undefined ? [x.mimic.multiplier ?? 1, x.mimic.offset ?? 0] : [];
      nums(`${path}.mimic`, mm(j), mm(k));
    }
    if (options.urdfOnly !== false) {
      eq(`${path}.safetyController`, JSON.stringify(j.safetyController), JSON.stringify(k.safetyController));
      eq(`${path}.calibration`, JSON.stringify(j.calibration), JSON.stringify(k.calibration));
    }
  };
  eq("name", a.name, b.name);
  eq("links.length", a.links.length, b.links.length);
  a.links.forEach((l, i) => {
    const m = b.links[i];
    if (m !== undefined) link(`links[${i}]`, l, m);
  });
  const ja = a.joints ?? [];
  const jb = b.joints ?? [];
  eq("joints.length", ja.length, jb.length);
  ja.forEach((j, i) => {
    const k = jb[i];
    if (k !== undefined) joint(`joints[${i}]`, j, k);
  });
  return out;
}
