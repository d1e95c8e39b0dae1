import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { MAX_INDEXED_CHARS } from "../../lsp/Workspace.js";
import { diskLspHost } from "./diskLspHost.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-lsp-host-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("diskLspHost", () => {
  it("reads a file once until it changes, and no file larger than navigation indexes", () => {
    const host = diskLspHost([]);
    const robot = join(dir, "r.urdf");
    writeFileSync(robot, "<robot/>");
    utimesSync(robot, 1_000_000_000, 1_000_000_000);
    host.allowRootsOf(robot);
    expect(host.readFile(robot)).toBe("<robot/>");
    // Same size and modification time: taken as unchanged, not read again (each request walks
    // every include of every open document).
    writeFileSync(robot, "<rabot/>");
    utimesSync(robot, 1_000_000_000, 1_000_000_000);
    expect(host.readFile(robot)).toBe("<robot/>");
    writeFileSync(robot, '<robot name="r"/>');
    expect(host.readFile(robot)).toBe('<robot name="r"/>');
    const big = join(dir, "big.urdf");
    writeFileSync(big, "x".repeat(MAX_INDEXED_CHARS + 1));
    expect(host.readFile(big)).toBeUndefined();
  });
});
