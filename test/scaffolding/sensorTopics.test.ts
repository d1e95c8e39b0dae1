import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { emitMjcf } from "../../src/emit/mjcf/emitMjcf.js";
import { mjcfNames } from "../../src/emit/mjcf/mjcfNames.js";
import { distrosOf } from "../../src/emit/gazebo/RosDistro.js";
import { SIM_TARGETS, type SimTarget } from "../../src/emit/gazebo/SimTarget.js";
import { sensorStreams } from "../../src/emit/package/sensorStreams.js";
import type { Robot } from "../../src/model/Robot.js";
import type { Sensor } from "../../src/model/Sensor.js";

/**
 * Topic and frame names per sensor type and target, read back from the plugin configuration
 * in the generated URDF (and the gz bridge in the launch file) the way each plugin names
 * them, and compared with the list the .rviz file shows (sensorStreams). Frames follow
 * REP-105: a sensor's frame_id is the link it is mounted on, a frame of its own whose axes are
 * the sensor's (x out along the beam or optical axis), so the data sits where TF says.
 */
type Node = Record<string, unknown>;
const arr = (x: unknown): Node[] => (x === undefined ? [] : Array.isArray(x) ? (x as Node[]) : [x as Node]);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false });

/** MARIO plus a 2-D and a 3-D lidar, so every sensor type is covered. */
const lidars: Robot = {
  ...mario,
  name: "mario_lidar",
  links: [
    ...mario.links,
    {
      name: "laser_link",
      sensors: [
        {
          type: "lidar",
          name: "laser",
          updateRate: 10,
          topic: "scan",
          horizontal: { samples: 360, minAngle: -3.14, maxAngle: 3.14 },
          rangeMin: 0.1,
          rangeMax: 10,
        },
      ],
    },
    {
      name: "velodyne_link",
      sensors: [
        {
          type: "lidar",
          name: "velodyne",
          updateRate: 10,
          topic: "velodyne",
          horizontal: { samples: 360, minAngle: -3.14, maxAngle: 3.14 },
          vertical: { samples: 16, minAngle: -0.26, maxAngle: 0.26 },
          rangeMin: 0.1,
          rangeMax: 100,
        },
      ],
    },
  ],
  joints: [
    ...(mario.joints ?? []),
    {
      name: "laser_joint",
      type: "fixed",
      parent: "base_link",
      child: "laser_link",
      origin: { xyz: [0.2, 0, 0.2], rpy: [0, 0, 0] },
    },
    {
      name: "velodyne_joint",
      type: "fixed",
      parent: "base_link",
      child: "velodyne_link",
      origin: { xyz: [0, 0, 0.3], rpy: [0, 0, 0] },
    },
  ],
};

const remap = (plugin: Node, from: string): string | undefined => {
  const r = arr((plugin["ros"] as Node | undefined)?.["remapping"])
    .map(String)
    .find((x) => x.startsWith(`${from}:=`));
  return r === undefined ? undefined : `/${r.slice(from.length + 2)}`;
};

/** (topic, frame) pairs as each plugin in the URDF publishes them. */
function publishedByPlugins(
  urdf: string,
  target: SimTarget,
  launch: string,
): Map<string, { topic: string; frame: string }[]> {
  const robot = (parser.parse(urdf) as Node)["robot"] as Node;
  const out = new Map<string, { topic: string; frame: string }[]>();
  const add = (sensor: string, topic: string, frame: string): void => {
    out.set(sensor, [...(out.get(sensor) ?? []), { topic, frame }]);
  };
  for (const g of arr(robot["gazebo"])) {
    for (const s of arr(g["sensor"])) {
      const name = String(s["@name"]);
      const type = String(s["@type"]);
      const plugin = arr(s["plugin"])[0];
      if (target === "gz") {
        const topic = `/${String(s["topic"])}`;
        const frame = String(s["gz_frame_id"] ?? s["ignition_frame_id"]);
        const vertical =
          type === "gpu_lidar" ? (((s["lidar"] as Node)["scan"] as Node)["vertical"] as Node | undefined) : undefined;
        const rosTopic = Number(vertical?.["samples"] ?? 1) > 1 ? `${topic}/points` : topic;
        // Bridged to ROS under the same name by the launch file's parameter_bridge.
        if (type !== "contact") expect(launch, `${name}: bridge for ${rosTopic}`).toContain(`"${rosTopic.slice(1)}@`);
        // A stereo pair is two camera sensors <name>_left/_right.
        add(name.replace(/_(left|right)$/, ""), rosTopic, frame);
        continue;
      }
      if (plugin === undefined) continue;
      const file = String(plugin["@filename"]);
      if (target === "classic") {
        const frame = String(plugin["frame_name"]);
        if (file === "libgazebo_ros_camera.so") {
          const cameras = arr(s["camera"])
            .map((c) => c["@name"])
            .filter((n) => n !== undefined)
            .map(String);
          const c = String(plugin["camera_name"]);
          if (type === "multicamera") for (const cam of cameras) add(name, `/${c}/${cam}/image_raw`, frame);
          else add(name, `/${c}/image_raw`, frame);
        } else if (file === "libgazebo_ros_bumper.so") add(name, remap(plugin, "bumper_states") ?? "?", frame);
        else add(name, remap(plugin, "~/out") ?? "?", frame);
      } else {
        const frame = String(plugin["frameName"]);
        if (file === "libgazebo_ros_camera.so" || file === "libgazebo_ros_multicamera.so") {
          const base = `/${String(plugin["cameraName"])}`;
          const image = String(plugin["imageTopicName"]);
          if (type === "multicamera")
            for (const cam of arr(s["camera"]).map((c) => String(c["@name"])))
              add(name, `${base}/${cam}/${image}`, frame);
          else add(name, `${base}/${image}`, frame);
        } else if (file === "libgazebo_ros_bumper.so") add(name, `/${String(plugin["bumperTopicName"])}`, frame);
        else add(name, `/${String(plugin["topicName"])}`, frame);
      }
    }
    for (const p of arr(g["plugin"])) {
      const file = String(p["@filename"]);
      if (file.startsWith("libhector_gazebo_ros_"))
        add(String(p["@name"]).replace(/_plugin$/, ""), `/${String(p["topicName"])}`, String(p["frameId"]));
    }
  }
  return out;
}

const sensorsOf = (robot: Robot): { sensor: Sensor; link: string }[] =>
  robot.links.flatMap((l) => (l.sensors ?? []).map((sensor) => ({ sensor, link: l.name })));

/**
 * Each sensor in its own frame (REP-105; every Gazebo range, ray, camera and IMU plugin stamps
 * its frame and reads x as the beam): no two sensors share a frame_id, and the frame's axes are
 * the sensor's (no rotation between them). Only a stereo pair sits off its frame's origin, by
 * half the baseline (the frame is the pair's centre, as the ZED driver's).
 */
describe.each([mario, robotino, lidars])("$name: every sensor has a frame of its own", (robot) => {
  const all = sensorsOf(robot);
  it.each(all.map((s) => ({ type: s.sensor.type, name: s.sensor.name, link: s.link, sensor: s.sensor })))(
    "$type $name in $link",
    ({ name, link, sensor }) => {
      const frame = sensor.frameId ?? link;
      expect(
        all.filter((s) => (s.sensor.frameId ?? s.link) === frame).map((s) => s.sensor.name),
        `sensors stamped ${frame}`,
      ).toEqual([name]);
      expect(sensor.origin?.rpy ?? [0, 0, 0], `${name}: link_T_sensor rotation`).toEqual([0, 0, 0]);
      if (sensor.type !== "stereo")
        expect(sensor.origin?.xyz ?? [0, 0, 0], `${name}: link_T_sensor offset`).toEqual([0, 0, 0]);
      // The URDF (and so the TF tree) has the frame, on a joint from the body.
      const urdf = (
        parser.parse(
          buildArtifacts(robot, { target: "gz" }).find((a) => a.path === `urdf/${robot.name}.urdf`)?.content ?? "",
        ) as Node
      )["robot"] as Node;
      expect(arr(urdf["link"]).map((l) => l["@name"])).toContain(frame);
      expect(arr(urdf["joint"]).map((j) => (j["child"] as Node)["@link"])).toContain(frame);
    },
  );

  it("MJCF: each range sensor's rangefinder site sits in its frame's body", () => {
    const mjcf = parser.parse(emitMjcf(robot)) as Node;
    const siteBody = new Map<string, string>();
    const walk = (body: Node): void => {
      for (const site of arr(body["site"])) siteBody.set(String(site["@name"]), String(body["@name"]));
      for (const child of arr(body["body"])) walk(child);
    };
    for (const b of arr(((mjcf["mujoco"] as Node)["worldbody"] as Node)["body"])) walk(b);
    for (const { sensor, link } of all.filter((s) => s.sensor.type === "range"))
      expect(siteBody.get(mjcfNames.sensorSite(sensor.name)), sensor.name).toBe(sensor.frameId ?? link);
  });
});
const cases = [mario, robotino, lidars].flatMap((robot) =>
  SIM_TARGETS.flatMap((target) => distrosOf(target).map((distro) => ({ robot, target, distro }))),
);

describe.each(cases)("$robot.name $target $distro", ({ robot, target, distro }) => {
  const files = new Map(buildArtifacts(robot, { target, distro }).map((a) => [a.path, a.content] as const));
  const urdf = files.get(`urdf/${robot.name}.urdf`) ?? "";
  const launch = [...files.entries()].find(([p]) => p.startsWith("launch/") && !p.includes("display"))?.[1] ?? "";
  const byPlugin = publishedByPlugins(urdf, target, launch);
  const streams = sensorStreams(robot, target);

  it.each(sensorsOf(robot).map((s) => ({ type: s.sensor.type, name: s.sensor.name, link: s.link })))(
    "$type $name: the plugin's topic and frame are the documented ones (REP-105 frame = $link)",
    ({ name, link }) => {
      const expected = streams.filter((s) => s.sensor === name).map((s) => ({ topic: s.topic, frame: s.frame }));
      expect(expected.length).toBeGreaterThan(0);
      expect(byPlugin.get(name), `${name} in the URDF`).toEqual(expected);
      for (const e of expected) {
        expect(e.frame).toBe(link);
        expect(e.topic).toMatch(/^(\/[a-z][a-z0-9_]*)+$/);
        expect(e.topic, "no doubled namespace (the old /zed/zed/left)").not.toMatch(/\/([a-z0-9_]+)\/\1\//);
      }
    },
  );

  it("the .rviz shows every image, scan, cloud, range and IMU topic", () => {
    const rviz = JSON.stringify(parseYaml(files.get(`rviz/${robot.name}.rviz`) ?? ""));
    for (const s of streams.filter((x) => x.kind !== "navsat" && x.kind !== "contacts"))
      expect(rviz, s.topic).toContain(`"${s.topic}"`);
  });
});

it("MARIO's Classic stereo camera publishes /zed/left/image_raw (it was /zed/zed/left/image_raw)", () => {
  const urdf = buildArtifacts(mario, { target: "classic" }).find((a) => a.path === "urdf/mario.urdf")?.content ?? "";
  const topics = publishedByPlugins(urdf, "classic", "")
    .get("zed")
    ?.map((t) => t.topic);
  expect(topics).toEqual(["/zed/left/image_raw", "/zed/right/image_raw"]);
});
