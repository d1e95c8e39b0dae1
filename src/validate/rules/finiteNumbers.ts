import type { XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";

const numeric = /^[+-]?(\d|\.\d|inf|nan)/i;
const infinityAllowed = new Set([
  "lower",
  "upper",
  "effort",
  "velocity",
  "stiffness",
  "dissipation",
  "max_contacts",
  "far",
  "max_dist",
  "range",
]);
/** Attributes and elements whose text is a name or a reference, never a number (a link may be called `inf`). */
const NAME_ATTRIBUTES = new Set([
  "name",
  "link",
  "joint",
  "parent",
  "child",
  "frame",
  "relative_to",
  "attached_to",
  "canonical_link",
  "expressed_in",
  "placement_frame",
  "filename",
  "uri",
  "type",
  "version",
  "reference",
  "topic",
]);
const NAME_ELEMENTS = new Set([
  "parent",
  "child",
  "uri",
  "name",
  "frame",
  "canonical_link",
  "joint",
  "link",
  "topic",
  "frame_id",
  "filename",
  "joint_name",
  "link_name",
  "body_name",
  "robotNamespace",
  "namespace",
]);

/**
 * Numbers are finite: NaN is never allowed, and infinity (written `inf` or overflowing like
 * `1e999`) only for joint limits. Plugin and namespaced content is not checked.
 */
export const finiteNumbers: Rule = (ctx) => {
  const stack: { el: XmlElement; inLimit: boolean }[] = [{ el: ctx.root, inLimit: false }];
  while (stack.length > 0) {
    const { el, inLimit } = stack.pop() as { el: XmlElement; inLimit: boolean };
    if (el.name === "plugin" || el.name.includes(":")) continue;
    const limitHere = inLimit || el.name === "limit";
    for (const c of el.children) stack.push({ el: c, inLimit: limitHere });
    if (el.children.length === 0 && !NAME_ELEMENTS.has(el.name))
      check(el.text, limitHere && infinityAllowed.has(el.name), (msg) =>
        ctx.flag("numberNotFinite", el, `<${el.name}> ${msg}`),
      );
    for (const a of el.attributes) {
      if (NAME_ATTRIBUTES.has(a.name)) continue;
      const allowInf = el.name === "limit" && (a.name === "lower" || a.name === "upper");
      check(a.value, allowInf, (msg) =>
        ctx.flag("numberNotFinite", el, `attribute [${a.name}] of <${el.name}> ${msg}`, a.name),
      );
    }
  }
};

function check(text: string, allowInfinity: boolean, report: (message: string) => void): void {
  // No length cut-off: a NaN padded with thousands of spaces is still a NaN (the scan is linear).
  const trimmed = text.trim();
  if (!numeric.test(trimmed)) return;
  for (const token of trimmed.split(/\s+/)) {
    if (!numeric.test(token)) return;
    const lower = token.toLowerCase().replace(/^[+-]/, "");
    if (lower === "nan") return report(`has the value [${token}]; NaN is not a number`);
    const isInf = lower === "inf" || lower === "infinity";
    const v = isInf ? Infinity : Number(token);
    if (isInf || (!Number.isFinite(v) && !Number.isNaN(v))) {
      if (!allowInfinity)
        return report(`has the value [${token}], which is infinite; only joint limits may be infinite`);
    }
  }
}
