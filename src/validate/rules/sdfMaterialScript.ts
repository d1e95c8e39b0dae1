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
      // A missing <uri> is the schema's ELEMENT_MISSING from 1.6 on; before 1.6 schema findings
      // are warnings, but libsdformat rejects such a script in every version.
      if ((uri !== undefined && unset(uri.text)) || (uri === undefined && ctx.minor < 6)) ctx.flag("materialScriptInvalid", script, "a material <script> needs a non-empty <uri> (empty or __default__ given)");
      if (unset(child(script, "name")?.text)) ctx.flag("materialScriptInvalid", script, "a material <script> needs a non-empty <name>");
    }
    const shader = child(el, "shader");
    const type = shader === undefined ? undefined : attr(shader, "type");
    if (shader !== undefined && type !== undefined && type.startsWith("normal_map") && child(shader, "normal_map") === undefined) {
      ctx.flag("shaderNormalMapMissing", shader, `shader type [${type}] needs a <normal_map>`);
    }
  }
};

/** libsdformat treats an empty value and the spec's `__default__` placeholder alike: not set. */
function unset(text: string | undefined): boolean {
  const t = text?.trim() ?? "";
  return t === "" || t === "__default__";
}
