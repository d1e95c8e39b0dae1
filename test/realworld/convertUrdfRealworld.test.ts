import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { haveTool } from "../support/tools.js";
import { runCliInProcess } from "../support/runCliInProcess.js";
import { realworldRoot } from "./realworld.js";

// robokit convert model.sdf --to urdf on every distinct real SDF file of test/data/realworld.
const rows = readFileSync(join(realworldRoot, "expectations.tsv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((l) => l.split("\t"));
const dupOf = new Map(
  readFileSync(join(realworldRoot, "MANIFEST.tsv"), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => l.split("\t"))
    .map((c) => [c[0] ?? "", c[6] ?? ""]),
);
const sdfs = rows
  .filter(([path = "", kind]) => kind === "sdf" && (dupOf.get(path) ?? "") === "")
  .map(([path = "", , , , sc]) => ({ path, libsdformatAccepts: sc === "0" }));

const dir = mkdtempSync(join(tmpdir(), "robokit-to-urdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("convert --to urdf on the real SDF files of test/data/realworld", () => {
  it("writes a URDF check_urdf accepts wherever the model is a tree, and refuses the rest with file:line:col, exit 1", {
    timeout: 120_000,
  }, async () => {
    const converted: { path: string; file: string }[] = [];
    const refused: { path: string; first: string }[] = [];
    const other: string[] = [];
    for (const { path } of sdfs) {
      const file = join(realworldRoot, path);
      const r = await runCliInProcess(["convert", file, "--to", "urdf"]);
      if (r.code === 0) {
        const out = join(dir, `${converted.length}.urdf`);
        writeFileSync(out, r.stdout);
        converted.push({ path, file: out });
      } else if (r.code === 1) {
        expect(r.stdout, path).toBe("");
        // Every refusal names the element: file:line:col, then "error CODE: message".
        const first = r.stderr.split("\n").find((l) => l.startsWith(`${file}:`) && / error [A-Z_]+: /.test(l)) ?? "";
        expect(first, `${path}\n${r.stderr}`).toMatch(/^.+:\d+:\d+: error [A-Z_]+: /);
        refused.push({ path, first: first.slice(file.length) });
      } else {
        other.push(`${path}: exit ${r.code}\n${r.stderr}`);
      }
    }
    expect(other).toEqual([]);
    expect(sdfs.length).toBe(399);
    // Measured 2026-11-26: 183 converted (ball, universal, revolute2 and screw joints are written as fixed joints and
    // planes left out, each loss reported on stderr); 216 refused: 201 worlds with no single largest inline model
    // (several single-link objects, or none inline), 1 heightmap (a world's only model is its ground), 6 nested or
    // included models, 5 closed loops (Cassie: a link with two parent joints, which a URDF tree cannot hold), 3 others
    // (an XML declaration after text; a joint to a link of another model; a visual without geometry).
    const category = (first: string): string =>
      first.includes("not a whole <world>")
        ? "world"
        : /type "(ball|gearbox|universal|screw|revolute2)"/.test(first)
          ? "joint type"
          : /<(plane|heightmap)> geometry/.test(first)
            ? "ground"
            : (first.split(" [/")[0] ?? "").includes("nested")
              ? "nested"
              : first.includes("error LINK_MULTIPLE_PARENTS")
                ? "loop"
                : "other";
    const count = (c: string): number => refused.filter((r) => category(r.first) === c).length;
    const [worlds, joints, ground, nested, loops] = [
      count("world"),
      count("joint type"),
      count("ground"),
      count("nested"),
      count("loop"),
    ];
    expect(converted.length).toBeGreaterThanOrEqual(183);
    // SDF-only joint types convert now (as fixed joints, the loss reported): none is refused for its type.
    expect({ worlds, joints, ground, nested, loops }).toEqual({
      worlds: 201,
      joints: 0,
      ground: 1,
      nested: 6,
      loops: 5,
    });
    expect(count("other")).toBeLessThanOrEqual(3);
    if (haveTool("check_urdf", "URDF cross-check (liburdfdom-tools)")) {
      const rejected = converted
        .filter((c) => spawnSync("check_urdf", [c.file], { encoding: "utf8" }).status !== 0)
        .map((c) => c.path);
      expect(rejected).toEqual([]);
    }
    process.stdout.write(
      `convert --to urdf on ${sdfs.length} real SDF files: ${converted.length} converted (all accepted by check_urdf), ${refused.length} refused with file:line:col (${worlds} worlds without one largest inline model, ${joints} joint types, ${ground} ground shapes, ${nested} nested models, ${loops} closed loops)\n`,
    );
  });
});
