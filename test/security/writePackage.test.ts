import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequire } from "node:module";

import { afterAll, describe, expect, it } from "vitest";

import { writePackage } from "../../src/cli/writePackage.js";
import type { Artifact } from "../../src/emit/Artifact.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-pkg-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

function pkg(version: string, n = 10): Artifact[] {
  return Array.from({ length: n }, (_, i) => ({
    path: `${i % 3 === 0 ? "sub/" : ""}f${i}.txt`,
    content: `${version} ${i}\n`,
  }));
}

function tree(folder: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (e.isFile())
      out[join(e.parentPath, e.name).slice(folder.length + 1)] = readFileSync(join(e.parentPath, e.name), "utf8");
  }
  return out;
}

describe("writePackage: all-or-nothing output", () => {
  it("writes a new package and replaces an old one, keeping files the package does not write", () => {
    const out = join(dir, "a", "pkg");
    writePackage(out, pkg("v1"));
    writeFileSync(join(out, "NOTES.md"), "mine\n");
    writePackage(out, pkg("v2"));
    const t = tree(out);
    expect(t["f1.txt"]).toBe("v2 1\n");
    expect(t["sub/f0.txt"]).toBe("v2 0\n");
    expect(t["NOTES.md"]).toBe("mine\n");
    expect(readdirSync(join(dir, "a"))).toEqual(["pkg"]);
  });

  it("a failed rename leaves the old package exactly as it was and no temporaries", () => {
    const out = join(dir, "b", "pkg");
    writePackage(out, pkg("v1"));
    const before = tree(out);
    let calls = 0;
    const failing = {
      writeFileSync: (p: string, c: string) => writeFileSync(p, c),
      renameSync: (from: string, to: string) => {
        calls++;
        // The first rename retires the old package; the second, which brings the new one in, fails.
        if (calls === 2)
          throw Object.assign(new Error("EIO: i/o error, rename"), { code: "EIO", syscall: "rename", path: from });
        renameSync(from, to);
      },
    };
    expect(() => writePackage(out, pkg("v2"), failing)).toThrow(/cannot write the package/);
    expect(tree(out)).toEqual(before);
    expect(readdirSync(join(dir, "b"))).toEqual(["pkg"]);
  });

  it("a failed write (disk full) leaves the old package and no temporaries", () => {
    const out = join(dir, "c", "pkg");
    writePackage(out, pkg("v1"));
    const before = tree(out);
    let n = 0;
    const full = {
      renameSync,
      writeFileSync: (p: string, c: string) => {
        if (++n === 4)
          throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
            code: "ENOSPC",
            syscall: "write",
            path: p,
          });
        writeFileSync(p, c);
      },
    };
    expect(() => writePackage(out, pkg("v2"), full)).toThrow(/ENOSPC/);
    expect(tree(out)).toEqual(before);
    expect(readdirSync(join(dir, "c"))).toEqual(["pkg"]);
  });

  it("the temporaries of a killed run are removed by the next run; a retired package is put back", () => {
    const parent = join(dir, "d");
    const out = join(parent, "pkg");
    writePackage(out, pkg("v1"));
    // A pid that is certainly dead: a child that has exited.
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    mkdirSync(join(parent, `.pkg.robokit-new-${dead}-0`));
    writeFileSync(join(parent, `.pkg.robokit-new-${dead}-0`, "f1.txt"), "half");
    // Killed between the renames: the old package is aside, none in place.
    renameSync(out, join(parent, `.pkg.robokit-old-${dead}-1`));
    writePackage(join(parent, "other"), pkg("x", 1));
    expect(readdirSync(parent).sort()).toEqual(
      [`.pkg.robokit-new-${String(dead)}-0`, `.pkg.robokit-old-${String(dead)}-1`, "other"].sort(),
    );
    writePackage(out, pkg("v2"));
    expect(readdirSync(parent).sort()).toEqual(["other", "pkg"]);
    expect(tree(out)["f1.txt"]).toBe("v2 1\n");
  });

  it("a run killed (SIGKILL) mid-write leaves the old package whole; an observer never sees a mix", async () => {
    const parent = join(dir, "e");
    const out = join(parent, "pkg");
    writePackage(out, pkg("v1", 400));
    const tsx = pathToFileURL(createRequire(join(root, "package.json")).resolve("tsx")).href;
    const script = join(dir, "writer.ts");
    const writer = pathToFileURL(join(root, "src", "cli", "writePackage.ts")).href;
    writeFileSync(
      script,
      `import { writePackage } from ${JSON.stringify(writer)};\nconst files = Array.from({ length: 4000 }, (_, i) => ({ path: (i % 3 === 0 ? "sub/" : "") + "f" + i + ".txt", content: "v2 " + i + "\\n" + "x".repeat(20000) }));\nfor (;;) writePackage(${JSON.stringify(out)}, files);\n`,
    );
    const child = spawn(process.execPath, ["--import", tsx, script], { stdio: "ignore" });
    // Kill as soon as a staging folder exists, i.e. mid-write.
    const deadline = Date.now() + 60_000;
    let mixed = false;
    while (Date.now() < deadline) {
      if (readdirSync(parent).some((n) => n.includes("robokit-new"))) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    // Observe the package a few times while it is being written: each file's version agrees.
    for (let k = 0; k < 5; k++) {
      try {
        const versions = new Set(Object.values(tree(out)).map((c) => c.split(" ")[0]));
        if (versions.size > 1) mixed = true;
      } catch {
        // The folder is absent for the instant between the two renames.
      }
    }
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    expect(mixed).toBe(false);
    const t = tree(out);
    const versions = new Set(Object.values(t).map((c) => c.split(" ")[0]));
    expect(versions.size).toBe(1);
    expect(Object.keys(t).length === 400 || Object.keys(t).length === 4000).toBe(true);
    // The next run cleans the dead run's staging folder.
    writePackage(out, pkg("v3", 2));
    expect(readdirSync(parent)).toEqual(["pkg"]);
    expect(existsSync(join(out, "f1.txt"))).toBe(true);
  });

  it("refuses to replace the working folder or a folder above it", () => {
    expect(() => writePackage(process.cwd(), pkg("v", 1))).toThrow(/working folder/);
    expect(() => writePackage(dirname(process.cwd()), pkg("v", 1))).toThrow(/working folder/);
  });
});

describe("writePackage keeps what the user made where it writes", () => {
  it("refuses (exit 3) a folder where a file goes and a file where a folder goes, deleting nothing", () => {
    const base = mkdtempSync(join(tmpdir(), "robokit-planted-folder-"));
    try {
      const out = join(base, "out");
      writePackage(out, pkg("v1"));
      // The user keeps notes in a folder named like a generated file, and a file named like a generated folder.
      rmSync(join(out, "f1.txt"));
      mkdirSync(join(out, "f1.txt"));
      writeFileSync(join(out, "f1.txt", "notes.md"), "mine\n");
      expect(() => writePackage(out, pkg("v2"))).toThrow(
        /refusing to write .*f1\.txt: it is a folder where robokit writes a file/,
      );
      expect(readFileSync(join(out, "f1.txt", "notes.md"), "utf8")).toBe("mine\n");
      rmSync(join(out, "f1.txt"), { recursive: true });
      rmSync(join(out, "sub"), { recursive: true });
      writeFileSync(join(out, "sub"), "also mine\n");
      expect(() => writePackage(out, pkg("v2"))).toThrow(
        /refusing to write .*sub: it is a file where robokit writes a folder/,
      );
      expect(readFileSync(join(out, "sub"), "utf8")).toBe("also mine\n");
      expect(readdirSync(base)).toEqual(["out"]);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
