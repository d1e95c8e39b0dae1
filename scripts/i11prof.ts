import { stringify } from "yaml";
import { chainRobot } from "../bench/support/chainRobot.js";
import { checkRobot } from "../src/model/checkRobot.js";
import { emitUrdf } from "../src/emit/urdf/emitUrdf.js";
import { emitSdf } from "../src/emit/sdf/emitSdf.js";
import { urdfToModel } from "../src/parse/urdfToModel.js";
import { sdfToModel } from "../src/parse/sdfToModel.js";
import { readRobotDocument } from "../src/model/readRobotDocument.js";
import { toSdfVersion } from "../src/emit/sdf/SdfVersion.js";
const n = Number(process.argv[2] ?? 2000);
const stage = process.argv[3] ?? "check";
const robot = chainRobot(n);
const input = stage === "urdfToModel" ? emitUrdf(robot) : stage === "sdfToModel" ? emitSdf(robot, { version: toSdfVersion("1.9") }) : stage === "yamlDoc" ? stringify(robot, { aliasDuplicateObjects: false }) : "";
const run: Record<string, () => unknown> = {
  check: () => checkRobot(robot),
  emitUrdf: () => emitUrdf(robot),
  emitSdf: () => emitSdf(robot, { version: toSdfVersion("1.9") }),
  urdfToModel: () => urdfToModel(input, "c.urdf"),
  sdfToModel: () => sdfToModel(input, "c.sdf"),
  yamlDoc: () => readRobotDocument(input, "c.yaml"),
};
globalThis.gc?.();
const rss0 = process.memoryUsage().rss;
const s = performance.now();
const c0 = process.cpuUsage();
run[stage]!();
const cpu = process.cpuUsage(c0);
console.log(`${stage} n=${n}: ${(performance.now() - s).toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms cpu, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB (+${((process.memoryUsage().rss - rss0) / 1e6).toFixed(0)})`);
