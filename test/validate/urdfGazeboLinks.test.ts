import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { readXml } from "../../src/parse/readXml.js";
import { urdfGazeboLinks } from "../../src/validate/rules/urdfGazeboLinks.js";
import { validateFile } from "../../src/validate/validateFile.js";

/** A random URDF tree: link i > 0 hangs from a link before it; each link's mass is none, 0 or 1. */
const treeArb = fc.integer({ min: 1, max: 8 }).chain((n) =>
  fc.record({
    masses: fc.array(fc.constantFrom<"none" | 0 | 1>("none", 0, 1), { minLength: n, maxLength: n }),
    parents: fc.tuple(...Array.from({ length: n }, (_, i) => fc.nat({ max: Math.max(i - 1, 0) }))),
    fixed: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
  }),
);

type Tree = { masses: ("none" | 0 | 1)[]; parents: number[]; fixed: boolean[] };

function linkXml(name: string, mass: "none" | 0 | 1): string {
  return mass === "none"
    ? `<link name="${name}"/>`
    : `<link name="${name}"><inertial><mass value="${mass}"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>`;
}

function jointXml(name: string, parent: string, child: string, fixed: boolean): string {
  return fixed
    ? `<joint name="${name}" type="fixed"><parent link="${parent}"/><child link="${child}"/></joint>`
    : `<joint name="${name}" type="continuous"><parent link="${parent}"/><child link="${child}"/><axis xyz="0 0 1"/></joint>`;
}

function urdf({ masses, parents, fixed }: Tree, extraRoot = false): string {
  const parts = masses.map((m, i) => linkXml(`l${i}`, m));
  for (let i = 1; i < masses.length; i++)
    parts.push(jointXml(`j${i}`, `l${parents[i] ?? 0}`, `l${i}`, fixed[i] ?? false));
  if (extraRoot) parts.push(linkXml("heavy", 1), jointXml("jheavy", "heavy", "l0", false));
  return `<robot name="r">${parts.join("")}</robot>`;
}

function simulate(text: string): ReturnType<typeof urdfGazeboLinks> {
  const root = readXml(text, "t.urdf").document.root;
  if (root === undefined) throw new Error("fixture did not parse");
  return urdfGazeboLinks(root);
}

describe("libsdformat 12's URDF link reduction (urdfGazeboLinks)", () => {
  it("adding a massive root link above the robot never leaves Gazebo without links", () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        const errors = validateFile(urdf(tree, true), "t.urdf").filter((d) => d.code === "MODEL_WITHOUT_LINK");
        expect(errors).toEqual([]);
        expect(simulate(urdf(tree, true))?.kept).toContain("heavy");
      }),
    );
  });

  it("sorts every link into exactly one of: SDF link, reduced into its parent, left out", () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        const gz = simulate(urdf(tree));
        expect(gz).toBeDefined();
        const dropped = (gz?.drops ?? []).flatMap((d) => d.dropped);
        const kept = gz?.kept ?? [];
        const reduced = tree.masses
          .map((_, i) => `l${i}`)
          .filter((n, i) => i > 0 && tree.fixed[i] && !dropped.includes(n));
        const all = [...kept, ...reduced, ...dropped].sort();
        expect(all).toEqual(tree.masses.map((_, i) => `l${i}`).sort());
        // Below a left-out link everything is left out.
        for (let i = 1; i < tree.masses.length; i++)
          if (dropped.includes(`l${tree.parents[i] ?? 0}`)) expect(dropped).toContain(`l${i}`);
        // The validator's error is exactly "no SDF link remains".
        const noLink = validateFile(urdf(tree), "t.urdf").some((d) => d.code === "MODEL_WITHOUT_LINK");
        expect(noLink).toBe(kept.length === 0);
      }),
    );
  });

  it("leaves nothing out when every link has mass", () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        const gz = simulate(urdf({ ...tree, masses: tree.masses.map(() => 1) }));
        expect(gz?.drops).toEqual([]);
      }),
    );
  });
});
