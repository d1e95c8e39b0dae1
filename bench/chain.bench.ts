// Issue 11: work grows linearly with the robot. A serial chain (the deepest tree) of 10,000 and
// 100,000 links through the model check and the URDF/SDF emitters, and the reader of each
// format on the emitter's output. CPU time (user + system) of one run, so a loaded machine does
// not inflate it much, and the process's peak RSS so far.
import { emitSdf } from "../src/emit/sdf/emitSdf.js";
import { emitUrdf } from "../src/emit/urdf/emitUrdf.js";
import { checkRobot } from "../src/model/checkRobot.js";
import { readRobotDocument } from "../src/model/readRobotDocument.js";
import { urdfToModel } from "../src/parse/urdfToModel.js";
import { chainRobot } from "./support/chainRobot.js";

function cpu(run: () => unknown): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Runs the chain benchmark and prints a markdown table. */
export async function runBench(): Promise<void> {
  console.log("| links | checkRobot (ms) | emitUrdf (ms) | emitSdf (ms) | urdfToModel (ms) | JSON document read (ms) | peak RSS (MiB) |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  for (const n of [10_000, 100_000]) {
    const robot = chainRobot(n);
    const check = cpu(() => checkRobot(robot));
    let urdf = "";
    const eu = cpu(() => (urdf = emitUrdf(robot)));
    const es = cpu(() => emitSdf(robot, { version: "1.9" }));
    const read = cpu(() => urdfToModel(urdf, "chain.urdf"));
    const json = JSON.stringify(robot);
    const doc = cpu(() => readRobotDocument(json, "chain.json"));
    const rss = process.resourceUsage().maxRSS / 1024;
    console.log(`| ${n} | ${check.toFixed(0)} | ${eu.toFixed(0)} | ${es.toFixed(0)} | ${read.toFixed(0)} | ${doc.toFixed(0)} | ${rss.toFixed(0)} |`);
  }
  await Promise.resolve();
}
