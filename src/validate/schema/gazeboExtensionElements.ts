import type { XmlElement } from "../../parse/XmlDocument.js";

/**
 * Elements that Gazebo reads although the SDF spec does not define them, by parent element.
 * They are not reported as unrecognized: Gazebo's own files use them.
 * - `<sensor><gz_frame_id>` (Harmonic; Garden reads it too) and `<ignition_frame_id>`
 *   (Fortress): the frame_id stamped on sensor messages, read by gz-sensors.
 */
export const gazeboExtensionElements: Readonly<Record<string, readonly string[]>> = {
  sensor: ["gz_frame_id", "ignition_frame_id"],
};

/** True when `<child>` under `<parent>` is a Gazebo extension element. */
export function isGazeboExtensionElement(parent: string, child: string): boolean {
  return gazeboExtensionElements[parent]?.includes(child) ?? false;
}

/**
 * True when a repeated `<child>` under `parent` is Gazebo usage the spec's counts do not
 * allow: Gazebo Classic's `<sensor type="multicamera">` holds one `<camera>` per camera
 * (a stereo pair has two).
 */
export function isGazeboRepeatableElement(parent: XmlElement, child: string): boolean {
  return (
    parent.name === "sensor" &&
    child === "camera" &&
    parent.attributes.find((a) => a.name === "type")?.value === "multicamera"
  );
}
