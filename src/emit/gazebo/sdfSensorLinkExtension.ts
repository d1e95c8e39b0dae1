import type { Link } from "../../model/Link.js";
import { defaultShapeName } from "../../model/sdfDefaults.js";
import type { SdfContext, SdfLinkExtension } from "../sdf/writeSdfModel.js";
import type { XmlOutElement } from "../xml/xmlDocument.js";
import type { RosPlatform } from "./RosDistro.js";
import { writeSdfSensor } from "./writeSdfSensor.js";

/**
 * SDF link extension writing the link's sensors for a target and distro (gz-sim sensor types and
 * systems, or Gazebo Classic's) at the file's SDF version.
 */
export function sdfSensorLinkExtension({ target, distro }: RosPlatform): SdfLinkExtension {
  return (linkElement: XmlOutElement, link: Link, context: SdfContext): void => {
    const first = link.collisions?.[0];
    const firstCollisionName = first === undefined ? undefined : (first.name ?? defaultShapeName("collision", 0));
    for (const sensor of link.sensors ?? [])
      writeSdfSensor(linkElement, sensor, { target, distro, version: context.version, link, firstCollisionName });
  };
}
