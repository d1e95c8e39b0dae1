/** A pan-tilt camera head: the TypeScript form of pantilt.yaml (both give the same URDF). */
import { box, cylinder, RobotBuilder, solidLink, type Robot } from "robokit";

const PAN_HEIGHT = 0.05;

/** The pan-tilt head. */
export const robot: Robot = new RobotBuilder("pantilt")
  .material("grey", [0.5, 0.5, 0.5, 1])
  .link(solidLink("base_link", { shape: box(0.1, 0.1, PAN_HEIGHT), mass: 0.5, material: "grey" }))
  .link(
    solidLink("pan_link", { shape: cylinder(0.03, 0.04), mass: 0.1, origin: { xyz: [0, 0, 0.02], rpy: [0, 0, 0] } }),
  )
  .link(solidLink("tilt_link", { shape: box(0.04, 0.08, 0.03), mass: 0.08 }))
  .joint({
    name: "pan",
    type: "revolute",
    parent: "base_link",
    child: "pan_link",
    origin: { xyz: [0, 0, PAN_HEIGHT / 2], rpy: [0, 0, 0] },
    axis: [0, 0, 1],
    limit: { lower: -3.1, upper: 3.1, effort: 2, velocity: 4 },
    actuator: { command: "position" },
  })
  .joint({
    name: "tilt",
    type: "revolute",
    parent: "pan_link",
    child: "tilt_link",
    origin: { xyz: [0, 0, 0.06], rpy: [0, 0, 0] },
    axis: [0, 1, 0],
    limit: { lower: -1.2, upper: 1.2, effort: 1, velocity: 4 },
    actuator: { command: "position" },
  })
  .build();
