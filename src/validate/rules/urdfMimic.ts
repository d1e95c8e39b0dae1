import { attr, child } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { urdfIndex } from "./urdfModel.js";

/** A mimic joint follows another existing joint, not itself, and mimic chains have no cycle. */
export const urdfMimic: Rule = (ctx) => {
  const { joints } = urdfIndex(ctx);
  const follows = new Map<string, string>();
  for (const [name, joint] of joints) {
    const mimic = child(joint, "mimic");
    const leader = mimic === undefined ? undefined : attr(mimic, "joint");
    if (mimic === undefined || leader === undefined) continue;
    if (leader === name) ctx.flag("mimicInvalid", mimic, `joint [${name}] mimics itself`, "joint");
    else if (!joints.has(leader))
      ctx.flag("mimicLeaderMissing", mimic, `joint [${name}] mimics joint [${leader}], which does not exist`, "joint");
    else follows.set(name, leader);
  }
  const reported = new Set<string>();
  for (const start of follows.keys()) {
    const seen: string[] = [];
    let at: string | undefined = start;
    while (at !== undefined && !seen.includes(at)) {
      seen.push(at);
      at = follows.get(at);
    }
    if (at === undefined) continue;
    const cycle = seen.slice(seen.indexOf(at));
    const key = [...cycle].sort().join(",");
    if (reported.has(key)) continue;
    reported.add(key);
    const mimic = child(joints.get(at) as NonNullable<ReturnType<typeof joints.get>>, "mimic");
    ctx.flag("mimicInvalid", mimic ?? ctx.root, `mimic joints form a cycle: ${[...cycle, at].join(" -> ")}`, "joint");
  }
};
