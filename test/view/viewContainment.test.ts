// Containment, as properties: whatever URI a robot file names, robokit view resolves it to a file
// below its roots or to nothing, and the URDF the page gets holds no URL but files/ and missing/.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";

import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";

import { searchPathsFrom } from "../../src/cli/resolve/searchPaths.js";
import { resolveMeshUri } from "../../src/cli/view/resolveMeshUri.js";
import { sceneUrdf } from "../../src/cli/view/sceneUrdf.js";
import { viewRoots } from "../../src/cli/view/viewRoots.js";

const tmp = realpathSync(mkdtempSync(join(tmpdir(), "robokit-view-contain-")));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// tmp/ws/p (package p: urdf/, meshes/ with a link out), tmp/outside (a file beside the workspace).
const pkg = join(tmp, "ws", "p");
mkdirSync(join(pkg, "urdf"), { recursive: true });
mkdirSync(join(pkg, "meshes"));
mkdirSync(join(tmp, "outside"));
writeFileSync(join(pkg, "package.xml"), "<package><name>p</name></package>");
writeFileSync(join(pkg, "meshes", "a.stl"), "solid a\nendsolid a\n");
writeFileSync(join(tmp, "outside", "a.stl"), "secret");
symlinkSync(join(tmp, "outside"), join(pkg, "meshes", "out"));
const urdfFile = join(pkg, "urdf", "r.urdf");
writeFileSync(urdfFile, "<robot name='r'/>");

const segment = fc.constantFrom(
  "..",
  ".",
  "p",
  "ws",
  "meshes",
  "out",
  "outside",
  "a.stl",
  "urdf",
  "",
  "%2e%2e",
  tmp.slice(1),
);
const uri = fc
  .tuple(
    fc.constantFrom("", "/", "file://", "file:///", "package://", "model://", "http://", "package://p/"),
    fc.array(segment, { maxLength: 7 }),
  )
  .map(([scheme, parts]) => scheme + parts.join("/"));

describe("robokit view's containment, for any URI", () => {
  it("a URI resolves to a regular file below the robot's package, or is refused, unresolved or remote", () => {
    const roots = viewRoots(urdfFile, searchPathsFrom([], {}));
    expect(roots.roots).toContain(pkg);
    let served = 0;
    fc.assert(
      fc.property(uri, (u) => {
        const r = resolveMeshUri(u, urdfFile, roots);
        if ("file" in r) {
          served++;
          expect(r.file.path.startsWith(pkg + sep), `${u} -> ${r.file.path}`).toBe(true);
        }
      }),
      // Besides the draws, URIs that must reach the package's mesh (and one whose symlink leads out).
      {
        numRuns: 400,
        examples: [
          ["package://p/meshes/a.stl"],
          ["../meshes/a.stl"],
          [`file://${pkg}/meshes/a.stl`],
          ["../meshes/out/a.stl"],
        ],
      },
    );
    // The property is not vacuous: the package's own mesh is reached.
    expect(served).toBeGreaterThan(0);
  });

  it("the page's URDF holds only files/ and missing/ filenames, whatever the file named", () => {
    // Notes hold no ":" so that "://" in the output can only come from a URL left in place.
    const attr = fc.string({ maxLength: 12 }).map((s) => s.replace(/[<&":]/g, ""));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(uri, attr, fc.constantFrom("mesh", "MESH", "texture", "Texture")), { maxLength: 5 }),
        (items) => {
          const body = items
            .map(
              ([u, note, tag]) =>
                `<link name="l"><visual><geometry><${tag} note="${note}" filename="${u.replace(/&/g, "&amp;")}"/></geometry></visual></link>`,
            )
            .join("");
          const out = sceneUrdf(`<robot name="r">${body}</robot>`, "r.urdf", (u, kind) =>
            u.endsWith("a.stl") ? "files/0/a.stl" : kind === "mesh" ? "missing/x" : undefined,
          );
          expect(out).toBeDefined();
          for (const m of (out ?? "").matchAll(/filename="([^"]*)"/g)) expect(m[1]).toMatch(/^(files|missing)\//);
          expect(out).not.toMatch(/:\/\//);
        },
      ),
      { numRuns: 200 },
    );
  });
});
