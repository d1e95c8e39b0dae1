import { describe, expect, it } from "vitest";

import { expandXacro } from "../../src/parse/xacro/expandXacro.js";
import { printXacroDocument } from "../../src/parse/xacro/printXacroDocument.js";
import { readPlainYaml } from "../../src/parse/xacro/readPlainYaml.js";

// xacro.load_yaml reads plain YAML with readPlainYaml and loads the yaml package only
// for other files. Both paths must give the expansion the same values, and a file that fails in
// readPlainYaml's tag resolution must fail as it did with the yaml package alone.

const robot = (body: string): string =>
  `<?xml version="1.0"?>\n<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">\n  ${body}\n</robot>\n`;

/** Expands `body` with c.yaml holding `yaml`: the printed document, or the error message. */
function expand(body: string, yaml: string): string {
  const host = {
    readFile: (p: string) => (p === "/x/c.yaml" ? yaml : undefined),
    findPackage: () => undefined,
    env: () => undefined,
  };
  const r = expandXacro(robot(body), "b.urdf.xacro", { path: "/x/b.urdf.xacro", host });
  const e = r.diagnostics.find((d) => d.severity === "error");
  if (e !== undefined) return `${e.code}: ${e.message}`;
  if (r.root === undefined) throw new Error("no document and no error");
  return printXacroDocument(r.root, "b.urdf.xacro");
}

const plain = [
  "# limits",
  "joint_limits:",
  "  shoulder:",
  "    max_effort: 150.0",
  "    max_position: !degrees  360.0",
  "    min_position: !degrees -360.0",
  "    max_velocity: !radians pi/2",
  "    has_limits: True",
  "    count: 0x1F",
  "names: [a, 'b c', \"d\"]",
  "list:",
  "- x: 1",
  "  y: .inf",
  "- ~",
  "",
].join("\n");
const show =
  '<xacro:property name="c" value="${xacro.load_yaml(\'c.yaml\')}"/>' +
  "<values j=\"${c['joint_limits']['shoulder']}\" n=\"${c['names']}\" l=\"${c['list']}\"/>";

describe("xacro.load_yaml without the yaml package for plain files", () => {
  it("gives the expansion the values the yaml package gives (an alias sends the same file there)", () => {
    expect(
      readPlainYaml(
        plain,
        new Map([
          ["!degrees", Number],
          ["!radians", Number],
        ]),
      ),
    ).not.toBeUndefined();
    const withAlias = `${plain}anchored: &w 1\nalias: *w\n`;
    expect(readPlainYaml(withAlias)).toBeUndefined();
    const a = expand(show, plain);
    expect(a).toContain("<values");
    expect(a).toBe(expand(show, withAlias));
  });

  it("reports a tag that fails as the yaml package does, its steps counted once", () => {
    // Four tags of ~300,000 steps each, then one that fails: counted twice (by readPlainYaml and
    // again by the yaml package) they would pass the 2,000,000-step budget and change the error.
    const costly = Array.from({ length: 4 }, (_, i) => `c${i}: !degrees len([i for i in range(100000)])`);
    const yaml = [...costly, "bad: !degrees nope", ""].join("\n");
    const message = expand(show, yaml);
    expect(message).toMatch(
      /^XACRO_ERROR: \/x\/c\.yaml: invalid YAML: NameError: name 'nope' is not defined at line 5/,
    );
  });
});

describe("xacro.load_yaml outside the plain subset", () => {
  it("resolves 20,000 anchor-alias pairs in linear time, and stops aliases past the list budget", {
    timeout: 60_000,
  }, () => {
    const pairs = Array.from({ length: 20_000 }, (_, i) => `a${i}: &x${i} [1, 2]\nb${i}: *x${i}\n`).join("");
    expect(
      expand('<xacro:property name="c" value="${xacro.load_yaml(\'c.yaml\')}"/><l n="${len(c)}"/>', pairs),
    ).toContain('<l n="40000"/>');
    // Each level doubles what the aliases stand for: 2^21 nodes from 21 short lines.
    const laughs = [
      "l0: &l0 [1, 1]",
      ...Array.from({ length: 21 }, (_, i) => `l${i + 1}: &l${i + 1} [*l${i}, *l${i}]`),
    ];
    expect(expand(show, `${laughs.join("\n")}\n`)).toMatch(
      /^XACRO_VALUE_TOO_LARGE: \/x\/c\.yaml: invalid YAML: aliases expand to more than 1000000 nodes/,
    );
  });

  it("refuses the tags PyYAML's safe_load refuses, as ROS's xacro does, and prints no raw warning", () => {
    const warn = process.emitWarning;
    const emitted: unknown[] = [];
    process.emitWarning = ((w: unknown) => emitted.push(w)) as typeof process.emitWarning;
    try {
      expect(expand(show, "a: !!python/object:os.system [ls]\n")).toBe(
        "XACRO_ERROR: /x/c.yaml: invalid YAML: could not determine a constructor for the tag 'tag:yaml.org,2002:python/object:os.system' at line 1, column 4, as PyYAML's safe_load, which ROS's xacro uses, refuses it",
      );
      expect(expand(show, "a: &a !foo \u001b[31mred\n")).toMatch(/^XACRO_ERROR: .*the tag '!foo' at line 1, column 7/);
      expect(emitted).toEqual([]);
    } finally {
      process.emitWarning = warn;
    }
  });
});
