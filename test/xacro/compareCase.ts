import { canonicalXml, diffCanonical } from "./compareXml.js";
import { expandCase } from "./expandCase.js";
import { casePackages, type XacroCase } from "./xacroTestSet.js";

/** The outcome of comparing robokit's expansion of a case with the reference's. */
export interface CaseComparison {
  readonly id: string;
  /** identical: same canonical XML; same-error: both refuse the file; otherwise a difference. */
  readonly status: "identical" | "same-error" | "different" | "only-reference-fails" | "only-robokit-fails";
  readonly details: string[];
}

/** Reference output with its ament prefix folders written as `$(find NAME)`. */
export function normaliseReferencePaths(s: string): string {
  return s.replace(/\/tmp\/robokit-xacro-ref-[^/]+\/prefix\d+\/share\/([^/\s"<]+)/g, "$(find $1)");
}

/**
 * Compares robokit's expansion of `c` with a reference result (`ok` false: the reference's
 * error message). Package folders on both sides are rewritten to `$(find NAME)` first.
 */
export function compareCase(c: XacroCase, reference: { ok: boolean; text: string }): CaseComparison {
  const mine = expandCase(c);
  const ours = mine.diagnostics
    .filter((d) => d.severity === "error")
    .map((d) => d.message)
    .join("; ");
  if (!reference.ok) {
    return mine.text === undefined
      ? {
          id: c.id,
          status: "same-error",
          details: [`reference: ${reference.text.split("\n")[0] ?? ""}`, `robokit: ${ours}`],
        }
      : { id: c.id, status: "only-reference-fails", details: [reference.text.split("\n")[0] ?? ""] };
  }
  if (mine.text === undefined) return { id: c.id, status: "only-robokit-fails", details: [ours] };
  const packages = casePackages(c);
  const rewriteOurs = (s: string): string => {
    for (const [name, dir] of packages) s = s.split(dir).join(`$(find ${name})`);
    return s;
  };
  const a = canonicalXml(reference.text, normaliseReferencePaths);
  const b = canonicalXml(mine.text, rewriteOurs);
  if (typeof a === "string" || typeof b === "string")
    return { id: c.id, status: "different", details: [String(a), String(b)].filter((x) => x !== "[object Object]") };
  const d = diffCanonical(a, b);
  return { id: c.id, status: d.length === 0 ? "identical" : "different", details: d };
}
