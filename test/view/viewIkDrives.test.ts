import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { loadViewScene } from "../../src/cli/view/loadViewScene.js";
import { startViewServer, type ViewServer } from "../../src/cli/view/startViewServer.js";

const tmp = mkdtempSync(join(tmpdir(), "robokit-view-ik-"));
const servers: ViewServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function ik(robot: string, query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const pageDir = join(tmp, robot);
  mkdirSync(pageDir);
  writeFileSync(join(pageDir, "index.html"), "<!doctype html><title>page</title>\n");
  writeFileSync(join(pageDir, "viewer.js"), "// page\n");
  const server = await startViewServer({
    pageDir,
    load: () => loadViewScene(robot, null, 0, { env: {} }),
    watch: false,
  });
  servers.push(server);
  const res = await fetch(`${server.url}api/ik?${query}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("the view server's ik route for every drive", () => {
  it("answers a car-like base's twist with steering angles and wheel rates", async () => {
    const a = await ik("tricycle", "vx=0.4&vy=0&wz=0.5");
    expect(a.status).toBe(200);
    expect(a.body.drive).toBe("tricycle");
    const wheels = a.body.wheels as { steerJoint?: string; angle?: number }[];
    expect(wheels.find((w) => w.steerJoint === "steering_joint")?.angle).toBeCloseTo(Math.atan((0.8 * 0.5) / 0.4), 9);
  });

  it("answers a twist the drive cannot follow with 400 and the reason", async () => {
    const a = await ik("cart", "vx=0.4&vy=0.1&wz=0");
    expect(a.status).toBe(400);
    expect(a.body.error).toMatch(/differential drive cannot move sideways/);
  });
});
