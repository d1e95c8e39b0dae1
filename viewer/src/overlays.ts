import * as THREE from "three";
import type { URDFJoint, URDFRobot } from "urdf-loader/src/URDFClasses.js";

import type { Pose } from "../../src/model/Pose.js";
import type { Robot } from "../../src/model/Robot.js";
import type { Sensor } from "../../src/model/Sensor.js";
import type { SceneJson } from "./types.js";

/** Overlay layers the page toggles. */
export type Layer = "frames" | "joints" | "inertia" | "sensors";

/** Overlay objects by layer, and the small spheres the pointer picks for names. */
export interface Overlays {
  readonly layers: Record<Layer, THREE.Object3D[]>;
  readonly pickables: THREE.Object3D[];
  /** The inertia boxes drawn, for the page's test interface. */
  readonly inertiaBoxes: readonly InertiaBoxObject[];
}

/** One drawn inertia box: whose, which, and its object (a group of edges and faces). */
export interface InertiaBoxObject {
  readonly link: string;
  /** `file`: the link's `<inertial>`; `geometry`: the solid of its shapes with the same mass. */
  readonly kind: "file" | "geometry";
  /** The link has a geometry-inertia warning (drawn in red). */
  readonly warned: boolean;
  readonly object: THREE.Object3D;
}

/** Colours of the inertia display: the file's box, the geometry's, and a warned link's file box. */
export const INERTIA_COLORS = { file: 0x8e44ad, geometry: 0x0097a7, warned: 0xd62728 } as const;

/** Quaternion of URDF fixed-axis roll-pitch-yaw (same formula as src/model/Pose.ts). */
export function quaternionFromRpy(rpy: readonly [number, number, number]): THREE.Quaternion {
  const [r, p, y] = rpy;
  const cr = Math.cos(r / 2),
    sr = Math.sin(r / 2),
    cp = Math.cos(p / 2),
    sp = Math.sin(p / 2),
    cy = Math.cos(y / 2),
    sy = Math.sin(y / 2);
  return new THREE.Quaternion(
    sr * cp * cy - cr * sp * sy,
    cr * sp * cy + sr * cp * sy,
    cr * cp * sy - sr * sp * cy,
    cr * cp * cy + sr * sp * sy,
  );
}

/** Axes (x red, y green, z blue) drawn over the bodies, so frames inside a link stay visible. */
function axes(size: number): THREE.AxesHelper {
  const a = new THREE.AxesHelper(size);
  const m = a.material as THREE.LineBasicMaterial;
  m.depthTest = false;
  m.transparent = true;
  a.renderOrder = 2;
  return a;
}

function poseGroup(pose: Pose | undefined): THREE.Group {
  const g = new THREE.Group();
  if (pose !== undefined) {
    g.position.set(...pose.xyz);
    g.quaternion.copy(quaternionFromRpy(pose.rpy));
  }
  return g;
}

const lineMaterials = new Map<number, THREE.LineBasicMaterial>();
function lineMaterial(color: number): THREE.LineBasicMaterial {
  let m = lineMaterials.get(color);
  if (m === undefined)
    lineMaterials.set(
      color,
      (m = new THREE.LineBasicMaterial({ color, depthTest: false, transparent: true, opacity: 0.9 })),
    );
  return m;
}

function segments(points: readonly THREE.Vector3[], color: number): THREE.LineSegments {
  const line = new THREE.LineSegments(new THREE.BufferGeometry().setFromPoints([...points]), lineMaterial(color));
  line.renderOrder = 2;
  return line;
}

const pickGeometry = new THREE.SphereGeometry(1, 8, 6);
const pickMaterials = new Map<number, THREE.MeshBasicMaterial>();
function pickSphere(radius: number, color: number, label: string, target: string): THREE.Mesh {
  let m = pickMaterials.get(color);
  if (m === undefined)
    pickMaterials.set(
      color,
      (m = new THREE.MeshBasicMaterial({ color, depthTest: false, transparent: true, opacity: 0.8 })),
    );
  const s = new THREE.Mesh(pickGeometry, m);
  s.scale.setScalar(radius);
  s.renderOrder = 3;
  s.userData = { label, target };
  return s;
}

/**
 * Builds every overlay on the loaded URDF robot: link and joint frames (axes), joint axes and
 * limits, inertia boxes (the file's and its geometry's, as the scene sends them) and centres of
 * mass, sensor frames and fields of view. `size` (m) scales axes and markers to the robot.
 */
export function buildOverlays(
  urdf: URDFRobot,
  model: Robot | null,
  inertia: SceneJson["inertia"],
  size: number,
): Overlays {
  const layers: Record<Layer, THREE.Object3D[]> = { frames: [], joints: [], inertia: [], sensors: [] };
  const pickables: THREE.Object3D[] = [];
  const inertiaBoxes: InertiaBoxObject[] = [];
  const axis = size * 0.08;
  const add = (layer: Layer, parent: THREE.Object3D, child: THREE.Object3D): void => {
    parent.add(child);
    layers[layer].push(child);
  };
  for (const [name, link] of Object.entries(urdf.links)) {
    const g = new THREE.Group();
    g.add(axes(axis));
    const pick = pickSphere(axis * 0.12, 0x333333, `link ${name}`, name);
    g.add(pick);
    pickables.push(pick);
    add("frames", link, g);
  }
  for (const [name, joint] of Object.entries(urdf.joints)) addJoint(name, joint, axis, add, pickables);
  for (const link of model?.links ?? []) {
    const target = urdf.links[link.name];
    if (target === undefined) continue;
    for (const sensor of link.sensors ?? []) {
      const g = poseGroup(sensor.origin);
      g.add(axes(axis * 0.7));
      g.add(sensorShape(sensor, size));
      const pick = pickSphere(
        axis * 0.12,
        0x16a085,
        `${sensor.type} sensor ${sensor.name}\non ${link.name}`,
        link.name,
      );
      g.add(pick);
      pickables.push(pick);
      add("sensors", target, g);
    }
  }
  // The boxes come computed from the server (src/model/linkInertiaBoxes.ts): the page parses no mesh.
  for (const entry of inertia) {
    const target = urdf.links[entry.link];
    if (target === undefined) continue;
    const warned = entry.warnings.length > 0;
    const g = new THREE.Group();
    const file = inertiaBox(entry.file, warned ? INERTIA_COLORS.warned : INERTIA_COLORS.file, warned ? 0.22 : 0.1);
    g.add(file);
    inertiaBoxes.push({ link: entry.link, kind: "file", warned, object: file });
    const geometry = entry.geometry;
    if (geometry !== undefined) {
      const solid = inertiaBox(geometry, INERTIA_COLORS.geometry, 0.08);
      g.add(solid);
      inertiaBoxes.push({ link: entry.link, kind: "geometry", warned, object: solid });
    }
    const com = pickSphere(
      axis * 0.15,
      warned ? INERTIA_COLORS.warned : INERTIA_COLORS.file,
      [
        `centre of mass of ${entry.link}: ${entry.mass} kg`,
        `file's inertia box (purple): ${sides(entry.file.size)} m${entry.file.physical ? "" : ", not physical"}`,
        geometry === undefined
          ? "no geometry box (a shape could not be measured)"
          : `${geometry.source} solid (cyan): ${sides(geometry.size)} m at ${round(geometry.density)} kg/m³${geometry.exact ? "" : " (open mesh: bounding box)"}`,
        ...entry.warnings,
      ].join("\n"),
      entry.link,
    );
    com.position.set(...entry.file.center);
    g.add(com);
    pickables.push(com);
    add("inertia", target, g);
  }
  return { layers, pickables, inertiaBoxes };
}

const round = (v: number): string => String(Number(v.toPrecision(3)));
const sides = (s: readonly number[]): string => s.map(round).join(" × ");

const boxGeometry = new THREE.BoxGeometry(1, 1, 1);
const boxEdges = new THREE.EdgesGeometry(boxGeometry);
const fillMaterials = new Map<string, THREE.MeshBasicMaterial>();

/** A translucent box with drawn edges, of the given sides, centre and orientation (link frame). */
function inertiaBox(box: SceneJson["inertia"][number]["file"], color: number, opacity: number): THREE.Group {
  const g = new THREE.Group();
  g.position.set(...box.center);
  g.quaternion.set(...box.orientation);
  // A zero side (a flat or broken tensor) still draws as a face, not as nothing.
  g.scale.set(...(box.size.map((v) => Math.max(v, 1e-4)) as [number, number, number]));
  const edges = new THREE.LineSegments(boxEdges, lineMaterial(color));
  edges.renderOrder = 2;
  const key = `${color}/${opacity}`;
  let fill = fillMaterials.get(key);
  if (fill === undefined)
    fillMaterials.set(
      key,
      (fill = new THREE.MeshBasicMaterial({ color, transparent: true, opacity, depthWrite: false })),
    );
  const faces = new THREE.Mesh(boxGeometry, fill);
  faces.renderOrder = 1;
  g.add(faces, edges);
  return g;
}

function addJoint(
  name: string,
  joint: URDFJoint,
  axisSize: number,
  add: (layer: Layer, parent: THREE.Object3D, child: THREE.Object3D) => void,
  pickables: THREE.Object3D[],
): void {
  const parent = joint.parent;
  if (parent === null) return;
  // At build time the joint sits at its origin (position 0): the limits are drawn in that frame.
  const origin = new THREE.Group();
  origin.position.copy(joint.position);
  origin.quaternion.copy(joint.quaternion);
  const pick = pickSphere(
    axisSize * 0.1,
    0xd35400,
    `joint ${name} (${joint.jointType})`,
    joint.children.find((c) => "isURDFLink" in c)?.name ?? name,
  );
  origin.add(pick);
  pickables.push(pick);
  add("frames", parent, origin);
  if (joint.jointType === "fixed" || joint.jointType === "floating") return;
  const u = joint.axis.clone().normalize();
  const limits = new THREE.Group();
  origin.add(limits);
  limits.add(new THREE.ArrowHelper(u, new THREE.Vector3(), axisSize * 1.4, 0xd35400, axisSize * 0.3, axisSize * 0.15));
  const lower = Number(joint.limit.lower),
    upper = Number(joint.limit.upper);
  if (joint.jointType === "revolute" && upper > lower) {
    const ref = Math.abs(u.x) < 0.9 ? new THREE.Vector3(1, 0, 0) : new THREE.Vector3(0, 1, 0);
    const v = ref
      .sub(u.clone().multiplyScalar(ref.dot(u)))
      .normalize()
      .multiplyScalar(axisSize * 0.9);
    const at = (a: number): THREE.Vector3 => v.clone().applyAxisAngle(u, a);
    const pts: THREE.Vector3[] = [new THREE.Vector3(), at(lower), new THREE.Vector3(), at(upper)];
    const n = 32;
    for (let i = 0; i < n; i++)
      pts.push(at(lower + ((upper - lower) * i) / n), at(lower + ((upper - lower) * (i + 1)) / n));
    limits.add(segments(pts, 0xe67e22));
  } else if (joint.jointType === "prismatic" && upper > lower) {
    limits.add(segments([u.clone().multiplyScalar(lower), u.clone().multiplyScalar(upper)], 0xe67e22));
  }
  add("joints", origin, limits);
}

/** Field of view or rays of a sensor in its frame (+x forward, Gazebo convention). */
function sensorShape(sensor: Sensor, size: number): THREE.Object3D {
  const color = 0x16a085;
  switch (sensor.type) {
    case "camera":
    case "stereo": {
      const g = new THREE.Group();
      const d = Math.min(sensor.far, size * 0.3);
      const h = Math.tan(sensor.horizontalFov / 2) * d;
      const v = (h * sensor.height) / sensor.width;
      const eyes = sensor.type === "stereo" ? [0, -sensor.baseline] : [0];
      for (const y0 of eyes) {
        const o = new THREE.Vector3(0, y0, 0);
        const c = [
          new THREE.Vector3(d, y0 + h, v),
          new THREE.Vector3(d, y0 - h, v),
          new THREE.Vector3(d, y0 - h, -v),
          new THREE.Vector3(d, y0 + h, -v),
        ];
        g.add(
          segments(
            [o, c[0]!, o, c[1]!, o, c[2]!, o, c[3]!, c[0]!, c[1]!, c[1]!, c[2]!, c[2]!, c[3]!, c[3]!, c[0]!],
            color,
          ),
        );
      }
      return g;
    }
    case "lidar": {
      const pts: THREE.Vector3[] = [];
      const hs = Math.min(sensor.horizontal.samples, 90);
      const vAxis = sensor.vertical;
      const vs = vAxis === undefined ? 1 : Math.min(vAxis.samples, 8);
      const r = Math.min(sensor.rangeMax, size * 1.5);
      for (let j = 0; j < vs; j++) {
        const pitch =
          vAxis === undefined || vs === 1 ? 0 : vAxis.minAngle + ((vAxis.maxAngle - vAxis.minAngle) * j) / (vs - 1);
        for (let i = 0; i < hs; i++) {
          const yaw =
            hs === 1
              ? sensor.horizontal.minAngle
              : sensor.horizontal.minAngle + ((sensor.horizontal.maxAngle - sensor.horizontal.minAngle) * i) / (hs - 1);
          const dir = new THREE.Vector3(
            Math.cos(pitch) * Math.cos(yaw),
            Math.cos(pitch) * Math.sin(yaw),
            Math.sin(pitch),
          );
          pts.push(dir.clone().multiplyScalar(sensor.rangeMin), dir.multiplyScalar(r));
        }
      }
      return segments(pts, color);
    }
    case "range": {
      const pts: THREE.Vector3[] = [];
      const r = sensor.rangeMax;
      const a = sensor.fieldOfView / 2;
      const n = 16;
      for (let i = 0; i < n; i++) {
        const t0 = (2 * Math.PI * i) / n,
          t1 = (2 * Math.PI * (i + 1)) / n;
        const p = (t: number): THREE.Vector3 =>
          new THREE.Vector3(r * Math.cos(a), r * Math.sin(a) * Math.cos(t), r * Math.sin(a) * Math.sin(t));
        pts.push(p(t0), p(t1));
        if (i % 4 === 0) pts.push(new THREE.Vector3(sensor.rangeMin, 0, 0), p(t0));
      }
      return segments(pts, color);
    }
    case "imu":
    case "gps":
    case "contact":
      return new THREE.Group();
  }
}
