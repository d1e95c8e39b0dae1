// One step of bench/chain.bench.ts in its own process: `chainStage.ts <stage> <links>` builds a
// chain (and the input text the step reads), runs the step once and prints its CPU time in ms.
import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { emitUrdf } from "../../src/emit/urdf/emitUrdf.js";
import { checkRobot } from "../../src/model/checkRobot.js";
import { readRobotDocument } from "../../src/model/readRobotDocument.js";
import { sdfToModel } from "../../src/parse/sdfToModel.js";
import { urdfToModel } from "../../src/parse/urdfToModel.js";
import { chainRobot } from "./chainRobot.js";

const [stage = "", count = "10000"] = process.argv.slice(2);
const robot = chainRobot(Number(count));
const steps: Record<string, () => () => unknown> = {
  checkRobot: () => () => checkRobot(robot),
  emitUrdf: () => () => emitUrdf(robot),
  emitSdf: () => () => emitSdf(robot, { version: "1.9" }),
  urdfToModel: () => {
    const text = emitUrdf(robot);
    return () => urdfToModel(text, "chain.urdf");
  },
  sdfToModel: () => {
    const text = emitSdf(robot, { version: "1.9" });
    return () => sdfToModel(text, "chain.sdf");
  },
  readRobotDocument: () => {
    const text = JSON.stringify(robot);
    return () => readRobotDocument(text, "chain.json");
  },
};
const prepare = steps[stage];
if (prepare === undefined) throw new Error(`unknown stage "${stage}" (${Object.keys(steps).join(", ")})`);
const run = prepare();
const start = process.cpuUsage();
const result = run();
const used = process.cpuUsage(start);
// A reader that stops at an input limit did no work worth timing: say so instead.
const limit = (result as { diagnostics?: readonly { code: string }[] } | undefined)?.diagnostics?.find(
  (d) => d.code === "INPUT_TOO_LARGE" || d.code === "TOO_MANY_ELEMENTS",
);
console.log(limit === undefined ? ((used.user + used.system) / 1000).toFixed(0) : `refused (${limit.code})`);
