// robokit view in a real browser: Debian's Chromium (SwiftShader WebGL) driven by playwright-core.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loadRobot } from "../../src/cli/loadRobot.js";
import { findChromium, launchChromium } from "../../src/cli/view/launchChromium.js";
import { startView } from "../../src/cli/view/runView.js";
import type { ViewServer } from "../../src/cli/view/startViewServer.js";
import { linkPoses } from "../../src/model/linkPoses.js";
import { poseToMatrix } from "../../src/model/Pose.js";
import { haveTool } from "../support/tools.js";
import { readPng } from "../support/readPng.js";
import { boxSolid, toDae, toStlBinary } from "../support/meshFiles.js";

const CLI = join(import.meta.dirname, "../../dist/src/cli/main.js");
const hasChromium = haveTool("chromium", "robokit view browser tests (apt-get install chromium)");

interface ViewApi {
  ready: boolean;
  generation: number;
  highlighted: string | undefined;
  frames: number;
  linkNames(): string[];
  inertiaBoxes(): { link: string; kind: string; warned: boolean; shown: boolean; size: number[] }[];
  jointValue(name: string): number | undefined;
  linkMatrix(name: string): number[] | undefined;
  visualBounds(name: string): [number[], number[]] | undefined;
  setJointSlider(name: string, value: number): boolean;
  applyTwist(vx: number, vy: number, wz: number): Promise<unknown>;
  stopWheels(): void;
  seek(t: number): void;
  cameraPosition(): number[];
  screenOf(name: string): [number, number] | undefined;
  baseMatrix(): number[];
  batchCheck(): { bodies: number; maxError: number } | undefined;
  info(): { calls: number };
}
declare const robokitView: ViewApi;

describe.runIf(hasChromium)("robokit view in Chromium", () => {
  let chrome: Awaited<ReturnType<typeof launchChromium>>;
  const servers: ViewServer[] = [];
  const tmp = mkdtempSync(join(tmpdir(), "robokit-view-test-"));

  beforeAll(async () => {
    chrome = await launchChromium(findChromium() ?? "chromium");
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await chrome?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  /** Opens the view of `arg`; the list collects console errors and page exceptions. */
  async function open(
    arg: string,
    options: { trace?: string; watch?: boolean; query?: string } = {},
  ): Promise<{ page: Page; errors: string[]; server: ViewServer }> {
    const server = await startView(arg, {
      watch: options.watch ?? false,
      ...(options.trace === undefined ? {} : { trace: options.trace }),
    });
    servers.push(server);
    const page = await chrome.context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.url}${options.query ?? ""}`);
    await page.waitForFunction(() => robokitView?.ready === true, null, { timeout: 60_000 });
    return { page, errors, server };
  }

  it("shows every link of MARIO with no console error; each slider moves its link exactly as linkPoses says; a twist poses the wheels as robokit ik says", async () => {
    const robot = await loadRobot("mario");
    const { page, errors } = await open("mario");
    expect((await page.evaluate(() => robokitView.linkNames())).sort()).toEqual(robot.links.map((l) => l.name).sort());

    const movable = (robot.joints ?? []).filter(
      (j) => j.type === "revolute" || j.type === "continuous" || j.type === "prismatic",
    );
    const positions = new Map<string, number>();
    movable.forEach((j, i) =>
      positions.set(
        j.name,
        j.type === "revolute"
          ? j.limit.lower + ((j.limit.upper - j.limit.lower) * (i + 1)) / (movable.length + 2)
          : 0.37 * (i + 1) - 1,
      ),
    );
    for (const [name, q] of positions)
      expect(await page.evaluate(([n, v]) => robokitView.setJointSlider(n, v), [name, q] as const)).toBe(true);
    const expected = linkPoses(robot, positions);
    for (const link of robot.links) {
      const got = await page.evaluate((n) => robokitView.linkMatrix(n), link.name);
      const want = Array.from(poseToMatrix(expected.get(link.name)!));
      expect(got).toHaveLength(16);
      got!.forEach((v, k) => expect(Math.abs(v - want[k]!), `${link.name}[${k}]`).toBeLessThan(1e-9));
    }

    const cli = JSON.parse(
      execFileSync("node", [CLI, "ik", "mario", "--vx", "0.5", "--vy", "0.2", "--wz", "0.3", "--json"], {
        encoding: "utf8",
      }),
    ) as { wheels: { steerJoint: string; angle: number }[] };
    // Names on hover: the pointer over the ZED camera's frame names it.
    const at = await page.evaluate(() => robokitView.screenOf("zed_camera_link"));
    await page.mouse.move(at![0], at![1]);
    await expect.poll(() => page.locator("#tip").textContent()).toMatch(/zed_camera_link/);

    await page.evaluate(() => robokitView.applyTwist(0.5, 0.2, 0.3));
    await page.evaluate(() => robokitView.stopWheels());
    expect(cli.wheels.length).toBe(4);
    for (const w of cli.wheels) {
      const q = await page.evaluate((n) => robokitView.jointValue(n), w.steerJoint);
      // The CLI prints 9 significant digits.
      expect(Math.abs(q! - w.angle), w.steerJoint).toBeLessThan(1e-8);
    }
    expect(errors).toEqual([]);
  });

  it("a big robot's bodies are one merged mesh that follows every joint (within float precision), drawn in a few calls", async () => {
    const n = 310; // above 300 links the page starts with bodies only (no per-link overlays)
    const links: string[] = [];
    for (let i = 0; i < n; i++) {
      links.push(
        `<link name="l${i}"><visual><origin xyz="0 0 0.05"/><geometry><box size="0.04 0.04 0.1"/></geometry></visual></link>`,
      );
      if (i > 0)
        links.push(
          `<joint name="j${i}" type="revolute"><parent link="l${Math.floor((i - 1) / 3)}"/><child link="l${i}"/><origin xyz="0 0 0.1" rpy="0.4 0 ${(i % 3) * 2.1}"/><axis xyz="0 1 0"/><limit lower="-1.5" upper="1.5" effort="1" velocity="1"/></joint>`,
        );
    }
    const file = join(tmp, "tree.urdf");
    writeFileSync(file, `<robot name="tree">\n${links.join("\n")}\n</robot>\n`);
    const { page, errors } = await open(file);
    expect(await page.evaluate(() => robokitView.batchCheck())).toEqual({ bodies: n, maxError: expect.any(Number) });
    for (const value of [0.7, -1.2]) {
      await page.evaluate((v) => {
        for (let i = 1; i < 310; i += 7) robokitView.setJointSlider(`j${i}`, v);
      }, value);
      await page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))");
      const check = await page.evaluate(() => robokitView.batchCheck());
      // Float32 vertices over a robot a few metres across.
      expect(check?.maxError).toBeLessThan(1e-5);
      // The same check fails if the merged mesh stood still: the moved links are metres away from where they were.
      expect(await page.evaluate(() => robokitView.jointValue("j1"))).toBeCloseTo(value, 9);
    }
    expect(await page.evaluate(() => robokitView.info().calls)).toBeLessThan(20);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a diagnostic click highlights its element", async () => {
    const file = join(tmp, "warn.urdf");
    // A revolute joint with lower > upper: the validator flags the joint.
    writeFileSync(
      file,
      `<robot name="w"><link name="a"/><link name="b"><visual><geometry><box size="0.1 0.1 0.1"/></geometry></visual></link>
<joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 0 1"/><limit lower="1" upper="-1" effort="1" velocity="1"/></joint></robot>\n`,
    );
    const { page } = await open(file);
    const rows = page.locator("#diagnostics div[data-target='b']");
    expect(await rows.count()).toBeGreaterThan(0);
    await rows.first().click();
    expect(await page.evaluate(() => robokitView.highlighted)).toBe("b");
  });

  it("the inertia display: off by default; on, a mismatching mesh link shows its file box (red: warned) and its mesh's box, and the picture changes", async () => {
    const pkg = join(tmp, "inertia_pkg");
    mkdirSync(join(pkg, "meshes"), { recursive: true });
    writeFileSync(join(pkg, "package.xml"), "<package><name>inertia_pkg</name></package>\n");
    writeFileSync(join(pkg, "meshes", "arm.stl"), toStlBinary(boxSolid([-0.1, -0.1, 0], [0.1, 0.1, 0.2])));
    // 5 kg with the inertia of a 1 m cube in a 0.2 m mesh cube: INERTIA_GEOMETRY_MISMATCH (25x).
    const i = (5 * 2 * 1 * 1) / 12;
    const file = join(pkg, "arm.urdf");
    writeFileSync(
      file,
      `<robot name="arm"><link name="base"><visual><geometry><box size="0.4 0.4 0.05"/></geometry></visual></link>
<link name="arm"><inertial><origin xyz="0 0 0.1"/><mass value="5"/><inertia ixx="${i}" ixy="0" ixz="0" iyy="${i}" iyz="0" izz="${i}"/></inertial>
<visual><geometry><mesh filename="package://inertia_pkg/meshes/arm.stl"/></geometry></visual>
<collision><geometry><mesh filename="package://inertia_pkg/meshes/arm.stl"/></geometry></collision></link>
<joint name="j" type="revolute"><parent link="base"/><child link="arm"/><origin xyz="0 0 0.05"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint></robot>\n`,
    );
    const { page, errors } = await open(file);
    const boxes = await page.evaluate(() => robokitView.inertiaBoxes());
    expect(boxes.map((b) => [b.link, b.kind, b.warned, b.shown])).toEqual([
      ["arm", "file", true, false],
      ["arm", "geometry", true, false],
    ]);
    boxes[0]?.size.forEach((s) => expect(s).toBeCloseTo(1, 6));
    boxes[1]?.size.forEach((s) => expect(s).toBeCloseTo(0.2, 6));
    const before = readPng(await page.screenshot());
    const framesBefore = await page.evaluate(() => robokitView.frames);
    await page.locator('input[data-toggle="inertia"]').check();
    await page.waitForFunction(() => robokitView.inertiaBoxes().every((b) => b.shown));
    // A frame drawn after the toggle (the page renders only when something changed).
    await page.waitForFunction((f) => robokitView.frames > f, framesBefore);
    const after = readPng(await page.screenshot());
    // The red file box, far larger than the robot, covers much of the view: count pixels that changed.
    let changed = 0;
    for (let k = 0; k < before.data.length; k += 4)
      if (Math.abs(before.data[k]! - after.data[k]!) + Math.abs(before.data[k + 1]! - after.data[k + 1]!) > 30)
        changed++;
    expect(changed / (before.width * before.height)).toBeGreaterThan(0.01);
    // Off again, then the warning in the list: it selects the link and shows the boxes.
    await page.locator('input[data-toggle="inertia"]').uncheck();
    expect((await page.evaluate(() => robokitView.inertiaBoxes())).some((b) => b.shown)).toBe(false);
    await page.locator("#diagnostics div", { hasText: "INERTIA_GEOMETRY_MISMATCH" }).first().click();
    expect(await page.evaluate(() => robokitView.highlighted)).toBe("arm");
    expect((await page.evaluate(() => robokitView.inertiaBoxes())).every((b) => b.shown)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
    // ?inertia=1 (robokit view --inertia) starts with the display on.
    const shown = await open(file, { query: "?inertia=1" });
    expect((await shown.page.evaluate(() => robokitView.inertiaBoxes())).map((b) => b.shown)).toEqual([true, true]);
    await shown.page.close();
  });

  it("draws COLLADA meshes as Gazebo loads them: <up_axis> ignored (Z_UP, Y_UP and X_UP alike), <unit meter> applied", async () => {
    const dir = join(tmp, "up_axis");
    mkdirSync(join(dir, "meshes"), { recursive: true });
    // A rod along +y from y = 0.3 to 1.1. three's ColladaLoader turns a Z_UP file's root −90° about x
    // (the rod to −z); urdf-loader 0.13.1 resets that rotation, keeping the unit scale, as Gazebo draws it.
    const lo = [-0.02, 0.3, -0.02] as const;
    const hi = [0.02, 1.1, 0.02] as const;
    const rod = boxSolid(lo, hi);
    const files = {
      z: { upAxis: "Z_UP", meter: 1 },
      y: { upAxis: "Y_UP", meter: 1 },
      x: { upAxis: "X_UP", meter: 0.001 },
    } as const;
    let urdf = '<robot name="up"><link name="base"/>';
    for (const [name, o] of Object.entries(files)) {
      writeFileSync(join(dir, "meshes", `${name}.dae`), toDae(rod, o));
      urdf += `<link name="${name}"><visual><geometry><mesh filename="meshes/${name}.dae"/></geometry></visual></link>`;
      urdf += `<joint name="j_${name}" type="fixed"><parent link="base"/><child link="${name}"/></joint>`;
    }
    const file = join(dir, "up.urdf");
    writeFileSync(file, `${urdf}</robot>\n`);
    const { page, errors } = await open(file);
    for (const name of Object.keys(files)) {
      const bounds = await page.evaluate((n) => robokitView.visualBounds(n), name);
      expect(bounds, name).toBeDefined();
      bounds![0].forEach((v, k) => expect(v, `${name} min ${k}`).toBeCloseTo(lo[k]!, 5));
      bounds![1].forEach((v, k) => expect(v, `${name} max ${k}`).toBeCloseTo(hi[k]!, 5));
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("--screenshot writes a picture that is not blank", () => {
    const out = join(tmp, "robotino.png");
    execFileSync("node", [CLI, "view", "robotino", "--screenshot", out, "--camera", "iso", "--size", "800x600"], {
      stdio: "pipe",
    });
    const img = readPng(readFileSync(out));
    expect([img.width, img.height]).toEqual([800, 600]);
    // The 3-D view is right of the 290 px side panel: count pixels unlike its background.
    const bg = [0xee, 0xf0, 0xf4];
    let differing = 0,
      total = 0;
    const colours = new Set<number>();
    for (let y = 0; y < img.height; y++) {
      for (let x = 300; x < img.width; x++) {
        const i = (y * img.width + x) * 4;
        const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
        total++;
        if (Math.abs(r - bg[0]!) + Math.abs(g - bg[1]!) + Math.abs(b - bg[2]!) > 30) differing++;
        colours.add((r << 16) | (g << 8) | b);
      }
    }
    expect(differing / total).toBeGreaterThan(0.03);
    expect(colours.size).toBeGreaterThan(100);
  });

  it("live reload: editing the URDF updates the page and keeps the camera", async () => {
    const file = join(tmp, "live.urdf");
    const urdf = (extra: string) =>
      `<robot name="live"><link name="base"><visual><geometry><box size="0.4 0.3 0.1"/></geometry></visual></link>${extra}</robot>\n`;
    writeFileSync(file, urdf(""));
    const { page, errors } = await open(file, { watch: true });
    expect(await page.evaluate(() => robokitView.linkNames())).toEqual(["base"]);
    await page.mouse.move(700, 400);
    await page.mouse.down();
    await page.mouse.move(760, 430, { steps: 5 });
    await page.mouse.up();
    const camera = await page.evaluate(() => robokitView.cameraPosition());
    writeFileSync(
      file,
      urdf(
        `<link name="arm"><visual><geometry><cylinder radius="0.02" length="0.3"/></geometry></visual></link><joint name="j" type="continuous"><parent link="base"/><child link="arm"/><origin xyz="0 0 0.2"/><axis xyz="0 0 1"/></joint>`,
      ),
    );
    await page.waitForFunction(() => robokitView.generation >= 1 && robokitView.linkNames().includes("arm"), null, {
      timeout: 20_000,
    });
    expect((await page.evaluate(() => robokitView.linkNames())).sort()).toEqual(["arm", "base"]);
    const after = await page.evaluate(() => robokitView.cameraPosition());
    after.forEach((v, k) => expect(v).toBeCloseTo(camera[k]!, 9));
    expect(errors).toEqual([]);
  });

  it("fetches nothing but the server's own token paths: the scene's network URLs are dropped, and the CSP stops the page's own tries", async () => {
    // A local "network" that records every hit: the page must never reach it.
    const hits: string[] = [];
    const net = createServer((req, res) => (hits.push(req.url ?? ""), res.end("x")));
    await new Promise<void>((ok) => net.listen(0, "127.0.0.1", () => ok()));
    const remote = `http://127.0.0.1:${(net.address() as AddressInfo).port}`;
    try {
      const dir = join(tmp, "netpkg");
      mkdirSync(join(dir, "meshes"), { recursive: true });
      writeFileSync(
        join(dir, "meshes", "tri.stl"),
        "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 0.2 0 0\nvertex 0 0.2 0\nendloop\nendfacet\nendsolid t\n",
      );
      const file = join(dir, "net.urdf");
      writeFileSync(
        file,
        `<robot name="net"><material name="skin"><texture filename="${remote}/texture.png"/></material>
<link name="a"><visual><geometry><mesh filename="meshes/tri.stl"/></geometry><material name="skin"/></visual></link>
<link name="b"><visual><geometry><mesh note="x>y" filename="${remote}/mesh.stl"/></geometry></visual></link>
<joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint></robot>\n`,
      );
      const server = await startView(file, { watch: false });
      servers.push(server);
      const page = await chrome.context.newPage();
      const requested: string[] = [];
      page.on("request", (r) => requested.push(r.url()));
      await page.goto(server.url);
      await page.waitForFunction(() => robokitView?.ready === true, null, { timeout: 60_000 });
      expect(await page.evaluate(() => robokitView.linkNames().sort())).toEqual(["a", "b"]);
      // The page's own attempts (as a malicious mesh or script would make them) are refused by the CSP.
      const tried = await page.evaluate(`(async () => {
        const img = new Image();
        img.src = "${remote}/img.png";
        await new Promise((r) => setTimeout(r, 300));
        return fetch("${remote}/fetch").then(() => "fetched", () => "blocked");
      })()`);
      expect(tried).toBe("blocked");
      expect(hits).toEqual([]);
      expect(
        requested
          .filter((u) => !u.startsWith(server.url) && !/^(data|blob):/.test(u))
          .filter((u) => !u.startsWith(`${remote}/img.png`) && !u.startsWith(`${remote}/fetch`)),
      ).toEqual([]);
      expect(requested.some((u) => u.startsWith(`${server.url}files/0/tri.stl`))).toBe(true);
      await page.close();
    } finally {
      net.close();
    }
  });

  it("plays back a simulation trace: the base and steering follow the CSV", async () => {
    const trace = join(tmp, "trace.csv");
    const rows = [
      "time,cmd_vx,cmd_vy,cmd_omega,true_vx,true_vy,true_omega,odom_x,odom_y,odom_theta,true_x,true_y,true_theta,steer_servo1,rate_motor1",
    ];
    for (let k = 0; k <= 20; k++) {
      const t = k * 0.1;
      rows.push(
        [
          t,
          0.5,
          0,
          0.2,
          0.48,
          0,
          0.19,
          0.5 * t,
          0.1 * t * t,
          0.2 * t,
          0.5 * t,
          0.1 * t * t,
          0.2 * t,
          0.3 * Math.sin(t),
          2,
        ].join(","),
      );
    }
    writeFileSync(trace, `${rows.join("\n")}\n`);
    const { page, errors } = await open("mario", { trace });
    expect(await page.locator("#plots canvas").count()).toBe(4);
    await page.evaluate(() => robokitView.seek(1.5));
    expect(await page.evaluate(() => robokitView.jointValue("servo1"))).toBeCloseTo(0.3 * Math.sin(1.5), 12);
    // base_link's world pose = (true_x, true_y, true_theta) at t = 1.5 s.
    const world = await page.evaluate(() => robokitView.baseMatrix());
    expect(world[12]).toBeCloseTo(0.75, 12);
    expect(world[13]).toBeCloseTo(0.225, 12);
    expect(Math.atan2(world[1]!, world[0]!)).toBeCloseTo(0.3, 12);
    expect(errors).toEqual([]);
  });
});
