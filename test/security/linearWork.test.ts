// @slow: times work on inputs of hundreds of thousands of elements (vitest project `slow`).
import { describe, expect, it } from "vitest";

import { readXml } from "../../src/parse/readXml.js";
import { urdfLumpedBodies } from "../../src/validate/rules/urdfLumpedInertials.js";
import { validateFile } from "../../src/validate/validateFile.js";

// work grows linearly with the input. The first three cases were quadratic or worse
// before their fix and ran for minutes at these sizes (past the test timeout); linear, each
// takes a second or a few. The sizes are chosen so that the difference cannot be missed, not timed.

describe("validation work is linear in the size of the file", () => {
  it("a chain of 5,000 SDF frames, each posed relative to and attached to the previous one, is walked once (was cubic: 3 minutes for 2,000 links)", () => {
    const n = 5_000;
    const frames = Array.from(
      { length: n },
      (_, i) => `<frame name="f${i + 1}" attached_to="f${i}"><pose relative_to="f${i}">0 0 0.1 0 0 0</pose></frame>`,
    ).join("");
    const sdf = `<sdf version="1.9"><model name="m"><link name="f0"/>${frames}</model></sdf>`;
    const diagnostics = validateFile(sdf, "frames.sdf", { strict: false });
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("the same chain closed into a cycle far from its start reports the cycle once per graph", () => {
    const n = 5_000;
    // f1 … fn chain back to f1 through fn: every frame walks into the same cycle.
    const frames = Array.from({ length: n }, (_, i) => {
      const to = i === 0 ? `f${n}` : `f${i}`;
      return `<frame name="f${i + 1}" attached_to="${to}"><pose relative_to="${to}">0 0 0.1 0 0 0</pose></frame>`;
    }).join("");
    const sdf = `<sdf version="1.9"><model name="m"><link name="l"/>${frames}</model></sdf>`;
    const codes = validateFile(sdf, "cycle.sdf", { strict: false }).map((d) => d.code);
    expect(codes.filter((c) => c === "POSE_RELATIVE_TO_CYCLE" || c === "FRAME_ATTACHED_TO_CYCLE").length).toBe(2);
  });

  it("a URDF chain of 50,000 links joined by fixed joints is lumped into one body in one pass (was quadratic)", () => {
    const n = 50_000;
    const inertial = `<inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>`;
    const links = Array.from({ length: n }, (_, i) => `<link name="l${i}">${inertial}</link>`).join("\n");
    const joints = Array.from(
      { length: n - 1 },
      (_, i) =>
        `<joint name="j${i + 1}" type="fixed"><parent link="l${i}"/><child link="l${i + 1}"/><origin xyz="0 0 0.1"/></joint>`,
    ).join("\n");
    const text = `<robot name="r">\n${links}\n${joints}\n</robot>`;
    const root = readXml(text, "fixed.urdf").document.root;
    if (root === undefined) throw new Error("not read");
    const bodies = urdfLumpedBodies(root);
    const body = bodies.get(`l${n - 1}`);
    expect(body?.root).toBe("l0");
    expect(body?.members).toHaveLength(n);
    expect(body?.inertial?.mass).toBeCloseTo(n, 6);
    expect(validateFile(text, "fixed.urdf", { strict: false }).filter((d) => d.severity !== "info")).toEqual([]);
  });

  // The converters' reader checks a small subtree without building it, and builds one too large
  // to keep as text; what it read for nothing is capped at one document length. Without the cap
  // each of 250 nested levels read the 40 MB of text again (30 s here); with it, under a second.
  it("nested subtrees too large to keep as text are not read again at every level", { timeout: 20_000 }, () => {
    const levels = 250;
    const text = `<robot>${"<a>".repeat(levels)}${"x".repeat(40_000_000)}${"<b/>".repeat(300)}${"</a>".repeat(levels)}</robot>`;
    const { document, diagnostics } = readXml(text, "nested.urdf", { lazyBelow: 256 });
    expect(diagnostics).toEqual([]);
    let deepest = document.root;
    for (let k = 0; k < levels; k++) deepest = deepest?.children[0];
    expect(deepest?.children).toHaveLength(300);
    expect(deepest?.text).toHaveLength(40_000_000);
  });

  // Quadratic before too (31 s here, not past the timeout): this one pins the columns.
  it("a file of 400,000 elements on a single line is read with right columns (line breaks were searched afresh at each tag)", () => {
    const n = 400_000;
    const text = `<robot name="r">${'<link name="a"/>'.repeat(n)}</robot>`;
    const { document, diagnostics } = readXml(text, "oneline.urdf");
    expect(diagnostics).toEqual([]);
    const last = document.root?.children[n - 1];
    expect(last?.line).toBe(1);
    expect(last?.column).toBe(17 + (n - 1) * 16);
  });
});
