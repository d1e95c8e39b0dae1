import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { validatePath } from "../../src/cli/commands/validateCommand.js";
import { haveTool, runTool } from "../support/tools.js";

// SDF 1.4–1.6 joints that name links of nested or included models (`nested::link`)
// were false JOINT_*_LINK_INVALID errors; libsdformat resolves them in every version.

const nested = (version: string, child: string): string => `<?xml version="1.0"?>
<sdf version="${version}">
  <model name="m">
    <link name="a"/>
    <model name="inner"><link name="base_link"/></model>
    <joint name="j" type="revolute"><parent>a</parent><child>${child}</child><axis><xyz>1 0 0</xyz></axis></joint>
  </model>
</sdf>
`;

const included = (version: string, parent: string): string => `<?xml version="1.0"?>
<sdf version="${version}">
  <model name="m">
    <link name="a"/>
    <include><uri>part</uri><name>payload</name></include>
    <joint name="j" type="fixed"><parent>${parent}</parent><child>a</child></joint>
  </model>
</sdf>
`;

function setup(): string {
  const dir = mkdtempSync(join(tmpdir(), "robokit-nested-"));
  writeFileSync(join(dir, "model.config"), "");
  const part = join(dir, "part");
  mkdirSync(part);
  writeFileSync(join(part, "model.config"), `<model><name>part</name><sdf version="1.6">model.sdf</sdf></model>`);
  writeFileSync(join(part, "model.sdf"), `<sdf version="1.6"><model name="part"><link name="link"/></model></sdf>`);
  return dir;
}

const cases: [string, string, string, boolean][] = [];
for (const v of ["1.4", "1.6", "1.9"]) {
  cases.push([`nested ${v} good`, v, nested(v, "inner::base_link"), true]);
  cases.push([`nested ${v} bad`, v, nested(v, "inner::nope"), false]);
  cases.push([`included ${v} good`, v, included(v, "payload::link"), true]);
  cases.push([`included ${v} bad`, v, included(v, "payload::nope"), false]);
}

describe("scoped joint names into nested and included models, every SDF version", () => {
  const dir = setup();
  it.each(cases)("%s", (name, _version, text, valid) => {
    const file = join(dir, `${name.replace(/[ .]/g, "_")}.sdf`);
    writeFileSync(file, text);
    const errors = validatePath(file, { displayName: "m.sdf" }).diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => d.code)).toEqual(
      valid ? [] : [expect.stringMatching(/^JOINT_(CHILD|PARENT)_LINK_INVALID$/)],
    );
    if (haveTool("ign", "libsdformat 12 cross-check")) {
      const theirs = runTool("ign", ["sdf", "-k", file], { cwd: dir });
      expect(theirs.status === 0, `ign sdf -k on ${name}: ${theirs.stderr}`).toBe(valid);
    }
  });
});
