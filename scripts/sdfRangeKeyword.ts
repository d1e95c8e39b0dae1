import type { CodeKeywordDefinition, KeywordCxt } from "ajv";
import { _, str } from "ajv";

/**
 * The `sdfRange: [min, max]` keyword of the SDF schemas (null = unbounded): every number in
 * the whitespace-separated text lies in [min, max]; words that are not numbers are left to
 * the `pattern` check. Written as generated code (not a validate function) so that ajv's
 * standalone output needs no run-time reference to it. Error: keyword `sdfRange`, message
 * `must be in [min, max]` (`-inf`/`inf` for null), params `{min, max}`.
 */
export const sdfRangeKeyword: CodeKeywordDefinition = {
  keyword: "sdfRange",
  type: "string",
  schemaType: "array",
  error: {
    message: ({ schema }) => {
      const [min, max] = schema as [number | null, number | null];
      return str`must be in [${String(min ?? "-inf")}, ${String(max ?? "inf")}]`;
    },
    params: ({ schema }) => {
      const [min, max] = schema as [number | null, number | null];
      return _`{min: ${min}, max: ${max}}`;
    },
  },
  code(cxt: KeywordCxt) {
    const [min, max] = cxt.schema as [number | null, number | null];
    const low = min === null ? _`true` : _`n >= ${min}`;
    const high = max === null ? _`true` : _`n <= ${max}`;
    const trimmed = _`${cxt.data}.trim()`;
    cxt.fail(
      _`!(${trimmed} === "" || ${trimmed}.split(/\\s+/).every((w) => { const n = Number(w); return Number.isNaN(n) || (${low} && ${high}); }))`,
    );
  },
};
