import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import fc from "fast-check";

import { mario } from "../../examples/mario/mario.js";
import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { sdfBuildExtensions } from "../../src/emit/sdf/sdfBuildExtensions.js";
import { emitUrdf } from "../../src/emit/urdf/emitUrdf.js";
import { scaffoldingUrdfExtensions } from "../../src/emit/gazebo/scaffoldingUrdfExtensions.js";
import { METRES_PER_DEGREE } from "../../src/emit/gazebo/gpsNoiseUnits.js";
import { GaussMarkovNoise } from "../../src/sensors/noise/GaussMarkovNoise.js";
import { stationaryBiasStddevFromGazebo } from "../../src/sensors/noise/toGazeboNoise.js";
import { hectorStationaryBiasStddev, toHectorErrorModel } from "../../src/sensors/toHectorErrorModel.js";
import type { GaussianNoise } from "../../src/model/Noise.js";
import type { ImuSensor, GpsSensor } from "../../src/model/Sensor.js";

type Node = Record<string, unknown>;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false });
const imu = mario.links.flatMap((l) => l.sensors ?? []).find((s): s is ImuSensor => s.type === "imu");
const gps = mario.links.flatMap((l) => l.sensors ?? []).find((s): s is GpsSensor => s.type === "gps");
if (imu === undefined || gps === undefined) throw new Error("MARIO has an IMU and a GPS");
const gyro = imu.angularVelocityNoise?.x as GaussianNoise;

function sdfSensor(name: string): Node {
  const sdf = parser.parse(
    emitSdf(mario, { ...sdfBuildExtensions({ target: "gz", distro: "jazzy" }), version: "1.9" }),
  ) as Node;
  const links = ((sdf["sdf"] as Node)["model"] as Node)["link"] as Node[];
  for (const l of links)
    for (const s of [l["sensor"]].flat() as (Node | undefined)[]) if (s?.["@name"] === name) return s;
  throw new Error(`sensor ${name} not found`);
}
const gzGyroX = (((sdfSensor("imu")["imu"] as Node)["angular_velocity"] as Node)["x"] as Node)["noise"] as Node;
const n = (node: Node, key: string): number => Number(node[key]);

describe("IMU noise in the gz SDF carries the model's numbers, field by field", () => {
  it("mean", () => expect(n(gzGyroX, "mean")).toBe(gyro.mean ?? 0));
  it("stddev", () => expect(n(gzGyroX, "stddev")).toBe(gyro.stddev));
  it("bias_mean", () => expect(n(gzGyroX, "bias_mean")).toBe(gyro.biasMean));
  it("bias_stddev", () => expect(n(gzGyroX, "bias_stddev")).toBe(gyro.biasStddev));
  it("dynamic_bias_correlation_time", () =>
    expect(n(gzGyroX, "dynamic_bias_correlation_time")).toBe(gyro.dynamicBiasCorrelationTime));
  it("dynamic_bias_stddev: gz's driving σ whose stationary σ is the model's", () => {
    const stationary = stationaryBiasStddevFromGazebo(
      n(gzGyroX, "dynamic_bias_stddev"),
      n(gzGyroX, "dynamic_bias_correlation_time"),
    );
    expect(stationary).toBeCloseTo(gyro.dynamicBiasStddev ?? 0, 12);
  });
  it("precision is written only when set, with type gaussian_quantized", () => {
    expect(gzGyroX["precision"]).toBeUndefined();
    expect(gzGyroX["@type"]).toBe("gaussian");
  });
});

describe("targets that ignore a field do not write it", () => {
  it("Classic on Humble: an SDF IMU sensor without dynamic bias (hector_gazebo_plugins has no Humble release)", () => {
    const urdf = emitUrdf(mario, { extensions: scaffoldingUrdfExtensions({ target: "classic", distro: "humble" }) });
    expect(urdf).not.toContain("dynamic_bias_stddev");
    expect(urdf).not.toContain("libhector_gazebo_ros_imu.so");
    expect(urdf).toContain("libgazebo_ros_imu_sensor.so");
  });

  it("ROS 1: no dynamic bias in <noise>; the hector plugin carries the drift instead", () => {
    const urdf = emitUrdf(mario, { extensions: scaffoldingUrdfExtensions({ target: "ros1", distro: "noetic" }) });
    expect(urdf).not.toContain("dynamic_bias_stddev");
    expect(urdf).toContain("libhector_gazebo_ros_imu.so");
    const drift = /<rateDrift>([^<]*)<\/rateDrift>/.exec(urdf)?.[1]?.split(" ").map(Number) ?? [];
    const freq = /<rateDriftFrequency>([^<]*)<\/rateDriftFrequency>/.exec(urdf)?.[1]?.split(" ").map(Number) ?? [];
    expect(drift).toHaveLength(3);
    expect(hectorStationaryBiasStddev(drift[0] ?? 0, freq[0] ?? 0, 1 / imu.updateRate)).toBeCloseTo(
      gyro.dynamicBiasStddev ?? 0,
      8,
    );
    expect(freq[0]).toBeCloseTo(1 / (gyro.dynamicBiasCorrelationTime ?? 1), 9);
  });
  it("gz NavSat: horizontal position noise in degrees, vertical in metres", () => {
    const nav = sdfSensor("gps")["navsat"] as Node;
    const pos = nav["position_sensing"] as Node;
    expect(n((pos["horizontal"] as Node)["noise"] as Node, "stddev") * METRES_PER_DEGREE).toBeCloseTo(
      gps.horizontalPositionNoise?.stddev ?? 0,
      6,
    );
    expect(n((pos["vertical"] as Node)["noise"] as Node, "stddev")).toBe(gps.verticalPositionNoise?.stddev);
  });
});

describe("the emitted dynamic bias makes gz produce the runtime model's drift", () => {
  it("simulating gz-sensors' discretisation with the emitted σ gives the model's stationary σ (seeded)", () => {
    const tau = gyro.dynamicBiasCorrelationTime ?? 1;
    const sigmaGz = n(gzGyroX, "dynamic_bias_stddev");
    const dt = 1 / imu.updateRate;
    // gz-sensors: bias = φ·bias + N(0, σ_d), σ_d = sqrt(σ_gz²·τ/2·(1 − e^{−2dt/τ})); exact stationary σ = σ_gz·sqrt(τ/2).
    const sigmaD = Math.sqrt(((sigmaGz * sigmaGz * tau) / 2) * -Math.expm1((-2 * dt) / tau));
    const phi = Math.exp(-dt / tau);
    expect(sigmaD / Math.sqrt(1 - phi * phi)).toBeCloseTo(gyro.dynamicBiasStddev ?? 0, 12);
    // And the runtime model, run with the same parameters, has that stationary σ too.
    const runtime = new GaussMarkovNoise(
      { stddev: 0, dynamicBiasStddev: gyro.dynamicBiasStddev ?? 0, dynamicBiasCorrelationTime: tau / 100 },
      7,
      { randomBiasSign: false },
    );
    let sum2 = 0;
    const samples = 20000;
    for (let k = 0; k < samples; k++) {
      const y = runtime.apply(0, dt);
      sum2 += y * y;
    }
    expect(Math.sqrt(sum2 / samples)).toBeGreaterThan((gyro.dynamicBiasStddev ?? 0) * 0.8);
    expect(Math.sqrt(sum2 / samples)).toBeLessThan((gyro.dynamicBiasStddev ?? 0) * 1.2);
  });

  it("hector mapping hits any requested stationary σ (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 10, noNaN: true }),
        fc.double({ min: 1, max: 5000, noNaN: true }),
        fc.double({ min: 1, max: 1000, noNaN: true }),
        (sigma, tau, rate) => {
          const m = toHectorErrorModel(
            { stddev: 0, dynamicBiasStddev: sigma, dynamicBiasCorrelationTime: tau },
            1 / rate,
          );
          return Math.abs(hectorStationaryBiasStddev(m.drift, m.driftFrequency, 1 / rate) - sigma) <= 1e-9 * sigma;
        },
      ),
    );
  });
});
