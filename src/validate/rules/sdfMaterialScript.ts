import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";

/** A material `<script>` needs a non-empty `<uri>` and `<name>`; a normal-map shader needs `<normal_map>`. */
export const sdfMaterialScript: Rule = (ctx) => {
  const stack: XmlElement[] = [ctx.root];
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement;
    if (el.name === "plugin" || el.name.includes(":")) continue;
    for (const item of el.children) stack.push(item);
    if (el.name !== "material") continue;
    const script = child(el, "script");
    if (script !== undefined) {
      const uri = child(script, "uri");
      // libsdformat's DOM (Material::Load, in every gz-sim) refuses a script without a <uri> in
      // every version, although its element reader would insert the spec's empty default; the
      // schema check leaves this one missing element to this rule (checkSchema.ts).
      if (uri === undefined || unset(uri.text)) {
        const given = uri === undefined ? "no <uri> given" : "empty or __default__ given";
        ctx.flag(
          "materialScriptInvalid",
          script,
          `a material <script> needs a non-empty <uri> (${given}); libsdformat 12 (gz-sim) refuses the material`,
        );
      }
      if (unset(child(script, "name")?.text))
        ctx.flag("materialScriptInvalid", script, "a material <script> needs a non-empty <name>");
    }
    const shader = child(el, "shader");
    const type = shader === undefined ? undefined : attr(shader, "type");
    if (shader && type?.startsWith("normal_map") && child(shader, "normal_map") === undefined) {
      ctx.flag("shaderNormalMapMissing", shader, `shader type [${type}] needs a <normal_map>`);
    }
  }
};

/** libsdformat treats an empty value and the spec's `__default__` placeholder alike: not set. */
function unset(text: string | undefined): boolean {
  const t = text?.trim() ?? "";
  return t === "" || t === "__default__";
}
