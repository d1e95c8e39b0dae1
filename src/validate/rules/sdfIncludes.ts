import { readXml } from "../../parse/readXml.js";
import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { DiagnosticCode } from "../../diagnostics/codes.js";
import { MAX_INCLUDE_DEPTH, type ParsedInclude, type Rule } from "../RuleContext.js";
import type { Finding } from "../../diagnostics/severityPolicy.js";
import { validateSdfDocument } from "../validateSdf.js";

/** Text whose first element is `<sdf` (after an XML declaration, comments and whitespace). */
const looksLikeSdf = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<sdf[\s>]/;

/** The finding of each refusal code the include resolver returns. */
const includeRefusal: ReadonlyMap<DiagnosticCode, Finding> = new Map<DiagnosticCode, Finding>([
  ["INCLUDE_OUTSIDE_ROOTS", "includeOutsideRoots"],
  ["INCLUDE_NOT_REGULAR_FILE", "includeNotRegularFile"],
  ["INCLUDE_TOO_LARGE", "includeTooLarge"],
  ["INCLUDE_TOTAL_TOO_LARGE", "includeTotalTooLarge"],
]);

const topLevelKinds = new Set(["model", "actor", "light"]);

/**
 * Resolves every `<include>` with the injected resolver, validates the included file (its
 * diagnostics carry its own file name) and records the included entity so that the frame
 * rules know its name. Runs before the other SDF rules.
 */
export const sdfIncludes: Rule = (ctx) => {
  const stack = ctx.options.includeStack ?? [ctx.file];
  const cache = ctx.options.includeCache ?? new Map<string, ParsedInclude>();
  const maxDepth = ctx.options.maxIncludeDepth ?? MAX_INCLUDE_DEPTH;
  const visit = (element: XmlElement): void => {
    for (const c of element.children) {
      if (c.name === "include") handle(c, element);
      else if (c.name === "world" || c.name === "model") visit(c);
    }
  };
  const handle = (include: XmlElement, parent: XmlElement): void => {
    const nameOverride = child(include, "name")?.text.trim();
    const record = (entity: XmlElement | undefined): void => {
      const name =
        nameOverride !== undefined && nameOverride !== ""
          ? nameOverride
          : entity === undefined
            ? undefined
            : attr(entity, "name");
      ctx.includes.set(include, { include, entity, name });
    };
    if (attr(include, "merge") === "true" && parent.name === "world") {
      ctx.flag(
        "mergeIncludeInWorld",
        include,
        "merge-include is only supported inside a <model>, not directly in a <world>",
        "merge",
      );
    }
    if (child(include, "placement_frame") !== undefined && child(include, "pose") === undefined) {
      ctx.flag(
        "placementFrameInvalid",
        child(include, "placement_frame") ?? include,
        "<pose> is required when <placement_frame> is given",
      );
    }
    const uri = child(include, "uri")?.text.trim();
    if (uri === undefined || uri === "") return record(undefined);
    const resolver = ctx.options.resolveInclude;
    if (resolver === undefined) return record(undefined);
    const uriElement = child(include, "uri") ?? include;
    if (stack.length > maxDepth) {
      ctx.flag(
        "includeDepthExceeded",
        uriElement,
        `include [${uri}] is nested ${stack.length} levels deep, over the limit of ${maxDepth}; it is not followed`,
      );
      return record(undefined);
    }
    const resolved = resolver(uri, ctx.file);
    if ("error" in resolved) {
      if (resolved.offline === true)
        ctx.flag(
          "includeOffline",
          uriElement,
          `include [${uri}] was not fetched (${resolved.error}); names inside it are not checked`,
        );
      else if (resolved.code !== undefined)
        ctx.flag(
          includeRefusal.get(resolved.code) ?? "includeNotFound",
          uriElement,
          `include [${uri}] refused: ${resolved.error}`,
        );
      else ctx.flag("includeNotFound", uriElement, `unable to resolve include uri [${uri}]: ${resolved.error}`);
      return record(undefined);
    }
    if (stack.includes(resolved.file)) {
      ctx.flag("includeCycle", include, `include [${uri}] includes itself (cycle through ${resolved.file})`);
      return record(undefined);
    }
    let parsed = cache.get(resolved.file);
    if (parsed === undefined) {
      // Parsed and validated once per file, however often it is included (linear, not 2^depth).
      const { document, diagnostics } = readXml(resolved.text, resolved.file);
      const sdfRoot = document.root?.name === "sdf" ? document.root : undefined;
      // A file that is not SDF is named but never quoted: its bytes could be anyone's secrets.
      // A broken file that starts like SDF keeps its XML errors (with positions).
      if (sdfRoot !== undefined || looksLikeSdf.test(resolved.text))
        for (const d of diagnostics) ctx.diagnostics.push(d);
      if (sdfRoot !== undefined) {
        for (const d of validateSdfDocument(sdfRoot, resolved.file, {
          ...ctx.options,
          includeStack: [...stack, resolved.file],
          includeCache: cache,
          includedEntities: ctx.includes,
        }))
          ctx.diagnostics.push(d);
      }
      parsed = { root: sdfRoot };
      cache.set(resolved.file, parsed);
    }
    const root = parsed.root;
    if (root === undefined && looksLikeSdf.test(resolved.text)) return record(undefined);
    if (root === undefined) {
      ctx.flag(
        "includeNotSdf",
        uriElement,
        `include [${uri}] resolves to ${resolved.file}, which is not an SDF file (not well-formed XML with an <sdf> root)`,
      );
      return record(undefined);
    }
    const tops = root.children.filter((c) => topLevelKinds.has(c.name));
    if (tops.length === 0) {
      ctx.flag(
        "includeNoEntity",
        include,
        `failed to find a top-level <model>, <actor> or <light> in ${resolved.file} for <include> [${uri}]`,
      );
      return record(undefined);
    }
    if (tops.length > 1) {
      ctx.flag(
        "includeManyEntities",
        include,
        `${resolved.file} has ${tops.length} top-level elements (${tops.map((t) => `<${t.name}>`).join(", ")}); an included file must hold exactly one`,
      );
    }
    const top = tops[0];
    if (attr(include, "merge") === "true" && top !== undefined && top.name !== "model") {
      ctx.flag(
        "mergeIncludeNotModel",
        include,
        `merge-include of a <${top.name}> (${resolved.file}): only a model's content can be merged into the including model`,
        "merge",
      );
    }
    return record(tops[0]);
  };
  visit(ctx.root);
};
