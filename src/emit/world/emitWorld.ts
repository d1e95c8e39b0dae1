import { defaultDistro, gzSystem, type RosDistro } from "../gazebo/RosDistro.js";
import { targetSdfVersion, type SimTarget } from "../gazebo/SimTarget.js";
import { generatedBy } from "../xml/generatedBy.js";
import { num, serializeXml, vec, xmlDocument, type XmlOutElement } from "../xml/xmlDocument.js";
import { vineyard, type StaticObject } from "./vineyard.js";
import type { WorldSpec } from "./WorldSpec.js";

/** SDF version of the world file: 1.9 for modern Gazebo, 1.6 for Gazebo Classic 11. */
export function worldSdfVersion(target: SimTarget): string {
  return targetSdfVersion(target);
}

/**
 * An SDF world: physics, gravity, spherical coordinates (GPS reference), the gz-sim world
 * systems on `gz` (names per distro: ignition-gazebo on Fortress; physics, user commands, scene broadcaster, rendering sensors), a sun,
 * a ground plane and the static objects (e.g. a vineyard).
 */
export function emitWorld(spec: WorldSpec, target: SimTarget, distro: RosDistro = defaultDistro(target)): string {
  const doc = xmlDocument(generatedBy(`world, sdf ${worldSdfVersion(target)}`, { target, distro }));
  const world = doc.ele("sdf", { version: worldSdfVersion(target) }).ele("world", { name: spec.name });
  const physics = world.ele("physics", { name: "default", type: "ode" });
  physics.ele("max_step_size").txt(num(spec.maxStepSize));
  physics.ele("real_time_factor").txt(num(spec.realTimeFactor));
  world.ele("gravity").txt("0 0 -9.8");
  if (target === "gz") {
    for (const [file, className] of [
      ["physics", "Physics"],
      ["user-commands", "UserCommands"],
      ["scene-broadcaster", "SceneBroadcaster"],
      ["sensors", "Sensors"],
    ] as const) {
      const p = world.ele("plugin", gzSystem(distro, file, className));
      if (className === "Sensors") p.ele("render_engine").txt("ogre2");
    }
  }
  const sc = world.ele("spherical_coordinates");
  sc.ele("surface_model").txt("EARTH_WGS84");
  sc.ele("latitude_deg").txt(num(spec.latitude));
  sc.ele("longitude_deg").txt(num(spec.longitude));
  sc.ele("elevation").txt(num(spec.elevation));
  sc.ele("heading_deg").txt("0");
  writeSun(world);
  writeGround(world);
  const objects = [...(spec.vineyard === undefined ? [] : vineyard(spec.vineyard)), ...(spec.objects ?? [])];
  for (const o of objects) writeStatic(world, o);
  return serializeXml(doc);
}

function writeSun(world: XmlOutElement): void {
  const sun = world.ele("light", { type: "directional", name: "sun" });
  sun.ele("cast_shadows").txt("1");
  sun.ele("pose").txt("0 0 10 0 0 0");
  sun.ele("diffuse").txt("0.8 0.8 0.8 1");
  sun.ele("specular").txt("0.2 0.2 0.2 1");
  sun.ele("direction").txt("-0.5 0.1 -0.9");
}

function writeGround(world: XmlOutElement): void {
  const model = world.ele("model", { name: "ground_plane" });
  model.ele("static").txt("1");
  const link = model.ele("link", { name: "link" });
  for (const tag of ["collision", "visual"] as const) {
    const el = link.ele(tag, { name: tag });
    const plane = el.ele("geometry").ele("plane");
    plane.ele("normal").txt("0 0 1");
    plane.ele("size").txt("100 100");
    if (tag === "visual") {
      const m = el.ele("material");
      m.ele("ambient").txt("0.45 0.4 0.3 1");
      m.ele("diffuse").txt("0.45 0.4 0.3 1");
    }
  }
}

function writeStatic(world: XmlOutElement, o: StaticObject): void {
  const model = world.ele("model", { name: o.name });
  model.ele("static").txt("1");
  const link = model.ele("link", { name: "link" });
  for (const s of o.shapes) {
    for (const tag of ["collision", "visual"] as const) {
      const el = link.ele(tag, { name: `${s.name}_${tag}` });
      el.ele("pose").txt(`${vec(s.position)} 0 0 0`);
      const g = el.ele("geometry");
      if (s.shape.type === "box") g.ele("box").ele("size").txt(vec(s.shape.size));
      else {
        const c = g.ele("cylinder");
        c.ele("radius").txt(num(s.shape.radius));
        c.ele("length").txt(num(s.shape.length));
      }
      if (tag === "visual") {
        const m = el.ele("material");
        m.ele("ambient").txt(vec(s.rgba));
        m.ele("diffuse").txt(vec(s.rgba));
      }
    }
  }
}
