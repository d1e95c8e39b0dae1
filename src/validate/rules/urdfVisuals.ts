import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import type { Finding } from "../../diagnostics/severityPolicy.js";
import { parseNumbers } from "./numbers.js";
import { urdfIndex } from "./urdfModel.js";

const shapes = ["box", "cylinder", "capsule", "sphere", "mesh"];
const sizes: Record<string, string[]> = {
  box: ["size"],
  cylinder: ["radius", "length"],
  capsule: ["radius", "length"],
  sphere: ["radius"],
  mesh: [],
};

/**
 * Visual and collision geometry has exactly one shape with sizes that are not negative (zero is
 * a warning), and a visual's material given by name only is declared at robot level (else a
 * warning: RViz uses its default colour).
 */
export const urdfVisuals: Rule = (ctx) => {
  const { materials } = urdfIndex(ctx);
  for (const link of ctx.root.children) {
    if (link.name !== "link") continue;
    for (const part of link.children) {
      if (part.name !== "visual" && part.name !== "collision") continue;
      const geometry = child(part, "geometry");
      if (geometry !== undefined)
        checkGeometry(geometry, (finding, el, msg, a) =>
          ctx.flag(finding, el, `link [${attr(link, "name") ?? ""}] ${part.name}: ${msg}`, a),
        );
      const material = part.name === "visual" ? child(part, "material") : undefined;
      const name = material === undefined ? undefined : attr(material, "name");
      if (
        material !== undefined &&
        name !== undefined &&
        child(material, "color") === undefined &&
        child(material, "texture") === undefined &&
        !materials.has(name)
      ) {
        ctx.flag(
          "materialUndefined",
          material,
          `material [${name}] is used by a visual of link [${attr(link, "name") ?? ""}] but never declared (no <material name="${name}"> with a color or texture under <robot>)`,
          "name",
        );
      }
    }
  }
};

function checkGeometry(
  geometry: XmlElement,
  report: (finding: Finding, el: XmlElement, message: string, attribute?: string) => void,
): void {
  const present = geometry.children.filter((c) => shapes.includes(c.name));
  if (present.length !== 1) {
    report(
      "geometryNoShape",
      geometry,
      present.length === 0
        ? "<geometry> has no shape (box, cylinder, sphere or mesh)"
        : `<geometry> has ${present.length} shapes; it must have exactly one`,
    );
    return;
  }
  const shape = present[0] as XmlElement;
  for (const a of sizes[shape.name] ?? []) {
    const v = parseNumbers(attr(shape, a));
    if (v === undefined) continue;
    if (v.some((x) => Number.isFinite(x) && x < 0))
      report("geometryNegativeSize", shape, `<${shape.name}> ${a} [${attr(shape, a) ?? ""}] is negative`, a);
    else if (v.some((x) => x === 0))
      report("geometryZeroSize", shape, `<${shape.name}> ${a} [${attr(shape, a) ?? ""}] is zero`, a);
  }
}
