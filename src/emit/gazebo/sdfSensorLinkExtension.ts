import type { Link } from "../../model/Link.js";
import { defaultShapeName, type SdfContext } from "../sdf/writeSdfModel.js";
import type { XMLBuilder } from "../xml/xmlDocument.js";
import { writeSdfSensor } from "./writeSdfSensor.js";

/**
 * SDF link extension writing the link's sensors. The SDF model directory is read by modern
 * Gazebo, so sensors are written for the `gz` target at the file's SDF version.
 */
export function sdfSensorLinkExtension(linkElement: XMLBuilder, link: Link, context: SdfContext): void {
  const first = link.collisions?.[0];
  const firstCollisionName = first === undefined ? undefined : (first.name ?? defaultShapeName("collision", 0));
  for (const sensor of link.sensors ?? []) writeSdfSensor(linkElement, sensor, { target: "gz", version: context.version, link, firstCollisionName });
}
