import { spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import { IoError } from "../../src/cli/errors.js";
import { writeArtifacts } from "../../src/cli/writeArtifacts.js";
import { writePackage } from "../../src/cli/writePackage.js";
import type { Artifact } from "../../src/emit/Artifact.js";
import { linkTree, RUN_TREE } from "../support/linkTree.js";

const clone = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dir = mkdtempSync(join(tmpdir(), "robokit-planted-"));
// World-searchable, so the unprivileged child below can reach its folder.
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

/** Whether user `uid` can read `file` (every folder above it searchable). */
function canRead(uid: number, file: string): boolean {
  const r = spawnSync(process.execPath, ["-e", `require("node:fs").accessSync(${JSON.stringify(file)}, 4)`], {
    uid,
    gid: uid,
    stdio: "ignore",
  });
  return r.status === 0;
}

/**
 * The tree the unprivileged child runs robokit from: the clone itself where `nobody` can read it,
 * else (a clone under a folder only root may enter, such as `mktemp -d`) a copy in the
 * world-searchable temporary folder whose files are hard links to the clone's (same inodes,
 * nothing copied; a real copy where the temporary folder is on another file system).
 */
function codeRoot(): string {
  const main = join(clone, "src", "cli", "main.ts");
  if (!isRoot || canRead(NOBODY, main)) return clone;
  const copy = join(dir, "clone");
  linkTree(clone, copy, [...RUN_TREE, "node_modules"]);
  return copy;
}

const root = codeRoot();
const main = join(root, "src", "cli", "main.ts");
const tsx = pathToFileURL(createRequire(join(root, "package.json")).resolve("tsx")).href;

function fresh(name: string): { work: string; outside: string } {
  const work = join(dir, name);
  mkdirSync(work, { recursive: true });
  const outside = join(work, "outside.txt");
  writeFileSync(outside, "precious\n");
  return { work, outside };
}

function pkg(version: string): Artifact[] {
  return [
    { path: "urdf/r.urdf", content: `${version}\n` },
    { path: "README.md", content: `${version} readme\n` },
  ];
}

function mkfifo(path: string): void {
  const r = spawnSync("mkfifo", [path]);
  if (r.status !== 0) throw new Error(`mkfifo ${path} failed`);
}

/** `robokit build mario --out OUT` in a child with a timeout, so a hang fails the test instead of stalling it. */
function build(out: string, uid?: number): { status: number | null; stderr: string; timedOut: boolean } {
  const r = spawnSync(process.execPath, ["--import", tsx, main, "build", "mario", "--out", out], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, NODE_NO_WARNINGS: "1", HOME: dir },
    ...(uid === undefined ? {} : { uid, gid: uid }),
  });
  return {
    status: r.status,
    stderr: r.stderr,
    timedOut: r.error !== undefined && (r.error as NodeJS.ErrnoException).code === "ETIMEDOUT",
  };
}

describe("writeArtifacts trusts nothing in the output folder", () => {
  it("a symlink planted at the old predictable temporary name (NAME.tmp-PID) is not written through", () => {
    const { work, outside } = fresh("tmp-link");
    const out = join(work, "out");
    mkdirSync(out);
    symlinkSync(outside, join(out, `poses.csv.tmp-${process.pid}`));
    writeArtifacts(out, [{ path: "poses.csv", content: "t,x\n" }]);
    expect(readFileSync(outside, "utf8")).toBe("precious\n");
    expect(readFileSync(join(out, "poses.csv"), "utf8")).toBe("t,x\n");
    // The temporary was random and is gone; the planted link is left as it was.
    expect(readdirSync(out).sort()).toEqual(["poses.csv", `poses.csv.tmp-${process.pid}`]);
  });

  it("a symlink, FIFO or subfolder link at the target is refused (exit 3) and nothing outside changes", () => {
    const { work, outside } = fresh("target-link");
    const out = join(work, "out");
    mkdirSync(out);
    symlinkSync(outside, join(out, "poses.csv"));
    expect(() => writeArtifacts(out, [{ path: "poses.csv", content: "evil\n" }])).toThrow(
      /refusing to write .*poses\.csv: it is a symbolic link/,
    );
    expect(readFileSync(outside, "utf8")).toBe("precious\n");
    expect(lstatSync(join(out, "poses.csv")).isSymbolicLink()).toBe(true);
    mkfifo(join(out, "fifo.csv"));
    expect(() => writeArtifacts(out, [{ path: "fifo.csv", content: "x\n" }])).toThrow(/it is a FIFO/);
    const elsewhere = join(work, "elsewhere");
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(out, "sub"));
    let thrown: unknown;
    try {
      writeArtifacts(out, [{ path: "sub/a.csv", content: "x\n" }]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IoError);
    expect((thrown as Error).message).toMatch(/sub: it is a symbolic link, not a folder/);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("a replaced file keeps its mode", () => {
    const { work } = fresh("file-mode");
    const out = join(work, "out");
    mkdirSync(out);
    writeFileSync(join(out, "p.csv"), "old\n");
    chmodSync(join(out, "p.csv"), 0o600);
    writeArtifacts(out, [{ path: "p.csv", content: "new\n" }]);
    expect(statSync(join(out, "p.csv")).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(out, "p.csv"), "utf8")).toBe("new\n");
  });
});

describe("writePackage trusts nothing in the package folder", () => {
  it("keeps the folder's mode (0700 stays 0700), and its subfolders'", () => {
    const { work } = fresh("mode");
    const out = join(work, "pkg");
    writePackage(out, pkg("v1"));
    chmodSync(out, 0o700);
    chmodSync(join(out, "urdf"), 0o750);
    writePackage(out, pkg("v2"));
    expect(statSync(out).mode & 0o7777).toBe(0o700);
    expect(statSync(join(out, "urdf")).mode & 0o7777).toBe(0o750);
    expect(readFileSync(join(out, "urdf", "r.urdf"), "utf8")).toBe("v2\n");
  });

  it.skipIf(!isRoot)(
    "keeps the folder's owner and group (as root: chown to another uid before, the same uid after)",
    () => {
      const { work } = fresh("owner");
      const out = join(work, "pkg");
      writePackage(out, pkg("v1"));
      chownSync(out, NOBODY, NOBODY);
      chownSync(join(out, "README.md"), NOBODY, NOBODY);
      writePackage(out, pkg("v2"));
      expect([statSync(out).uid, statSync(out).gid]).toEqual([NOBODY, NOBODY]);
      expect(statSync(join(out, "README.md")).uid).toBe(NOBODY);
      expect(readFileSync(join(out, "README.md"), "utf8")).toBe("v2 readme\n");
    },
  );

  it("a symlink where the package writes a file, or as the package folder itself, is refused and nothing outside changes", () => {
    const { work, outside } = fresh("pkg-link");
    const out = join(work, "pkg");
    writePackage(out, pkg("v1"));
    rmSync(join(out, "README.md"));
    symlinkSync(outside, join(out, "README.md"));
    expect(() => writePackage(out, pkg("v2"))).toThrow(/refusing to write .*README\.md: it is a symbolic link/);
    expect(readFileSync(outside, "utf8")).toBe("precious\n");
    expect(readFileSync(join(out, "urdf", "r.urdf"), "utf8")).toBe("v1\n");
    const real = join(work, "real");
    writePackage(real, pkg("v1"));
    const link = join(work, "link");
    symlinkSync(real, link);
    expect(() => writePackage(link, pkg("v2"))).toThrow(/is a symbolic link, not a folder/);
    expect(readFileSync(join(real, "urdf", "r.urdf"), "utf8")).toBe("v1\n");
    // Nothing left behind beside the package folders.
    expect(readdirSync(work).filter((n) => n.includes("robokit-"))).toEqual([]);
  });

  it("a planted staging name that is a link is neither followed nor put in place", () => {
    const { work, outside } = fresh("stale-link");
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    const elsewhere = join(work, "elsewhere");
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, "secret"), "s\n");
    symlinkSync(elsewhere, join(work, `.pkg.robokit-old-${dead}-1`));
    writePackage(join(work, "pkg"), pkg("v1"));
    expect(lstatSync(join(work, "pkg")).isDirectory()).toBe(true);
    expect(existsSync(join(work, "pkg", "secret"))).toBe(false);
    expect(readFileSync(join(elsewhere, "secret"), "utf8")).toBe("s\n");
    expect(readFileSync(outside, "utf8")).toBe("precious\n");
  });

  it("build with a FIFO in the out folder ends at once with exit 3 and one line (it hung copying the FIFO)", () => {
    const { work } = fresh("fifo");
    chmodSync(work, 0o777);
    const out = join(work, "pkg");
    // As an unprivileged user where the machine allows it: the kernel then refuses to hard-link
    // another user's FIFO (protected_hardlinks) and the old code fell back to copying it.
    const uid = isRoot ? NOBODY : undefined;
    expect(build(out, uid).status).toBe(0);
    mkfifo(join(out, "notes.fifo"));
    const r = build(out, uid);
    expect(r.timedOut).toBe(false);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toBe(
      `robokit: cannot carry over ${join(out, "notes.fifo")}: it is a FIFO; robokit keeps only regular files, folders and links when it replaces ${out} (move it elsewhere)\n`,
    );
    // The FIFO where the package writes a file: refused the same way.
    rmSync(join(out, "notes.fifo"));
    rmSync(join(out, "urdf", "mario.urdf"));
    mkfifo(join(out, "urdf", "mario.urdf"));
    const w = build(out, uid);
    expect(w.timedOut).toBe(false);
    expect(w.status, w.stderr).toBe(3);
    expect(w.stderr).toMatch(/^robokit: refusing to write .*mario\.urdf: it is a FIFO/);
  }, 200_000);
});
