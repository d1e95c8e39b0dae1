// Viewer benchmark, in headless Debian Chromium on the software renderer
// (SwiftShader): time to first frame of MARIO, and frames per second for a generated
// 1,000-link robot (idle with every overlay, without overlays, and with all joints moving).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { findChromium, launchChromium } from "../src/cli/view/launchChromium.js";
import { startView } from "../src/cli/view/runView.js";

const here = dirname(fileURLToPath(import.meta.url));
const tmp = join(here, "results", "tmp");

interface PageApi {
  ready: boolean;
  firstFrameMs: number | undefined;
  measureFps(ms: number): Promise<number>;
}
declare const robokitView: PageApi & { setJointSlider(n: string, v: number): boolean; linkNames(): string[] };

/** A branching tree of n links (link i hangs from link ⌊(i−1)/3⌋), each a box and a revolute joint. */
function treeUrdf(n: number): string {
  const out = [`<robot name="tree_${n}">`];
  for (let i = 0; i < n; i++) {
    out.push(
      `<link name="link_${i}"><inertial><origin xyz="0 0 0.05"/><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.005"/></inertial>`,
      `<visual><origin xyz="0 0 0.05"/><geometry><box size="0.04 0.04 0.1"/></geometry></visual><collision><origin xyz="0 0 0.05"/><geometry><box size="0.04 0.04 0.1"/></geometry></collision></link>`,
    );
    if (i > 0) {
      out.push(
        `<joint name="joint_${i}" type="revolute"><parent link="link_${Math.floor((i - 1) / 3)}"/><child link="link_${i}"/><origin xyz="0 0 0.1" rpy="0.4 0 ${(2 * Math.PI * (i % 3)) / 3}"/><axis xyz="0 1 0"/><limit lower="-1.5" upper="1.5" effort="1" velocity="1"/></joint>`,
      );
    }
  }
  out.push("</robot>");
  return `${out.join("\n")}\n`;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** Prints the viewer's speed figures as a Markdown table. */
export async function runBench(): Promise<void> {
  const executable = findChromium();
  if (executable === undefined) throw new Error("Chromium not found (apt-get install chromium)");
  mkdirSync(tmp, { recursive: true });
  const chrome = await launchChromium(executable);
  const rows: string[][] = [];
  try {
    const mario = await startView("mario", { watch: false });
    {
      const page = await chrome.context.newPage();
      await page.goto(mario.url);
      await page.waitForFunction(() => robokitView?.ready === true, null, { timeout: 60_000 });
      rows.push([
        "MARIO: frames/s (software renderer: 0.6 px per CSS px, no MSAA)",
        (await page.evaluate(() => robokitView.measureFps(4000))).toFixed(1),
      ]);
      await page.goto(`${mario.url}?quality=full`);
      await page.waitForFunction(() => robokitView?.ready === true, null, { timeout: 60_000 });
      rows.push([
        "MARIO: frames/s at full quality (?quality=full: MSAA, 1 px per CSS px)",
        (await page.evaluate(() => robokitView.measureFps(4000))).toFixed(1),
      ]);
      await page.close();
    }
    const first: number[] = [];
    const ready: number[] = [];
    for (let run = 0; run < 5; run++) {
      const page = await chrome.context.newPage();
      await page.goto(mario.url);
      await page.waitForFunction(() => robokitView?.ready === true, null, { timeout: 60_000 });
      first.push((await page.evaluate(() => robokitView.firstFrameMs)) ?? Number.NaN);
      ready.push(await page.evaluate(() => performance.now()));
      await page.close();
    }
    await mario.close();
    rows.push(["MARIO: page open → first frame with the robot (median of 5)", `${median(first).toFixed(0)} ms`]);

    const file = join(tmp, "tree_1000.urdf");
    writeFileSync(file, treeUrdf(1000));
    const tree = await startView(file, { watch: false });
    const page = await chrome.context.newPage();
    await page.goto(tree.url);
    await page.waitForFunction(() => robokitView?.ready === true, null, { timeout: 120_000 });
    rows.push([
      "1,000 links: page open → first frame",
      `${((await page.evaluate(() => robokitView.firstFrameMs)) ?? Number.NaN).toFixed(0)} ms`,
    ]);
    rows.push(["1,000 links: links in the scene", String(await page.evaluate(() => robokitView.linkNames().length))]);
    // Strings run in the page (this file is type-checked without the DOM library).
    const toggle = async (on: boolean): Promise<void> =>
      page.evaluate(`for (const t of ["frames", "joints", "sensors"]) {
        const box = document.querySelector('input[data-toggle="' + t + '"]');
        if (box !== null && box.checked !== ${on}) box.click();
      }`);
    rows.push([
      "1,000 links: frames/s, bodies only (the default above 300 links), camera still",
      (await page.evaluate(() => robokitView.measureFps(4000))).toFixed(1),
    ]);
    await toggle(true);
    rows.push([
      "1,000 links: frames/s, every overlay on (frames, joint axes and limits)",
      (await page.evaluate(() => robokitView.measureFps(4000))).toFixed(1),
    ]);
    await toggle(false);
    // All 999 joints moving every frame, as when a trace plays or a user drags.
    // A string, not a function: tsx would wrap inner functions in a helper the page lacks.
    const moving = (await page.evaluate(`(async () => {
      let go = true;
      const names = Array.from(document.querySelectorAll("input[data-joint]")).map((s) => s.dataset.joint);
      const step = (t) => {
        for (const n of names) robokitView.setJointSlider(n, 0.5 * Math.sin(t / 500));
        if (go) requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
      const fps = await robokitView.measureFps(4000);
      go = false;
      return fps;
    })()`)) as number;
    rows.push(["1,000 links: frames/s, bodies only, all 999 joints moved every frame", moving.toFixed(1)]);
    await page.close();
    await tree.close();
  } finally {
    await chrome.close();
  }
  const { loadavg } = await import("node:os");
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} on ${(await import("node:os")).cpus().length} cores\n`,
  );
  console.log("| measure (headless Chromium, SwiftShader, 1280×800) | value |\n| --- | --- |");
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
}
