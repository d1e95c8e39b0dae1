import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import type { Robot } from "./Robot.js";

/** libsdformat reads an image size as an unsigned 32-bit integer. */
const MAX_PIXELS = 4_294_967_295;

/** A camera's horizontal field of view (rad): SDF's camera.sdf allows [0.001, 6.283186], libsdformat 12 from 0.1. */
const MIN_FOV = 0.1;
const MAX_FOV = 6.283186;

/** Noise fields that are standard deviations: libsdformat refuses a negative one. */
const DEVIATIONS = new Set(["stddev", "biasStddev", "dynamicBiasStddev"]);

/**
 * Values the model's types allow but the files' consumers refuse, each an error at its JSON
 * pointer: a colour component outside [0, 1] and a negative friction coefficient or noise
 * deviation (libsdformat's ranges), a camera image that is not a positive whole number of
 * pixels, a field of view outside SDF's range or clip planes not 0 < near < far (libsdformat,
 * Gazebo's camera), an empty sensor
 * topic (the plugin blocks need one), a joint with a link's name (libsdformat refuses siblings
 * of one name) and a robot named `world` (SDF reserves it). Never throws on checked data.
 */
export function checkConsumerRanges(robot: Robot): Diagnostic[] {
  const out: Diagnostic[] = [];
  const add = (jsonPath: string, message: string): void => {
    out.push({ code: "VALUE_OUT_OF_RANGE", severity: "error", message, jsonPath });
  };
  if (robot.name === "world")
    add("/name", 'robot "world": the name is reserved in SDF (libsdformat refuses a model called world); rename it');
  (robot.materials ?? []).forEach((m, i) => rgba(m.rgba, `/materials/${i}/rgba`, `material "${m.name}"`, add));
  const linkNames = new Set(robot.links.map((l) => l.name));
  robot.links.forEach((link, i) => {
    const where = `link "${link.name}"`;
    (link.visuals ?? []).forEach((v, k) => {
      if (v.inlineMaterial !== undefined)
        rgba(v.inlineMaterial.rgba, `/links/${i}/visuals/${k}/inlineMaterial/rgba`, where, add);
    });
    (link.collisions ?? []).forEach((c, k) => {
      for (const field of ["mu", "mu2"] as const) {
        const value = c.surface?.[field];
        if (value !== undefined && value < 0)
          add(
            `/links/${i}/collisions/${k}/surface/${field}`,
            `${where}: collisions[${k}].surface.${field} must be ≥ 0 (got ${value}); libsdformat refuses a negative friction coefficient`,
          );
      }
    });
    (link.sensors ?? []).forEach((s, k) => {
      const base = `/links/${i}/sensors/${k}`;
      const sensor = `sensor "${s.name}"`;
      if (s.topic !== undefined && s.topic.trim() === "")
        add(`${base}/topic`, `${sensor}: topic must not be empty (leave it out for the default)`);
      if (s.type === "camera" || s.type === "stereo") {
        for (const field of ["width", "height"] as const)
          if (!(Number.isInteger(s[field]) && s[field] > 0 && s[field] <= MAX_PIXELS))
            add(
              `${base}/${field}`,
              `${sensor}: ${field} must be a whole number of pixels in [1, ${MAX_PIXELS}] (got ${s[field]}); libsdformat reads it as a 32-bit unsigned integer`,
            );
        if (!(s.horizontalFov >= MIN_FOV && s.horizontalFov <= MAX_FOV))
          add(
            `${base}/horizontalFov`,
            `${sensor}: horizontalFov must be in [${MIN_FOV}, ${MAX_FOV}] rad (got ${s.horizontalFov}); libsdformat 12 refuses a camera outside it`,
          );
        if (!(s.near > 0 && s.far > s.near))
          add(`${base}/near`, `${sensor}: clip planes must satisfy 0 < near < far (got near ${s.near}, far ${s.far})`);
      }
      deviations(s, base, sensor, add);
    });
  });
  (robot.joints ?? []).forEach((j, i) => {
    if (linkNames.has(j.name))
      add(
        `/joints/${i}/name`,
        `joint "${j.name}": a link has the same name; libsdformat (Gazebo) refuses a joint and a link of one name`,
      );
  });
  return out;
}

function rgba(
  value: readonly number[],
  jsonPath: string,
  where: string,
  add: (jsonPath: string, message: string) => void,
): void {
  value.forEach((c, k) => {
    if (!(c >= 0 && c <= 1))
      add(`${jsonPath}/${k}`, `${where}: rgba[${k}] must be in [0, 1] (got ${c}); libsdformat refuses the colour`);
  });
}

/** Every noise deviation under a sensor, at any depth (axes, per-measurement noises). */
function deviations(
  value: unknown,
  path: string,
  sensor: string,
  add: (jsonPath: string, message: string) => void,
): void {
  if (typeof value !== "object" || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    if (DEVIATIONS.has(key) && typeof child === "number" && child < 0)
      add(`${path}/${key}`, `${sensor}: ${key} must be ≥ 0 (got ${child}); a standard deviation is never negative`);
    else deviations(child, `${path}/${key}`, sensor, add);
  }
}
