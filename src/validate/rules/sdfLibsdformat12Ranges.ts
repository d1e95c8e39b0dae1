import type { XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";

/**
 * Ranges where libsdformat 12's own copy of the SDF 1.5–1.9 spec is stricter than the published
 * spec robokit's schemas come from: the camera `<horizontal_fov>` minimum is 0.1 rad there, and
 * later libsdformat lowered it to 0.001 rad. Keyed by element name and its parent's name.
 */
const LIBSDFORMAT12_MIN: ReadonlyMap<string, { readonly parent: string; readonly min: number; readonly spec: number }> =
  new Map([["horizontal_fov", { parent: "camera", min: 0.1, spec: 0.001 }]]);

/**
 * A value libsdformat 12 (gz-sim Fortress, `ign sdf -k`) refuses although the spec allows it: an
 * error, since that consumer does not load the file. SDF 1.10 and later are left alone:
 * libsdformat 12 does not read them, and the libsdformat that does accepts the spec's range.
 */
export const sdfLibsdformat12Ranges: Rule = (ctx) => {
  if (ctx.minor > 9) return;
  const visit = (e: XmlElement, parent: string): void => {
    if (e.name === "plugin" || e.name.includes(":")) return;
    const limit = LIBSDFORMAT12_MIN.get(e.name);
    if (limit !== undefined && limit.parent === parent) {
      const value = Number(e.text.trim());
      if (e.text.trim() !== "" && Number.isFinite(value) && value < limit.min && value >= limit.spec)
        ctx.flag(
          "sdfRangeLibsdformat12",
          e,
          `value [${e.text.trim()}] of <${e.name}> is below ${limit.min}, the minimum of libsdformat 12's copy of the spec (the published spec allows ${limit.spec}); libsdformat 12 (gz-sim Fortress) refuses the file`,
        );
    }
    for (const c of e.children) if (c.name !== "include") visit(c, e.name);
  };
  visit(ctx.root, "");
};
