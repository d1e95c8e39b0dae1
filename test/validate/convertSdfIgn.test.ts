import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { readXml } from "../../src/parse/readXml.js";
import { attr, child, type XmlElement } from "../../src/parse/XmlDocument.js";
import { convertSdf } from "../../src/validate/convertSdf.js";
import { haveTool, runTool } from "../support/tools.js";

// robokit's reading of SDF 1.2–1.5 files (libsdformat's conversions) against
// libsdformat's own (`ign sdf -p` prints the file converted to 1.9): links, joints, joint
// parent/child/type, axis direction and the frame it is expressed in. Both are compared at 1.7
// (1.7 → 1.9 changes nothing here but flattening, which these files do not use).

const roots = ["test/data/sdformat/corpus", "test/data/realworld"];

function sdfFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) sdfFiles(p, out);
    else if (/\.(sdf|world)$/.test(e) && /<sdf\s+version=["']1\.[2-5]["']/.test(readFileSync(p, "utf8").slice(0, 500)))
      out.push(p);
  }
  return out;
}

interface Summary {
  links: string[];
  joints: string[];
}

function summarize(root: XmlElement): Summary {
  const links: string[] = [];
  const joints: string[] = [];
  const visit = (e: XmlElement, scope: string): void => {
    for (const c of e.children) {
      const name = attr(c, "name") ?? "";
      if (c.name === "link") links.push(`${scope}${name}`);
      if (c.name === "joint") {
        const axis = child(c, "axis");
        const xyz = axis === undefined ? undefined : child(axis, "xyz");
        const dir = xyz === undefined ? "-" : xyz.text.trim().split(/\s+/).map(Number).join(",");
        const frame = xyz === undefined ? "-" : (attr(xyz, "expressed_in") ?? "");
        joints.push(
          `${scope}${name} ${attr(c, "type")} ${child(c, "parent")?.text.trim()} -> ${child(c, "child")?.text.trim()} axis ${dir} in [${frame}]`,
        );
      }
      if (c.name === "model" || c.name === "world") visit(c, c.name === "model" ? `${scope}${name}::` : scope);
    }
  };
  visit(root, "");
  return { links: links.sort(), joints: joints.sort() };
}

describe("SDF 1.2–1.5 conversions agree with libsdformat's (ign sdf -p)", () => {
  const files = roots.flatMap((r) => sdfFiles(r));
  let compared = 0;
  it("finds old files to compare", () => {
    expect(files.length).toBeGreaterThan(5);
  });
  it.each(files)("%s", (file) => {
    if (!haveTool("ign", "libsdformat 12 conversion cross-check")) return;
    const theirs = runTool("ign", ["sdf", "-p", file]);
    const theirRoot = readXml(theirs.stdout, "ign.sdf").document.root;
    if (theirs.status !== 0 || theirRoot === undefined) return; // libsdformat rejects it: nothing to compare
    const ours = readXml(readFileSync(file, "utf8"), file).document.root;
    if (ours === undefined) throw new Error(`cannot read ${file}`);
    const minor = Number((attr(ours, "version") ?? "1.6").split(".")[1]);
    const converted = convertSdf(ours, minor, 7).root;
    const mine = summarize(converted);
    expect(mine).toEqual(summarize(theirRoot));
    if (mine.joints.length > 0) compared++;
  });
  it("compared the joints of the files that have joints (7 today)", () => {
    if (!haveTool("ign", "libsdformat 12 conversion cross-check")) return;
    expect(compared).toBeGreaterThanOrEqual(6);
  });
});
