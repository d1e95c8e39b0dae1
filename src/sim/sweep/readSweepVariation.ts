import { parseYamlDocument } from "../../util/yamlDocument.js";
import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { SweepDistribution, SweepParameter, SweepVariation } from "./SweepVariation.js";

/** Result of reading a `--vary` file: the variation when valid, and every problem with its place. */
export interface SweepVariationResult {
  readonly variation?: SweepVariation;
  readonly diagnostics: readonly Diagnostic[];
}

const NAME = /^(friction|wheelRadius|mass:[A-Za-z0-9_.\-/]+|(velocity|effort):[A-Za-z0-9_.\-/*]+)$/;

/**
 * Reads a `--vary` YAML (or JSON) document:
 *
 * ```yaml
 * parameters:
 *   mass:base_link: { uniform: [9, 11] }
 *   friction: { normal: { mean: 1, std: 0.1, min: 0.7, max: 1.3 } }
 * ```
 *
 * Each key names a {@link SweepParameter}; its value is `uniform: [min, max]` or
 * `normal: {mean, std, min, max}` (finite, min ≤ max, std ≥ 0, mean within the bounds).
 * Every problem is reported at file:line:col with its JSON pointer. Pure: no I/O.
 *
 * @param text - the document text.
 * @param file - the name to report.
 */
export function readSweepVariation(text: string, file: string): SweepVariationResult {
  const parsed = parseYamlDocument(text, file);
  if (parsed.document === undefined) return { diagnostics: parsed.diagnostics };
  const { data, locate } = parsed.document;
  const diagnostics: Diagnostic[] = [];
  const at = (jsonPath: string, message: string): void => {
    diagnostics.push({
      code: "DOCUMENT_INVALID",
      severity: "error",
      message: `${jsonPath === "" ? "/" : jsonPath}: ${message}`,
      file,
      jsonPath,
      ...locate(jsonPath),
    });
  };
  const root = data as { parameters?: unknown } | null;
  if (typeof root !== "object" || root === null || Array.isArray(root)) {
    at("", "expected a mapping with `parameters`");
    return { diagnostics };
  }
  for (const key of Object.keys(root))
    if (key !== "parameters") at(`/${escapeKey(key)}`, "unknown key (expected only `parameters`)");
  const params = root.parameters;
  if (typeof params !== "object" || params === null || Array.isArray(params) || Object.keys(params).length === 0) {
    at("/parameters", "expected a non-empty mapping of parameter name to distribution");
    return { diagnostics };
  }
  const parameters: SweepParameter[] = [];
  for (const [name, spec] of Object.entries(params as Record<string, unknown>)) {
    const path = `/parameters/${escapeKey(name)}`;
    if (!NAME.test(name)) {
      at(
        path,
        `unknown parameter "${name}" (expected friction, wheelRadius, mass:LINK, velocity:JOINT or effort:JOINT)`,
      );
      continue;
    }
    const distribution = readDistribution(spec, path, at);
    if (distribution !== undefined) parameters.push({ name, distribution });
  }
  return diagnostics.length > 0 ? { diagnostics } : { variation: { parameters }, diagnostics };
}

function readDistribution(
  spec: unknown,
  path: string,
  at: (jsonPath: string, message: string) => void,
): SweepDistribution | undefined {
  const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
  if (typeof spec !== "object" || spec === null || Array.isArray(spec) || Object.keys(spec).length !== 1) {
    at(path, "expected exactly one of `uniform: [min, max]` or `normal: {mean, std, min, max}`");
    return undefined;
  }
  const s = spec as { uniform?: unknown; normal?: unknown };
  if ("uniform" in s) {
    const u = s.uniform;
    if (!Array.isArray(u) || u.length !== 2 || !finite(u[0]) || !finite(u[1])) {
      at(`${path}/uniform`, "expected [min, max], two finite numbers");
      return undefined;
    }
    if (!(u[0] <= u[1])) {
      at(`${path}/uniform`, `min ${u[0]} must not exceed max ${u[1]}`);
      return undefined;
    }
    if (!Number.isFinite(u[1] - u[0])) {
      at(`${path}/uniform`, `the range ${u[0]} … ${u[1]} is wider than a double holds (max − min overflows)`);
      return undefined;
    }
    return { type: "uniform", min: u[0], max: u[1] };
  }
  if ("normal" in s) {
    const n = s.normal as Record<string, unknown> | null;
    const keys = ["mean", "std", "min", "max"] as const;
    if (typeof n !== "object" || n === null || Array.isArray(n)) {
      at(`${path}/normal`, "expected {mean, std, min, max}");
      return undefined;
    }
    let ok = true;
    for (const k of keys) {
      if (!finite(n[k])) {
        at(`${path}/normal/${k}`, "expected a finite number (normal distributions state their bounds)");
        ok = false;
      }
    }
    for (const k of Object.keys(n)) {
      if (!(keys as readonly string[]).includes(k)) {
        at(`${path}/normal/${escapeKey(k)}`, "unknown key (expected mean, std, min, max)");
        ok = false;
      }
    }
    if (!ok) return undefined;
    const [mean, std, min, max] = keys.map((k) => n[k] as number) as [number, number, number, number];
    if (!(std >= 0)) at(`${path}/normal/std`, `must be ≥ 0, got ${std}`);
    else if (!(min <= mean && mean <= max))
      at(`${path}/normal/mean`, `mean ${mean} must lie within [min, max] = [${min}, ${max}]`);
    else return { type: "normal", mean, std, min, max };
    return undefined;
  }
  at(path, "expected `uniform` or `normal`");
  return undefined;
}

/** JSON-pointer escaping of one key (RFC 6901). */
function escapeKey(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
