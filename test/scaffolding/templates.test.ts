import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";

import { TEMPLATE_SOURCES } from "../../src/emit/gazebo/templateSources.js";
import { TEMPLATE_SCHEMAS } from "../../src/emit/gazebo/templateData.js";
import { renderTemplate } from "../../src/emit/gazebo/renderTemplate.js";
import { TEMPLATE_SPECS } from "../../src/emit/gazebo/templateSpecs.js";

const dir = join(import.meta.dirname, "..", "..", "templates");
const onDisk = Object.fromEntries(
  readdirSync(dir)
    .filter((f) => f.endsWith(".hbs"))
    .sort()
    .map((f) => [f.replace(/\.hbs$/, ""), readFileSync(join(dir, f), "utf8")] as const),
);

function embeddedModule(): string {
  const entries = Object.entries(onDisk).map(([name, text]) => `  ${JSON.stringify(name)}: ${JSON.stringify(text)},`);
  return [
    "// Embedded copy of templates/*.hbs, so emitters need no file access.",
    "// Regenerate: UPDATE_TEMPLATES=1 npx vitest run test/scaffolding/templates.test.ts",
    "",
    "/** Template name (file name without .hbs) → Handlebars source. */",
    "export const TEMPLATE_SOURCES = {",
    ...entries,
    "} as const;",
    "",
    "/** Names of the plugin-block templates in templates/. */",
    "export type TemplateName = keyof typeof TEMPLATE_SOURCES;",
    "",
  ].join("\n");
}

describe("templates", () => {
  it("the embedded copy equals templates/*.hbs", () => {
    const path = join(import.meta.dirname, "..", "..", "src", "emit", "gazebo", "templateSources.ts");
    if (process.env["UPDATE_TEMPLATES"] === "1") writeFileSync(path, embeddedModule());
    expect(readFileSync(path, "utf8")).toBe(embeddedModule());
    expect(Object.keys(TEMPLATE_SOURCES).sort()).toEqual(Object.keys(onDisk));
  });

  it("the precompiled templates render what compiling the sources renders", () => {
    expect(Object.keys(TEMPLATE_SPECS).sort()).toEqual(Object.keys(onDisk));
    const data = { name: "imu", topic: "a<b", frame: "imu_link" };
    const fromSource = Handlebars.create().compile(onDisk["classic-imu"], { strict: true, noEscape: false })(data);
    expect(renderTemplate("classic-imu", data)).toBe(fromSource);
    expect(fromSource).toContain("a&lt;b");
  });

  it("every template has a data schema and no schema lacks a template", () => {
    expect(Object.keys(TEMPLATE_SCHEMAS).sort()).toEqual(Object.keys(onDisk));
  });

  it("rejects data that does not match the template's schema, naming the template and field", () => {
    expect(() => renderTemplate("classic-imu", { name: "imu", topic: "imu" } as never)).toThrow(/classic-imu.*frame/);
    expect(() => renderTemplate("classic-imu", { name: "imu", topic: "imu", frame: "f", extra: "x" } as never)).toThrow(
      /classic-imu/,
    );
    expect(() => renderTemplate("ros1-ros-control", { namespace: 3 } as never)).toThrow(/ros1-ros-control.*namespace/);
  });

  it("escapes XML-special characters in values", () => {
    const xml = renderTemplate("classic-imu", { name: "a<b", topic: "t&u", frame: '"f"' });
    expect(xml).toContain("a&lt;b");
    expect(xml).toContain("t&amp;u");
    expect(xml).not.toContain("a<b");
  });
});
