import type { Rule } from "../RuleContext.js";

/** `<sdf>` holds worlds, or exactly one model, actor or light. */
export const sdfRootElements: Rule = (ctx) => {
  const tops = ctx.root.children.filter((c) => c.name === "model" || c.name === "actor" || c.name === "light");
  const worlds = ctx.root.children.filter((c) => c.name === "world");
  for (const extra of tops.slice(1)) {
    ctx.flag(
      "sdfRootEntities",
      extra,
      `<sdf> may hold only one top-level <model>, <actor> or <light>; this <${extra.name}> is a second one`,
    );
  }
  if (worlds.length > 0 && tops.length > 0) {
    ctx.flag(
      "sdfRootEntities",
      tops[0] ?? ctx.root,
      `<sdf> holds both <world> and a top-level <${tops[0]?.name ?? "model"}>`,
    );
  }
};
