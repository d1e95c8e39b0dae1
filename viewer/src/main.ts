// robokit view: the page. Loads /api/scene, draws the robot with three.js and urdf-loader,
// and exposes window.robokitView for the CLI's screenshots and the browser tests.
import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import URDFLoader from "urdf-loader";
import type { URDFJoint, URDFRobot } from "urdf-loader/src/URDFClasses.js";

import { buildOverlays, quaternionFromRpy, type Layer, type Overlays } from "./overlays.js";
import { buildPlots } from "./plots.js";
import type { IkJson, SceneJson } from "./types.js";

type CameraView = "iso" | "top" | "front" | "side";

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const params = new URLSearchParams(location.search);
const view = $("view");
const tip = $("tip");

/** True when WebGL runs on a CPU rasteriser (SwiftShader, llvmpipe): fill rate is then the cost. */
function softwareRenderer(): boolean {
  const gl = document.createElement("canvas").getContext("webgl2");
  if (gl === null) return false;
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const name = String(info === null ? gl.getParameter(gl.RENDERER) : gl.getParameter(info.UNMASKED_RENDERER_WEBGL));
  gl.getExtension("WEBGL_lose_context")?.loseContext();
  return /swiftshader|llvmpipe|software/i.test(name);
}
// Screenshots keep full quality; an interactive page on a software renderer draws fewer pixels
// (no multisampling, 0.6 px per CSS px): about 3× the frame rate (bench/view.bench.ts).
const software = softwareRenderer();
const lowFill = software && !params.has("shot") && params.get("quality") !== "full";
const renderer = new THREE.WebGLRenderer({ antialias: !lowFill, preserveDrawingBuffer: params.has("shot") });
renderer.setPixelRatio(lowFill ? 0.6 : Math.min(window.devicePixelRatio, 2));
view.prepend(renderer.domElement);
const scene3 = new THREE.Scene();
scene3.background = new THREE.Color(0xeef0f4);
const camera = new THREE.PerspectiveCamera(45, 1, 0.005, 500);
camera.up.set(0, 0, 1); // REP-103: z up
camera.position.set(2, 1.5, 1.2);
const controls = new OrbitControls(camera, renderer.domElement);
scene3.add(new THREE.HemisphereLight(0xffffff, 0x667788, 2.2));
const sun = new THREE.DirectionalLight(0xffffff, 1.6);
sun.position.set(3, 2, 5);
scene3.add(sun);
scene3.add(groundGrid(10, 40));
/** The robot's base pose in the world (moved only by trace playback). */
const base = new THREE.Group();
scene3.add(base);

const collisionMaterial = new THREE.MeshPhongMaterial({
  color: 0xff8c1a,
  transparent: true,
  opacity: 0.45,
  depthWrite: false,
});
const show: Record<"visuals" | "collisions" | Layer | "labels", boolean> = {
  visuals: true,
  collisions: false,
  frames: true,
  joints: true,
  // Off by default, as in RViz and Gazebo; `?inertia=1` (robokit view --inertia) turns it on.
  inertia: params.get("inertia") === "1",
  sensors: true,
  labels: true,
};

let current: SceneJson | undefined;
let robot: URDFRobot | undefined;
let overlays: Overlays | undefined;
let highlight: THREE.BoxHelper | undefined;
let highlighted: string | undefined;
let wheelRates = new Map<string, number>();
let tracePlayer: { readonly seek: (t: number) => void; readonly duration: number } | undefined;
let pendingMeshes = 0;
let firstFrameMs: number | undefined;
let frames = 0;
let ready = false;
/** Render only when something changed (a software renderer burns a core per frame otherwise). */
let dirty = true;
let continuous = false;
/** World matrices are recomputed only when a pose changed, not when only the camera moved. */
let poseDirty = true;
scene3.matrixWorldAutoUpdate = false;
const invalidate = (pose = true): void => {
  dirty = true;
  if (pose) poseDirty = true;
};
let fitPending = false;
let batchPending = false;

function resize(): void {
  const w = view.clientWidth,
    h = view.clientHeight;
  renderer.setSize(w, h);
  camera.aspect = w / Math.max(h, 1);
  camera.updateProjectionMatrix();
}
new ResizeObserver(() => (resize(), invalidate(false))).observe(view);
controls.addEventListener("change", () => invalidate(false));
resize();

/** Bounds of the robot's bodies and link origins (not the overlays), at least 0.2 m across. */
function robotBox(r: URDFRobot): THREE.Box3 {
  r.updateMatrixWorld(true);
  const box = new THREE.Box3();
  const p = new THREE.Vector3();
  for (const link of Object.values(r.links)) box.expandByPoint(link.getWorldPosition(p));
  r.traverse((o) => {
    const flags = o as { isURDFVisual?: boolean; isURDFCollider?: boolean };
    if (flags.isURDFVisual === true || (flags.isURDFCollider === true && Object.keys(r.visual).length === 0))
      box.expandByObject(o);
  });
  const c = box.getCenter(new THREE.Vector3());
  return box.union(new THREE.Box3().setFromCenterAndSize(c, new THREE.Vector3(0.2, 0.2, 0.2)));
}

/**
 * A big robot's primitive visuals drawn as one mesh (one draw call instead of one per body):
 * their triangles are copied into one buffer, in world coordinates, and re-posed on the CPU
 * whenever a pose changed. Not three's BatchedMesh: without WEBGL_multi_draw (SwiftShader,
 * the software renderer of headless and GPU-less machines) it falls back to one draw per body.
 * Lighting is computed per vertex on the CPU (the sun and the sky, as the scene's lights) and
 * the mesh drawn unlit: on a software renderer the cost of a big robot is its pixels, and an
 * unlit fragment is the cheapest (bodies are flat-faced boxes, cylinders and spheres).
 */
interface BatchItem {
  readonly src: THREE.Mesh;
  /** The source's own vertices and normals (its local frame). */
  readonly positions: THREE.BufferAttribute | THREE.InterleavedBufferAttribute;
  readonly normals: THREE.BufferAttribute | THREE.InterleavedBufferAttribute;
  /** First vertex of this source in the merged buffer. */
  readonly first: number;
  readonly color: THREE.Color;
}
let batch: { readonly mesh: THREE.Mesh; readonly items: readonly BatchItem[] } | undefined;
const BATCH_FROM_LINKS = 200;

function buildBatch(r: URDFRobot): void {
  if (batch !== undefined) {
    scene3.remove(batch.mesh);
    batch.mesh.geometry.dispose();
    batch = undefined;
  }
  if (Object.keys(r.links).length < BATCH_FROM_LINKS) return;
  const sources: THREE.Mesh[] = [];
  r.traverse((o) => {
    if (!(o instanceof THREE.Mesh) || o.geometry.getIndex() === null) return;
    for (let p: THREE.Object3D | null = o.parent; p !== null; p = p.parent) {
      if ((p as { isURDFCollider?: boolean }).isURDFCollider === true) return;
      if ((p as { isURDFVisual?: boolean }).isURDFVisual === true) return void sources.push(o);
    }
  });
  const usable = sources.filter(
    (m) => m.geometry.getAttribute("position") !== undefined && m.geometry.getAttribute("normal") !== undefined,
  );
  let vertices = 0,
    indices = 0;
  for (const m of usable)
    (vertices += m.geometry.getAttribute("position").count), (indices += m.geometry.getIndex()?.count ?? 0);
  const position = new Float32Array(vertices * 3),
    normal = new Float32Array(vertices * 3),
    color = new Float32Array(vertices * 3);
  const index = vertices > 65535 ? new Uint32Array(indices) : new Uint16Array(indices);
  const items: BatchItem[] = [];
  let v = 0,
    i = 0;
  for (const src of usable) {
    const g = src.geometry;
    const positions = g.getAttribute("position");
    const srcIndex = g.getIndex();
    if (srcIndex === null) continue;
    for (let k = 0; k < srcIndex.count; k++) index[i++] = v + srcIndex.getX(k);
    const material = Array.isArray(src.material) ? src.material[0] : src.material;
    const c = (material as THREE.MeshPhongMaterial | undefined)?.color ?? new THREE.Color(0xffffff);
    items.push({ src, positions, normals: g.getAttribute("normal"), first: v, color: c.clone() });
    v += positions.count;
    src.visible = false;
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute("position", new THREE.BufferAttribute(position, 3).setUsage(THREE.DynamicDrawUsage));
  geometry.setAttribute("normal", new THREE.BufferAttribute(normal, 3).setUsage(THREE.DynamicDrawUsage));
  geometry.setAttribute("color", new THREE.BufferAttribute(color, 3).setUsage(THREE.DynamicDrawUsage));
  geometry.setIndex(new THREE.BufferAttribute(index, 1));
  const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ color: 0xffffff, vertexColors: true }));
  mesh.frustumCulled = false;
  mesh.matrixAutoUpdate = false;
  scene3.add(mesh);
  batch = { mesh, items };
}

const batchVertex = new THREE.Vector3();
const batchNormal = new THREE.Matrix3();
/** Towards the sun (the scene's directional light), world frame. */
const batchSun = new THREE.Vector3(3, 2, 5).normalize();

/** Re-poses the merged mesh's vertices from each source's world matrix (after a pose changed). */
function syncBatch(): void {
  if (batch === undefined || robot === undefined) return;
  batch.mesh.visible = show.visuals;
  const geometry = batch.mesh.geometry;
  const position = geometry.getAttribute("position") as THREE.BufferAttribute;
  const normal = geometry.getAttribute("normal") as THREE.BufferAttribute;
  const colors = geometry.getAttribute("color") as THREE.BufferAttribute;
  for (const { src, positions, normals, first, color } of batch.items) {
    batchNormal.getNormalMatrix(src.matrixWorld);
    for (let k = 0; k < positions.count; k++) {
      batchVertex.fromBufferAttribute(positions, k).applyMatrix4(src.matrixWorld);
      position.setXYZ(first + k, batchVertex.x, batchVertex.y, batchVertex.z);
      batchVertex.fromBufferAttribute(normals, k).applyMatrix3(batchNormal).normalize();
      normal.setXYZ(first + k, batchVertex.x, batchVertex.y, batchVertex.z);
      // Sky from above, ground from below, plus the sun: close to the Phong bodies of small robots.
      const shade = Math.min(1, 0.42 + 0.18 * batchVertex.z + 0.5 * Math.max(0, batchVertex.dot(batchSun)));
      colors.setXYZ(first + k, color.r * shade, color.g * shade, color.b * shade);
    }
  }
  position.needsUpdate = true;
  normal.needsUpdate = true;
  colors.needsUpdate = true;
}

/** Points the camera at the robot from a named direction (robot x forward, z up). */
function setCamera(which: CameraView): void {
  if (robot === undefined) return;
  const box = robotBox(robot);
  const center = box.getCenter(new THREE.Vector3());
  const radius = Math.max(box.getSize(new THREE.Vector3()).length() / 2, 0.05);
  const dist = (radius / Math.sin((camera.fov * Math.PI) / 360)) * 1.05;
  const dirs: Record<CameraView, THREE.Vector3> = {
    iso: new THREE.Vector3(1.0, 0.8, 0.65),
    top: new THREE.Vector3(0, -1e-4, 1),
    front: new THREE.Vector3(1, 0, 0.12),
    side: new THREE.Vector3(0, -1, 0.12),
  };
  camera.position.copy(center).add(dirs[which].normalize().multiplyScalar(dist));
  camera.near = dist / 200;
  camera.far = dist * 50;
  camera.updateProjectionMatrix();
  controls.target.copy(center);
  controls.update();
  invalidate(false);
}

/** Where the page's files live: `files/` below the page's own (token) path, on this origin. */
const filesBase = new URL("files/", location.href).href;
/** A 1×1 transparent GIF: what a blocked image URL loads instead. */
const BLANK_IMAGE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/**
 * True for a URL the page may fetch: one below `files/` of this page (the server checked it),
 * or bytes the page already has (data:, blob:). A DAE naming an http texture is not fetched.
 */
function allowedUrl(url: string): boolean {
  if (/^(data|blob):/i.test(url)) return true;
  try {
    return new URL(url, location.href).href.startsWith(filesBase);
  } catch {
    return false;
  }
}

/** Diagnostics of URLs the page itself refused (the server rewrote the scene's; these come from inside mesh files). */
const pageRefusals: SceneJson["diagnostics"][number][] = [];

function refuseUrl(url: string): void {
  const message = `a URL inside a mesh file, ${url}, is not below the server's files/; the viewer fetches nothing from the network, so it is dropped`;
  if (pageRefusals.some((d) => d.message === message)) return;
  pageRefusals.push({ code: "VIEW_URL_REMOTE", severity: "error", message, file: current?.source ?? "" });
  buildDiagnostics();
}

function loadRobot(s: SceneJson): URDFRobot {
  const manager = new THREE.LoadingManager();
  // Every loader (STL, Collada and the textures they name) asks the manager: foreign URLs become a blank image.
  manager.setURLModifier((url) => {
    if (allowedUrl(url)) return url;
    refuseUrl(url);
    return BLANK_IMAGE;
  });
  const loader = new URDFLoader(manager);
  loader.parseCollision = true;
  loader.loadMeshCb = (url, mgr, material, done) => {
    if (typeof url !== "string" || !url.startsWith("files/")) return done(new THREE.Group());
    pendingMeshes++;
    loader.defaultMeshLoader(url, mgr, material, (mesh, err) => {
      pendingMeshes--;
      if (err !== undefined) console.warn(`robokit view: cannot load ${url}`);
      done(mesh, err);
      applyVisibility();
      invalidate();
    });
  };
  return loader.parse(s.urdf);
}

/** Rebuilds the robot from a scene, keeping the camera and the joint positions by name. */
function build(s: SceneJson): void {
  const keep = new Map<string, number>();
  if (robot !== undefined) {
    for (const [n, j] of Object.entries(robot.joints)) keep.set(n, Number(j.angle));
    base.remove(robot);
  }
  const firstLoad = robot === undefined;
  current = s;
  pageRefusals.length = 0;
  robot = loadRobot(s);
  exactJointOrigins(robot, s);
  base.add(robot);
  robot.updateMatrixWorld(true);
  const size = robotBox(robot).getSize(new THREE.Vector3()).length();
  overlays = buildOverlays(robot, s.robot, s.inertia, size);
  // A big robot starts with bodies only: each overlay is a draw call per link (toggle them on).
  if (firstLoad && Object.keys(robot.links).length > 300) {
    for (const key of ["frames", "joints", "sensors"] as const) {
      show[key] = false;
      const box = document.querySelector<HTMLInputElement>(`input[data-toggle="${key}"]`);
      if (box !== null) box.checked = false;
    }
  }
  for (const [n, q] of keep) if (robot.joints[n] !== undefined && q !== 0) robot.setJointValue(n, q);
  robot.traverse((o) => {
    if ((o as { isURDFCollider?: boolean }).isURDFCollider === true) {
      o.traverse((m) => {
        if (m instanceof THREE.Mesh) m.material = collisionMaterial;
      });
    }
  });
  invalidate();
  batchPending = true;
  $("title").textContent = s.name;
  $("source").textContent = `${s.source} (${s.format})`;
  buildJointPanel();
  buildTwistPanel();
  buildDiagnostics();
  buildTrace();
  applyVisibility();
  highlighted = undefined;
  if (highlight !== undefined) scene3.remove(highlight);
  // The first view is fitted again once the meshes have arrived.
  if (firstLoad) setCamera((params.get("camera") as CameraView | null) ?? "iso"), (fitPending = true);
}

/**
 * The emitted URDF prints 9 significant digits; the model's joint origins and axes are set
 * on the loaded joints at full precision, so the page's kinematics equal robokit's linkPoses.
 */
function exactJointOrigins(urdf: URDFRobot, s: SceneJson): void {
  for (const j of s.robot?.joints ?? []) {
    const joint = urdf.joints[j.name];
    if (joint === undefined) continue;
    const origin = j.origin ?? { xyz: [0, 0, 0] as const, rpy: [0, 0, 0] as const };
    joint.position.set(...origin.xyz);
    joint.quaternion.copy(quaternionFromRpy(origin.rpy));
    if ("axis" in j && j.axis !== undefined) joint.axis.set(...j.axis).normalize();
  }
}

function applyVisibility(): void {
  if (robot === undefined || overlays === undefined) return;
  invalidate();
  robot.traverse((o) => {
    const flags = o as { isURDFVisual?: boolean; isURDFCollider?: boolean };
    if (flags.isURDFVisual === true) o.visible = show.visuals;
    if (flags.isURDFCollider === true) o.visible = show.collisions;
  });
  for (const layer of ["frames", "joints", "inertia", "sensors"] as const)
    for (const o of overlays.layers[layer]) o.visible = show[layer];
}

/** The validator's codes that compare a link's inertial with its shapes (src/cli/view/inertiaWarningsByLink.ts). */
const GEOMETRY_INERTIA_CODES = new Set([
  "MESH_UNITS_SUSPECT",
  "DENSITY_IMPLAUSIBLE",
  "INERTIA_GEOMETRY_MISMATCH",
  "COM_OUTSIDE_GEOMETRY",
]);

/** Turns a display on or off, with its checkbox. */
function setShown(key: keyof typeof show, on: boolean): void {
  show[key] = on;
  const box = document.querySelector<HTMLInputElement>(`input[data-toggle="${key}"]`);
  if (box !== null) box.checked = on;
  applyVisibility();
}

function buildToggles(): void {
  const host = $("toggles");
  for (const key of Object.keys(show) as (keyof typeof show)[]) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.checked = show[key];
    box.dataset["toggle"] = key;
    box.addEventListener("change", () => {
      show[key] = box.checked;
      applyVisibility();
    });
    label.append(
      box,
      ` ${key === "joints" ? "joint axes and limits" : key === "inertia" ? "inertia boxes (file purple, geometry cyan), COM" : key === "labels" ? "names on hover" : key}`,
    );
    host.append(label);
  }
}

function movable(j: URDFJoint): boolean {
  return (
    (j.jointType === "revolute" || j.jointType === "continuous" || j.jointType === "prismatic") &&
    !("mimicJoint" in j && (j as { mimicJoint?: string }).mimicJoint !== undefined)
  );
}

const sliders = new Map<string, { readonly input: HTMLInputElement; readonly show: () => void }>();

function buildJointPanel(): void {
  const host = $("joints");
  host.replaceChildren();
  sliders.clear();
  if (robot === undefined) return;
  for (const [name, joint] of Object.entries(robot.joints)) {
    if (!movable(joint)) continue;
    const row = document.createElement("div");
    row.className = "joint";
    const lo = joint.jointType === "continuous" ? -Math.PI : Number(joint.limit.lower);
    const hi = joint.jointType === "continuous" ? Math.PI : Number(joint.limit.upper);
    const slider = document.createElement("input");
    slider.type = "range";
    slider.min = String(Math.min(lo, hi));
    slider.max = String(Math.max(lo, hi));
    slider.step = "any";
    slider.value = String(Number(joint.angle));
    slider.dataset["joint"] = name;
    const value = document.createElement("span");
    const unit = joint.jointType === "prismatic" ? "m" : "rad";
    const label = document.createElement("div");
    label.textContent = name;
    const show = (): void => void (value.textContent = `${Number(slider.value).toFixed(3)} ${unit}`);
    slider.addEventListener("input", () => {
      robot?.setJointValue(name, Number(slider.value));
      invalidate();
      show();
    });
    show();
    sliders.set(name, { input: slider, show });
    row.append(label, value, slider);
    host.append(row);
  }
  if (host.childElementCount === 0) host.textContent = "no movable joints";
}

/** Sets a joint and its slider (continuous joints shown wrapped to [−π, π)). */
function setJoint(name: string, value: number): void {
  robot?.setJointValue(name, value);
  invalidate();
  const slider = sliders.get(name);
  if (slider === undefined) return;
  const wrapped =
    robot?.joints[name]?.jointType === "continuous"
      ? value - 2 * Math.PI * Math.floor((value + Math.PI) / (2 * Math.PI))
      : value;
  slider.input.value = String(wrapped);
  slider.show();
}

function buildTwistPanel(): void {
  const host = $("twistBox");
  host.replaceChildren();
  wheelRates = new Map();
  const drive = current?.drive;
  if (drive === null || drive === undefined) return;
  const h = document.createElement("h2");
  h.textContent = `Twist (${drive.type} drive, robokit ik)`;
  const grid = document.createElement("div");
  grid.className = "twist";
  const inputs = (["vx", "vy", "wz"] as const).map((k) => {
    const input = document.createElement("input");
    input.type = "number";
    input.step = "0.1";
    input.value = "0";
    input.id = `twist-${k}`;
    const l = document.createElement("label");
    l.textContent = k;
    grid.append(l, input);
    return input;
  });
  const apply = document.createElement("button");
  apply.textContent = "apply";
  apply.id = "twist-apply";
  apply.addEventListener(
    "click",
    () => void applyTwist(...(inputs.map((i) => Number(i.value)) as [number, number, number])),
  );
  host.append(h, grid, apply);
}

/** Poses the wheels for a body twist with `robokit ik` (the CLI's /api/ik): steering angles, then wheel spin rates. */
async function applyTwist(vx: number, vy: number, wz: number): Promise<IkJson> {
  const res = await fetch(`api/ik?vx=${vx}&vy=${vy}&wz=${wz}`);
  const ik = (await res.json()) as IkJson;
  wheelRates = new Map();
  for (const w of ik.wheels ?? []) {
    if (w.steerJoint !== undefined) setJoint(w.steerJoint, w.angle);
    if (w.wheelJoint !== undefined && w.wheelRate !== undefined) wheelRates.set(w.wheelJoint, w.wheelRate);
  }
  return ik;
}

/** The element a diagnostic points at: a link (or a joint's child link) by xmlPath or jsonPath. */
function diagnosticTarget(d: SceneJson["diagnostics"][number]): string | undefined {
  const model = current?.robot;
  const xml = d.xmlPath === undefined ? [] : [...d.xmlPath.matchAll(/(link|joint)\[@name=["']([^"']+)["']\]/g)];
  const last = xml[xml.length - 1];
  if (last !== undefined)
    return last[1] === "joint"
      ? (robot?.joints[last[2] ?? ""]?.children.find((c) => "isURDFLink" in c)?.name ?? last[2])
      : last[2];
  const json = d.jsonPath === undefined ? null : /\/(links|joints)\/(\d+)/.exec(d.jsonPath);
  if (json !== null && model !== null && model !== undefined) {
    const i = Number(json[2]);
    return json[1] === "links" ? model.links[i]?.name : model.joints?.[i]?.child;
  }
  return undefined;
}

function highlightLink(name: string | undefined): void {
  if (highlight !== undefined) scene3.remove(highlight);
  highlight = undefined;
  highlighted = undefined;
  const link = name === undefined ? undefined : robot?.links[name];
  if (link === undefined || name === undefined) return;
  invalidate();
  highlight = new THREE.BoxHelper(link, 0xffd400);
  scene3.add(highlight);
  highlighted = name;
}

function buildDiagnostics(): void {
  const host = $("diagnostics");
  host.replaceChildren();
  const list = [...(current?.diagnostics ?? []), ...pageRefusals];
  if (list.length === 0) host.textContent = "none";
  for (const d of list) {
    const row = document.createElement("div");
    row.className = d.severity;
    const where = d.line !== undefined ? `:${d.line}${d.column === undefined ? "" : `:${d.column}`}` : "";
    row.textContent = `${d.severity} ${d.code}${where}: ${d.message}`;
    const target = diagnosticTarget(d);
    row.title = target === undefined ? "no element to highlight" : `highlight ${target}`;
    row.dataset["target"] = target ?? "";
    row.addEventListener("click", () => {
      // A geometry-inertia warning is best read with the two boxes in view.
      if (GEOMETRY_INERTIA_CODES.has(d.code)) setShown("inertia", true);
      highlightLink(target);
    });
    host.append(row);
  }
}

function buildTrace(): void {
  const trace = current?.trace;
  tracePlayer = undefined;
  $("plots").classList.toggle("on", trace != null);
  $("timebar").classList.toggle("on", trace != null);
  if (trace === null || trace === undefined) return;
  const cols = new Map<string, readonly number[]>(trace.columns.map((c, i) => [c, trace.data[i] ?? []]));
  const time = cols.get("time") ?? [0];
  const n = time.length;
  // Wheel joint angles: the trapezoid integral of the logged joint rates.
  const wheelAngles = new Map<string, Float64Array>();
  for (const [c, rates] of cols) {
    if (!c.startsWith("rate_")) continue;
    const a = new Float64Array(n);
    for (let k = 1; k < n; k++)
      a[k] = a[k - 1]! + 0.5 * ((rates[k] ?? 0) + (rates[k - 1] ?? 0)) * ((time[k] ?? 0) - (time[k - 1] ?? 0));
    wheelAngles.set(c.slice(5), a);
  }
  const plot = buildPlots($("plots"), cols);
  const slider = $<HTMLInputElement>("timeSlider");
  const duration = time[n - 1] ?? 0;
  slider.max = String(duration);
  const seek = (t: number): void => {
    let lo = 0,
      hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((time[mid] ?? 0) <= t) lo = mid;
      else hi = mid - 1;
    }
    const k = lo;
    // The camera follows the base (same offset), so the robot stays in view while it drives.
    const before = base.position.clone();
    base.position.set(cols.get("true_x")?.[k] ?? 0, cols.get("true_y")?.[k] ?? 0, 0);
    const moved = base.position.clone().sub(before);
    camera.position.add(moved);
    controls.target.add(moved);
    base.rotation.set(0, 0, cols.get("true_theta")?.[k] ?? 0);
    for (const [c, v] of cols) if (c.startsWith("steer_")) setJoint(c.slice(6), v[k] ?? 0);
    for (const [j, a] of wheelAngles) setJoint(j, a[k] ?? 0);
    invalidate();
    $("time").textContent = `${(time[k] ?? 0).toFixed(2)} s`;
    slider.value = String(t);
    plot(k);
  };
  slider.oninput = () => seek(Number(slider.value));
  tracePlayer = { seek, duration };
  seek(Number(params.get("t") ?? 0) || 0);
}

let playing = false;
$("play").addEventListener("click", () => {
  playing = !playing;
  $("play").textContent = playing ? "⏸" : "▶";
});

// Names on hover.
const raycaster = new THREE.Raycaster();
const pointer = new THREE.Vector2();
renderer.domElement.addEventListener("pointermove", (e) => {
  if (!show.labels || overlays === undefined) return void (tip.style.display = "none");
  const r = renderer.domElement.getBoundingClientRect();
  pointer.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
  raycaster.setFromCamera(pointer, camera);
  const hit = raycaster.intersectObjects(
    overlays.pickables.filter((p) => p.parent?.visible !== false && isShown(p)),
    false,
  )[0];
  let label = hit?.object.userData["label"] as string | undefined;
  if (label === undefined && robot !== undefined) {
    const mesh = raycaster.intersectObject(robot, true).find((h) => isShown(h.object));
    let o: THREE.Object3D | null = mesh?.object ?? null;
    while (o !== null && !(o as { isURDFLink?: boolean }).isURDFLink) o = o.parent;
    if (o !== null) label = `link ${o.name}`;
  }
  tip.style.display = label === undefined ? "none" : "block";
  if (label !== undefined) {
    tip.textContent = label;
    tip.style.left = `${e.clientX - r.left + 12}px`;
    tip.style.top = `${e.clientY - r.top + 12}px`;
  }
});

function isShown(o: THREE.Object3D): boolean {
  for (let p: THREE.Object3D | null = o; p !== null; p = p.parent) if (!p.visible) return false;
  return true;
}

// Live reload: the CLI pushes `reload` after a watched file changed; the camera stays.
// Paths are relative: the page lives below the server's per-run token, and so does everything it fetches.
const events = new EventSource("api/events");
events.addEventListener("reload", () => void refresh());
// A file the server refused while serving (beside a mesh): shown at once.
events.addEventListener("refused", (e) => {
  if (current === undefined) return;
  const d = JSON.parse((e as MessageEvent<string>).data) as SceneJson["diagnostics"][number];
  if (current.diagnostics.some((c) => c.message === d.message)) return;
  current = { ...current, diagnostics: [...current.diagnostics, d] };
  buildDiagnostics();
});

async function refresh(): Promise<void> {
  const res = await fetch("api/scene");
  build((await res.json()) as SceneJson);
}

let last = performance.now();
function frame(now: number): void {
  const dt = Math.min((now - last) / 1000, 0.1);
  last = now;
  if (robot !== undefined) {
    for (const [j, rate] of wheelRates) {
      const joint = robot.joints[j];
      if (joint !== undefined) setJoint(j, Number(joint.angle) + rate * dt);
    }
    if (playing && tracePlayer !== undefined) {
      const t = Number($<HTMLInputElement>("timeSlider").value) + dt;
      tracePlayer.seek(t > tracePlayer.duration ? 0 : t);
    }
  }
  if (fitPending && pendingMeshes === 0) {
    setCamera((params.get("camera") as CameraView | null) ?? "iso");
    fitPending = false;
  }
  if (batchPending && pendingMeshes === 0 && robot !== undefined) {
    buildBatch(robot);
    batchPending = false;
    invalidate();
  }
  if (dirty || continuous || wheelRates.size > 0 || playing) {
    dirty = false;
    if (poseDirty) {
      scene3.updateMatrixWorld(true);
      syncBatch();
      poseDirty = false;
    }
    highlight?.update();
    renderer.render(scene3, camera);
    frames++;
  }
  if (robot !== undefined && firstFrameMs === undefined) firstFrameMs = performance.now();
  if (!ready && robot !== undefined && pendingMeshes === 0 && !fitPending && frames > 0) ready = true;
  requestAnimationFrame(frame);
}

/** Pose of a link in the robot's root frame: column-major 4×4 (three.js / gl-matrix layout). */
function linkMatrix(name: string): number[] | undefined {
  const link = robot?.links[name];
  if (link === undefined || robot === undefined) return undefined;
  robot.updateMatrixWorld(true);
  return [...new THREE.Matrix4().copy(robot.matrixWorld).invert().multiply(link.matrixWorld).elements];
}

function countObjects(): number {
  let n = 0;
  scene3.traverse(() => void n++);
  return n;
}

/** The page's test and screenshot interface. */
const api = {
  get ready(): boolean {
    return ready;
  },
  get generation(): number {
    return current?.generation ?? -1;
  },
  get firstFrameMs(): number | undefined {
    return firstFrameMs;
  },
  get frames(): number {
    return frames;
  },
  get highlighted(): string | undefined {
    return highlighted;
  },
  linkNames: (): string[] => Object.keys(robot?.links ?? {}),
  /** The inertia boxes drawn: link, file or geometry, warned, shown, and sides (m, box axes). */
  inertiaBoxes: (): { link: string; kind: string; warned: boolean; shown: boolean; size: number[] }[] =>
    (overlays?.inertiaBoxes ?? []).map((b) => ({
      link: b.link,
      kind: b.kind,
      warned: b.warned,
      shown: isShown(b.object),
      size: b.object.scale.toArray(),
    })),
  jointValue: (name: string): number | undefined =>
    robot?.joints[name] === undefined ? undefined : Number(robot.joints[name].angle),
  linkMatrix,
  /** Bounding box (m, the robot's root frame) of a link's own visual geometry, as drawn: [min, max]. */
  visualBounds(name: string): [number[], number[]] | undefined {
    const link = robot?.links[name];
    if (link === undefined || robot === undefined) return undefined;
    robot.updateMatrixWorld(true);
    const toRoot = new THREE.Matrix4().copy(robot.matrixWorld).invert();
    const box = new THREE.Box3();
    link.traverse((o) => {
      // Stop at child links: only this link's own visuals (urdf-loader marks visuals isURDFVisual).
      if (!(o instanceof THREE.Mesh) || o.geometry === undefined) return;
      let owner: THREE.Object3D | null = o;
      while (owner !== null && !("isURDFLink" in owner && owner.isURDFLink === true)) owner = owner.parent;
      if (owner !== link) return;
      let visual: THREE.Object3D | null = o;
      while (visual !== null && visual !== link && !("isURDFVisual" in visual)) visual = visual.parent;
      if (visual === null || visual === link) return;
      o.geometry.computeBoundingBox();
      const b = o.geometry.boundingBox;
      if (b !== null) box.union(b.clone().applyMatrix4(new THREE.Matrix4().multiplyMatrices(toRoot, o.matrixWorld)));
    });
    return box.isEmpty() ? undefined : [box.min.toArray(), box.max.toArray()];
  },
  /** Moves a joint's slider as a user would (an input event). */
  setJointSlider(name: string, value: number): boolean {
    const slider = sliders.get(name)?.input;
    if (slider === undefined) return false;
    slider.value = String(value);
    slider.dispatchEvent(new Event("input"));
    return true;
  },
  applyTwist,
  setCamera,
  cameraPosition: (): number[] => camera.position.toArray(),
  /** Where a link's frame origin is on the page (CSS px from the top left), for hover tests. */
  screenOf(name: string): [number, number] | undefined {
    const link = robot?.links[name];
    if (link === undefined) return undefined;
    const p = link.getWorldPosition(new THREE.Vector3()).project(camera);
    const r = renderer.domElement.getBoundingClientRect();
    return [r.left + ((p.x + 1) / 2) * r.width, r.top + ((1 - p.y) / 2) * r.height];
  },
  info: () => ({
    software,
    lowFill,
    calls: renderer.info.render.calls,
    triangles: renderer.info.render.triangles,
    objects: scene3 === undefined ? 0 : countObjects(),
  }),
  /**
   * For a big robot's merged mesh: how many bodies it holds, and the largest distance (m)
   * between one of its vertices and where that body's own mesh would put it (undefined: no merge).
   */
  batchCheck(): { readonly bodies: number; readonly maxError: number } | undefined {
    if (batch === undefined) return undefined;
    const position = batch.mesh.geometry.getAttribute("position") as THREE.BufferAttribute;
    const expected = new THREE.Vector3(),
      actual = new THREE.Vector3();
    let maxError = 0;
    for (const { src, positions, first } of batch.items) {
      for (let k = 0; k < positions.count; k++) {
        expected.fromBufferAttribute(positions, k).applyMatrix4(src.matrixWorld);
        maxError = Math.max(maxError, actual.fromBufferAttribute(position, first + k).distanceTo(expected));
      }
    }
    return { bodies: batch.items.length, maxError };
  },
  /** The robot's base pose in the world (trace playback), column-major 4×4. */
  baseMatrix: (): number[] => (base.updateMatrixWorld(true), [...base.matrixWorld.elements]),
  stopWheels: (): void => void (wheelRates = new Map()),
  seek: (t: number): void => tracePlayer?.seek(t),
  /** Frames rendered per second over `ms` of continuous rendering. */
  async measureFps(ms: number): Promise<number> {
    continuous = true;
    const f0 = frames,
      t0 = performance.now();
    await new Promise((r) => setTimeout(r, ms));
    continuous = false;
    return ((frames - f0) * 1000) / (performance.now() - t0);
  },
};
(window as unknown as { robokitView: typeof api }).robokitView = api;

buildToggles();
void refresh().then(() => requestAnimationFrame(frame));

/**
 * A grid on the XY plane (z = 0) of `size` metres in `divisions` cells, each line cut into
 * cell-long segments: SwiftShader drops a line whose far end is behind the camera, so one
 * 10 m segment per line left the floor under a close camera empty.
 */
function groundGrid(size: number, divisions: number): THREE.LineSegments {
  const step = size / divisions;
  const half = size / 2;
  const positions: number[] = [];
  const colors: number[] = [];
  const axis = new THREE.Color(0xaab0bb),
    line = new THREE.Color(0xd0d4dc);
  for (let i = 0; i <= divisions; i++) {
    const c = -half + i * step;
    const color = Math.abs(c) < step / 2 ? axis : line;
    for (let j = 0; j < divisions; j++) {
      const a = -half + j * step,
        b = a + step;
      positions.push(a, c, 0, b, c, 0, c, a, 0, c, b, 0);
      for (let k = 0; k < 4; k++) colors.push(color.r, color.g, color.b);
    }
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute("position", new THREE.Float32BufferAttribute(positions, 3));
  geometry.setAttribute("color", new THREE.Float32BufferAttribute(colors, 3));
  return new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ vertexColors: true, toneMapped: false }));
}
