import { attr, attrNode, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { SDF_SENSOR_TYPES } from "./sdfSensorTypes.js";

/** libsdformat 12 (SDF 1.9, `ign sdf -k`) reads every older file converted up to 1.9, so 1.9's types load in any of them. */
const READER_MINOR = 9;

/**
 * Types libsdformat's sensor loader knows although no spec's type list names them:
 * `wideanglecamera` (Gazebo's wide-angle camera; libsdformat 12 loads it, `ign sdf -k` accepts it).
 */
const LIBRARY_TYPES = ["wideanglecamera"];

/**
 * `//sensor/@type` must be a type the file's SDF version defines ({@link SDF_SENSOR_TYPES}).
 * libsdformat converts an older file up to its own version, so a type from 1.9 or older is
 * accepted in any file; a type added later (e.g. `air_speed`, 1.10) in an older file, or a type
 * no version defines, is rejected by libsdformat ("the provided sensor type is missing or
 * invalid"): an error that names the version to declare.
 */
export const sdfSensorType: Rule = (ctx) => {
  const reads = Math.max(ctx.minor, READER_MINOR);
  const known = new Set<string>(LIBRARY_TYPES);
  for (const [minor, types] of Object.entries(SDF_SENSOR_TYPES))
    if (Number(minor) <= reads) for (const t of types) known.add(t);
  const stack: XmlElement[] = [ctx.root];
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement;
    if (el.name === "plugin" || el.name.includes(":")) continue;
    for (const item of el.children) stack.push(item);
    if (el.name !== "sensor") continue;
    const type = attr(el, "type");
    if (type === undefined || known.has(type)) continue;
    const since = Object.entries(SDF_SENSOR_TYPES).find(([, types]) => types.includes(type))?.[0];
    const where = attrNode(el, "type") === undefined ? undefined : "type";
    if (since !== undefined) {
      ctx.flag(
        "sdfSensorTypeNewer",
        el,
        `sensor "${attr(el, "name") ?? ""}": type [${type}] is defined from SDF 1.${since}; this file is SDF ${ctx.version} (declare <sdf version="1.${since}"> or newer)`,
        where,
      );
    } else {
      ctx.flag(
        "sdfSensorTypeUnknown",
        el,
        `sensor "${attr(el, "name") ?? ""}": type [${type}] is not a sensor type of any SDF version (SDF ${ctx.version} knows ${[...known].sort().join(", ")})`,
        where,
      );
    }
  }
};
