import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { boxSolid, cornerTetrahedron, toDae, toObj, toStlAscii, toStlBinary } from "../support/meshFiles.js";
import { runCliProcess } from "../support/runCliProcess.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-inertia-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

// A 0.5 × 1 × 2 m box from (1, 2, 3): exact in float32, so binary STL gives the same numbers.
const box = boxSolid([1, 2, 3], [1.5, 3, 5]);
const boxFiles = {
  stl: file("box.stl", toStlBinary(box)),
  ascii: file("box_ascii.STL", toStlAscii(box)),
  obj: file("box.obj", toObj(box)),
  dae: file("box_mm.dae", toDae(box, { meter: 0.001 })),
};

interface Answer {
  file: string;
  volume: number;
  mass: number;
  density: number;
  method: string;
  com: number[];
  inertia: Record<string, number>;
}

describe("robokit inertia", () => {
  it("prints volume, mass, com and inertia about the com as JSON, the same for every format, density 1000 by default (said on stderr)", () => {
    const run = runCliProcess(["inertia", ...Object.values(boxFiles), "--format", "json"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain("density 1000 kg/m³");
    const answers = JSON.parse(run.stdout) as Answer[];
    expect(answers.map((a) => a.file)).toEqual(Object.values(boxFiles));
    const m = 1000 * 0.5 * 1 * 2;
    for (const a of answers) {
      expect(a.method).toBe("closed-mesh");
      expect(a.volume).toBeCloseTo(1, 12);
      expect(a.mass).toBeCloseTo(m, 9);
      a.com.forEach((c, k) => expect(c).toBeCloseTo([1.25, 2.5, 4][k]!, 12));
      expect(a.inertia["ixx"]).toBeCloseTo((m * (1 + 4)) / 12, 9);
      expect(a.inertia["iyy"]).toBeCloseTo((m * (0.25 + 4)) / 12, 9);
      expect(a.inertia["izz"]).toBeCloseTo((m * (0.25 + 1)) / 12, 9);
      for (const k of ["ixy", "ixz", "iyz"]) expect(Math.abs(a.inertia[k]!)).toBeLessThan(1e-9);
    }
  });

  it("--mass sets the mass and --scale scales the mesh (one mesh: one JSON object)", () => {
    const run = runCliProcess(["inertia", boxFiles.stl, "--mass", "3000", "--scale", "2,2,-2", "--format", "json"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    const a = JSON.parse(run.stdout) as Answer;
    expect(a.volume).toBeCloseTo(8, 12);
    expect(a.mass).toBe(3000);
    expect(a.density).toBeCloseTo(3000 / 8, 9);
    a.com.forEach((c, k) => expect(c).toBeCloseTo([2.5, 5, -8][k]!, 12));
    expect(a.inertia["ixx"]).toBeCloseTo((3000 * (4 + 16)) / 12, 9);
  });

  it("prints a text report with a URDF <inertial> by default", () => {
    const tet = file("tet.obj", toObj(cornerTetrahedron(1, 1, 1)));
    const run = runCliProcess(["inertia", tet, "--density", "600"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("volume   0.166666666666667 m³");
    expect(run.stdout).toContain("mass     100 kg");
    expect(run.stdout).toContain("com      0.25 0.25 0.25 m");
    expect(run.stdout).toContain('<origin xyz="0.25 0.25 0.25" rpy="0 0 0"/><mass value="100"/>');
  });

  it("warns and falls back to the bounding box for an open mesh, exit 0", () => {
    const open = file("open.obj", toObj({ positions: box.positions, faces: box.faces.slice(1) }));
    const run = runCliProcess(["inertia", open, "--format", "json"]);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/open\.obj: warning MESH_NOT_CLOSED: .*axis-aligned bounding box/);
    expect((JSON.parse(run.stdout) as Answer).method).toBe("bounding-box");
  });

  it("warns (exit 0) for a mesh in millimetres given a real mass; --scale 0.001 silences it", () => {
    const mm = file("part_mm.stl", toStlBinary(boxSolid([0, 0, 0], [200, 100, 50])));
    const run = runCliProcess(["inertia", mm, "--mass", "2.7"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/part_mm\.stl: warning MESH_UNITS_SUSPECT: the mesh is 200 m across/);
    expect(run.stderr).toMatch(
      /part_mm\.stl: warning DENSITY_IMPLAUSIBLE: density [\d.e-]+ kg\/m³ \(mass 2\.7 kg over volume 1000000 m³\)/,
    );
    const scaled = runCliProcess(["inertia", mm, "--mass", "2.7", "--scale", "0.001"]);
    expect(scaled.status, scaled.stderr).toBe(0);
    expect(scaled.stderr).toBe("");
    expect(scaled.stdout).toContain("density  2700 kg/m³");
  });

  it("exit 1 and no numbers for a bad mesh (a binary STL cut short), even beside a good one", () => {
    const cut = file("cut.stl", toStlBinary(box).subarray(0, 300));
    const run = runCliProcess(["inertia", boxFiles.obj, cut]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("cut.stl: error MESH_INVALID: binary STL: the header declares 12 triangles");
    expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it("exit 2 for --density with --mass, a bad number or scale; exit 3 for a folder; exit 1 for a missing file", () => {
    expect(runCliProcess(["inertia", boxFiles.stl, "--density", "1", "--mass", "2"]).status).toBe(2);
    expect(runCliProcess(["inertia", boxFiles.stl, "--density", "-1"]).status).toBe(2);
    expect(runCliProcess(["inertia", boxFiles.stl, "--scale", "1,0,1"]).status).toBe(2);
    expect(runCliProcess(["inertia", dir]).status).toBe(3);
    expect(runCliProcess(["inertia", join(dir, "missing.stl")]).status).toBe(1);
  });

  describe("--collada-up-axis", () => {
    // A 0.5 × 1 × 2 m box along +y from y = 2 in a Y_UP file; STL has no up axis, so it is the reference.
    const rod = boxSolid([0, 2, 0], [0.5, 3, 2]);
    const yUp = file("rod_y_up.dae", toDae(rod, { upAxis: "Y_UP" }));
    const stl = file("rod.stl", toStlBinary(rod));
    type Up = Answer & { colladaUpAxis?: string; declaredUpAxis?: string };
    const json = (args: string[]): Up[] => {
      const run = runCliProcess(["inertia", ...args, "--format", "json"]);
      expect(run.status, run.stderr).toBe(0);
      const parsed = JSON.parse(run.stdout) as Up | Up[]; // one mesh: one object
      return Array.isArray(parsed) ? parsed : [parsed];
    };

    it("by default ignores <up_axis> as Gazebo does (the numbers of the same solid in STL) and says so in JSON and text", () => {
      const [dae, ref] = json([yUp, stl]);
      expect(dae!.colladaUpAxis).toBe("ignore");
      expect(dae!.declaredUpAxis).toBe("Y_UP");
      expect(ref!.colladaUpAxis).toBeUndefined();
      expect(dae!.volume).toBeCloseTo(ref!.volume, 12);
      dae!.com.forEach((c, k) => expect(c).toBeCloseTo(ref!.com[k]!, 12));
      for (const k of ["ixx", "iyy", "izz", "ixy", "ixz", "iyz"])
        expect(dae!.inertia[k]).toBeCloseTo(ref!.inertia[k]!, 9);
      const text = runCliProcess(["inertia", yUp]);
      expect(text.status, text.stderr).toBe(0);
      expect(text.stdout).toContain("<up_axis>Y_UP</up_axis> ignored as Gazebo does");
    });

    it("apply turns the Y_UP solid to z-up: com (x, −z, y), iyy and izz swapped, volume the same", () => {
      const [ref] = json([stl]);
      const [dae] = json([yUp, "--collada-up-axis", "apply"]);
      expect(dae!.colladaUpAxis).toBe("apply");
      expect(dae!.declaredUpAxis).toBe("Y_UP");
      expect(dae!.volume).toBeCloseTo(ref!.volume, 12);
      const [x, y, z] = ref!.com as [number, number, number];
      dae!.com.forEach((c, k) => expect(c).toBeCloseTo([x, -z, y][k]!, 12));
      expect(dae!.inertia["ixx"]).toBeCloseTo(ref!.inertia["ixx"]!, 9);
      expect(dae!.inertia["iyy"]).toBeCloseTo(ref!.inertia["izz"]!, 9);
      expect(dae!.inertia["izz"]).toBeCloseTo(ref!.inertia["iyy"]!, 9);
      expect(Math.abs(dae!.inertia["iyy"]! - ref!.inertia["iyy"]!)).toBeGreaterThan(1);
      const text = runCliProcess(["inertia", yUp, "--collada-up-axis", "apply"]);
      expect(text.stdout).toContain("<up_axis>Y_UP</up_axis> applied (turned to +z)");
    });

    it("any other value is a usage error (exit 2)", () => {
      const run = runCliProcess(["inertia", yUp, "--collada-up-axis", "rotate"]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain("--collada-up-axis");
    });
  });
});

describe("robokit inertia: values that overflow", () => {
  it("--scale 1e100 and --mass 1e308 are input errors naming the cause (exit 1, not 70)", () => {
    const tet = file("tet.obj", toObj(cornerTetrahedron(1, 1, 1)));
    const scaled = runCliProcess(["inertia", tet, "--scale", "1e100"]);
    expect(scaled.status, scaled.stderr).toBe(1);
    expect(scaled.stderr).toContain("NUMBER_NOT_FINITE");
    expect(scaled.stderr).toContain("scale 1e+100");
    const heavy = runCliProcess(["inertia", tet, "--mass", "1e308"]);
    expect(heavy.status, heavy.stderr).toBe(1);
    expect(heavy.stderr).toContain("--mass 1e+308 kg");
  });
});

describe("robokit inertia: the text report", () => {
  it("prints a file name's escape sequences as visible escapes, not raw", () => {
    const name = file("tet\u001b[2J\u001b[31m.obj", toObj(cornerTetrahedron(1, 1, 1)));
    const run = runCliProcess(["inertia", name]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).not.toContain("\u001b");
    expect(run.stdout).toContain("tet\\x1b[2J\\x1b[31m.obj (obj, closed mesh, exact)");
  });
});
