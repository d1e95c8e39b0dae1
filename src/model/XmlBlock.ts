/**
 * XML kept verbatim: an extension block the model does not describe (a `<transmission>`, a
 * `<gazebo>` plugin, `<ros2_control>` …), typically carried over by `robokit import`. The URDF
 * emitter writes each `format: "urdf"` block back, after the joints, as the last children of
 * `<robot>`; other outputs ignore them. robokit does not check their content.
 */
export interface XmlBlock {
  /** The output the block belongs to. */
  readonly format: "urdf";
  /** One well-formed XML element, e.g. `<transmission name="t">…</transmission>`. */
  readonly xml: string;
}
