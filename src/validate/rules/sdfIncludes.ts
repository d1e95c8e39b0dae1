import { readXml } from "../../parse/readXml.js";
import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { validateSdfDocument } from "../validateSdf.js";

const topLevelKinds = new Set(["model", "actor", "light"]);

/**
 * Resolves every `<include>` with the injected resolver, validates the included file (its
 * diagnostics carry its own file name) and records the included entity so that the frame
 * rules know its name. Runs before the other SDF rules.
 */
export const sdfIncludes: Rule = (ctx) => {
  const stack = ctx.options.includeStack ?? [ctx.file];
  const visit = (element: XmlElement): void => {
    for (const c of element.children) {
      if (c.name === "include") handle(c, element);
      else if (c.name === "world" || c.name === "model") visit(c);
    }
  };
  const handle = (include: XmlElement, parent: XmlElement): void => {
    const nameOverride = child(include, "name")?.text.trim();
    const record = (entity: XmlElement | undefined): void => {
      const name = nameOverride !== undefined && nameOverride !== "" ? nameOverride : entity === undefined ? undefined : attr(entity, "name");
      ctx.includes.set(include, { include, entity, name });
    };
    if (attr(include, "merge") === "true" && parent.name === "world") {
      ctx.flag("mergeIncludeInWorld", include, "merge-include is only supported inside a <model>, not directly in a <world>", "merge");
    }
    if (child(include, "placement_frame") !== undefined && child(include, "pose") === undefined) {
      ctx.flag("placementFrameInvalid", child(include, "placement_frame") ?? include, "<pose> is required when <placement_frame> is given");
    }
    const uri = child(include, "uri")?.text.trim();
    if (uri === undefined || uri === "") return record(undefined);
    const resolver = ctx.options.resolveInclude;
    if (resolver === undefined) return record(undefined);
    const resolved = resolver(uri, ctx.file);
    if ("error" in resolved) {
      const uriElement = child(include, "uri") ?? include;
      if (resolved.offline === true) ctx.flag("includeOffline", uriElement, `include [${uri}] was not fetched (${resolved.error}); names inside it are not checked`);
      else ctx.flag("includeNotFound", uriElement, `unable to resolve include uri [${uri}]: ${resolved.error}`);
      return record(undefined);
    }
    if (stack.includes(resolved.file)) {
      ctx.flag("includeCycle", include, `include [${uri}] includes itself (cycle through ${resolved.file})`);
      return record(undefined);
    }
    const { document, diagnostics } = readXml(resolved.text, resolved.file);
    ctx.diagnostics.push(...diagnostics);
    const root = document.root;
    if (root === undefined) return record(undefined);
    if (root.name !== "sdf") {
      ctx.flag("includeNotSdf", include, `include [${uri}] resolves to ${resolved.file}, whose root is <${root.name}>, not <sdf>`);
      return record(undefined);
    }
    ctx.diagnostics.push(...validateSdfDocument(root, resolved.file, { ...ctx.options, includeStack: [...stack, resolved.file] }));
    const tops = root.children.filter((c) => topLevelKinds.has(c.name));
    if (tops.length === 0) {
      ctx.flag("includeNoEntity", include, `failed to find a top-level <model>, <actor> or <light> in ${resolved.file} for <include> [${uri}]`);
      return record(undefined);
    }
    if (tops.length > 1) {
      ctx.flag("includeManyEntities", include, `${resolved.file} has ${tops.length} top-level elements (${tops.map((t) => `<${t.name}>`).join(", ")}); an included file must hold exactly one`);
    }
    return record(tops[0]);
  };
  visit(ctx.root);
};
