import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { expandXacro } from "./expandXacro.js";
import { evaluatePython } from "./evaluatePython.js";
import { pythonGlobals } from "./pythonGlobals.js";
import { floatRepr, pyStr } from "./PyValue.js";
import { writeXacroXml } from "./writeXacroXml.js";

const globals = pythonGlobals({ loadYaml: () => null, arg: () => "", message: () => undefined, absFilename: (f) => f });
const py = (src: string): string => pyStr(evaluatePython(src, { lookup: (n) => globals.get(n) ?? null }));

describe("xacro's Python expressions", () => {
  it("keeps Python's int/float distinction and operators", () => {
    expect(py("2*3")).toBe("6");
    expect(py("1/2")).toBe("0.5");
    expect(py("7//2")).toBe("3");
    expect(py("-7//2")).toBe("-4");
    expect(py("-7 % 3")).toBe("2");
    expect(py("2**10")).toBe("1024");
    expect(py("-2**2")).toBe("-4");
    expect(py("1.0*2")).toBe("2.0");
    expect(py("1e-5")).toBe("1e-05");
    expect(py("pi/2")).toBe("1.5707963267948966");
    expect(py("radians(90)")).toBe("1.5707963267948966");
    expect(py("round(2.5)")).toBe("2");
    expect(py("1 if 2 > 1 and not False else 0")).toBe("1");
    expect(py("'a b c'.split(' ')[1].upper()")).toBe("B");
    expect(py("[x*2 for x in range(3)]")).toBe("[0, 2, 4]");
    expect(py("dict(a=1)['a'] + len('abc')")).toBe("4");
    expect(py("1 < 2 < 3")).toBe("True");
    expect(py("'x' in ['x', 'y']")).toBe("True");
  });

  it("refuses names with double underscores and anything not in its scope", () => {
    expect(() => py("__import__('os')")).toThrow(/invalid name/);
    expect(() => py("open('/etc/passwd')")).toThrow(/NameError|not callable/);
  });

  it("writes floats exactly as Python's repr, and they read back to the same double", () => {
    expect(floatRepr(0.1)).toBe("0.1");
    expect(floatRepr(1e16)).toBe("1e+16");
    expect(floatRepr(123456789012345.0)).toBe("123456789012345.0");
    expect(floatRepr(0.0001)).toBe("0.0001");
    expect(floatRepr(0.00001)).toBe("1e-05");
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => Object.is(Number(floatRepr(x)), x)),
    );
  });
});

describe("expandXacro", () => {
  const host = (files: Record<string, string>) => ({
    readFile: (p: string) => files[p],
    findPackage: (n: string) => (n === "pkg" ? "/pkg" : undefined),
    env: () => undefined,
  });

  it("expands macros with defaults and blocks, properties, conditionals, args and includes", () => {
    const files = {
      "/pkg/inc.xacro": `<robot xmlns:xacro="http://www.ros.org/wiki/xacro"><xacro:property name="r" value="0.1"/></robot>`,
    };
    const text = `<robot name="t" xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:arg name="wheels" default="2"/>
  <xacro:include filename="$(find pkg)/inc.xacro"/>
  <xacro:macro name="wheel" params="name y:=0 *origin">
    <link name="\${name}"><visual><xacro:insert_block name="origin"/><geometry><cylinder radius="\${r}" length="\${r/2}"/></geometry></visual></link>
  </xacro:macro>
  <xacro:wheel name="left" y="1"><origin xyz="0 0.5 0"/></xacro:wheel>
  <xacro:if value="\${$(arg wheels) > 1}"><xacro:wheel name="right"><origin xyz="0 0 0"/></xacro:wheel></xacro:if>
</robot>`;
    const r = expandXacro(text, "t.xacro", { path: "/t.xacro", host: host(files) });
    expect(r.diagnostics).toEqual([]);
    const out = writeXacroXml(r.root!).text;
    expect(out).toContain('<link name="left">');
    expect(out).toContain('<cylinder radius="0.1" length="0.05"/>');
    expect(out).toContain('<link name="right">');
    expect(out).not.toContain("xacro:");
  });

  it("namespaced includes (ns=): macros as <xacro:ns.m>, properties as ${ns.p}, nested, as the reference xacro expands them", () => {
    // Expected values are what the reference xacro (ROS 2's, in Python) printed for these files.
    const files = {
      "/inc.xacro": `<robot xmlns:xacro="http://www.ros.org/wiki/xacro"><xacro:property name="r" value="0.1"/>
  <xacro:macro name="wheel" params="name"><link name="\${name}"><visual><geometry><cylinder radius="\${r}" length="\${r/2}"/></geometry></visual></link></xacro:macro></robot>`,
      "/outer.xacro": `<robot xmlns:xacro="http://www.ros.org/wiki/xacro"><xacro:property name="k" value="3"/>
  <xacro:include filename="inc.xacro" ns="inner"/>
  <xacro:macro name="pair" params="p"><xacro:inner.wheel name="\${p}_\${k}"/></xacro:macro></robot>`,
    };
    const text = `<robot name="t" xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:property name="r" value="7"/>
  <xacro:include filename="inc.xacro" ns="inc"/>
  <xacro:include filename="outer.xacro" ns="a"/>
  <xacro:inc.wheel name="left"/>
  <xacro:call macro="inc.wheel" name="mid"/>
  <link name="l_\${inc.r}_\${r}"/>
  <xacro:a.inner.wheel name="deep_\${a.inner.r}"/>
  <link name="k_\${a.k}"/>
</robot>`;
    const r = expandXacro(text, "t.xacro", { path: "/t.xacro", host: host(files) });
    expect(r.diagnostics).toEqual([]);
    const out = writeXacroXml(r.root!).text;
    const links = [...out.matchAll(/<link name="([^"]*)"/g)].map((m) => m[1]);
    expect(links).toEqual(["left", "mid", "l_0.1_7", "deep_0.1", "k_3"]);
    // The macro body reads its own file's r (0.1), not the caller's (7).
    expect(out.match(/<cylinder radius="0.1" length="0.05"\/>/g)).toHaveLength(3);
    // A namespaced macro's arguments are evaluated in its namespace, so a macro passing its own
    // parameter on fails, in xacro too ("name 'p' is not defined ... instantiated from: pair").
    const passOn = expandXacro(
      `<robot name="t" xmlns:xacro="http://www.ros.org/wiki/xacro"><xacro:include filename="outer.xacro" ns="a"/><xacro:a.pair p="q"/></robot>`,
      "p.xacro",
      { path: "/p.xacro", host: host(files) },
    );
    expect(passOn.diagnostics.map((d) => d.message).join("\n")).toMatch(/name 'p' is not defined/);
    // Outside its namespace the macro does not exist, as in xacro ("unknown macro name: xacro:wheel").
    const bad = expandXacro(
      `<robot name="t" xmlns:xacro="http://www.ros.org/wiki/xacro"><xacro:include filename="inc.xacro" ns="inc"/><xacro:wheel name="x"/></robot>`,
      "b.xacro",
      { path: "/b.xacro", host: host(files) },
    );
    expect(bad.diagnostics.map((d) => d.message).join("\n")).toMatch(/unknown macro name: xacro:wheel/);
  });

  it("reports an error at the xacro line with the macro call chain", () => {
    const text = `<robot xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:macro name="m" params="a">
    <link name="\${a + missing}"/>
  </xacro:macro>
  <xacro:m a="1"/>
</robot>`;
    const r = expandXacro(text, "t.xacro", { path: "/t.xacro", host: host({}) });
    expect(r.root).toBeUndefined();
    const d = r.diagnostics[0];
    expect(d).toMatchObject({ code: "XACRO_ERROR", file: "t.xacro", line: 3 });
    expect(d?.message).toMatch(
      /name 'missing' is not defined.*in macro m \(defined at t.xacro:2\) called at t.xacro:5:3/,
    );
  });
});
