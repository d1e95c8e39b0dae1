import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { SDF_SENSOR_TYPES } from "../../src/validate/rules/sdfSensorTypes.js";
import { validateSdf } from "../../src/validate/validateFile.js";
import { sdformatRoot } from "../conformance/conformance.js";

const sdf = (version: string, type: string): string =>
  `<sdf version="${version}">\n  <model name="m">\n    <link name="l">\n      <sensor name="s" type="${type}"/>\n    </link>\n  </model>\n</sdf>\n`;
const sensorErrors = (version: string, type: string) =>
  validateSdf(sdf(version, type), "s.sdf").filter((d) => d.severity === "error" && d.message.includes("sensor"));

describe("SDF sensor types per version (air_speed in an SDF 1.6 file was accepted; libsdformat 12 rejects it)", () => {
  it("the table is the spec's own list, version by version", () => {
    for (const [minor, types] of Object.entries(SDF_SENSOR_TYPES)) {
      const text = readFileSync(join(sdformatRoot, "spec", `1.${minor}`, "sensor.sdf"), "utf8");
      const description =
        /<attribute name="type"[\s\S]*?<description>([\s\S]*?)<\/description>/.exec(text)?.[1]?.replace(/\s+/g, " ") ??
        "";
      const list = /supports types (.*?)\./.exec(description)?.[1] ?? "";
      expect(types, `1.${minor}`).toEqual(
        list
          .split(/,\s*(?:and\s+)?|\s+and\s+/)
          .map((t) => t.trim())
          .filter((t) => t !== ""),
      );
    }
  });

  it("a type added after 1.9 is an error in an older file, at the sensor, naming the version to declare", () => {
    const errors = sensorErrors("1.6", "air_speed");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: "ATTRIBUTE_INVALID", line: 4 });
    expect(errors[0]?.message).toContain("defined from SDF 1.10");
    expect(sensorErrors("1.10", "air_speed")).toEqual([]);
  });

  it("types up to 1.9 are accepted in older files (libsdformat reads them converted to 1.9); unknown types are errors", () => {
    expect(sensorErrors("1.6", "navsat")).toEqual([]);
    expect(sensorErrors("1.6", "custom")).toEqual([]);
    expect(sensorErrors("1.5", "imu")).toEqual([]);
    expect(sensorErrors("1.6", "wideanglecamera")).toEqual([]); // libsdformat loads it; no spec list names it
    expect(sensorErrors("1.9", "teleporter")[0]?.message).toContain("not a sensor type of any SDF version");
  });
});
