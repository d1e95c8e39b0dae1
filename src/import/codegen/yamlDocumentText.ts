import { type Scalar, stringify } from "yaml";

import { yamlScalar } from "./yamlScalar.js";

/** A string the yaml package would write with raw characters some readers break lines at. */
class Escaped {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }
}

// Tab and LF are written well by the yaml package (LF as a literal block); the rest is not:
// it leaves NEL, U+2028/U+2029, BOM and bidi controls raw, even inside double quotes.
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPES =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff]/;

/**
 * A line of spaces or tabs alone in a string of several lines: the yaml package writes the
 * string as a literal block, where such a line reads back as an empty one (`" \n"` as `"\n"`).
 */
const BLANK_LINE = /(?:^|\n)[ \t]+(?:\n|$)/;

/** Whether the yaml package would not write `text` so that it reads back the same in every reader. */
function needsEscapes(text: string): boolean {
  return NEEDS_ESCAPES.test(text) || (text.includes("\n") && BLANK_LINE.test(text));
}

const escapedTag = {
  identify: (value: unknown): boolean => value instanceof Escaped,
  tag: "tag:yaml.org,2002:str",
  default: true,
  resolve: (text: string): string => text,
  stringify: (item: Scalar): string => yamlScalar((item.value as Escaped).text),
};

function prepare(value: unknown): unknown {
  if (typeof value === "string") return needsEscapes(value) ? new Escaped(value) : value;
  if (Array.isArray(value)) return value.map(prepare);
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    // A Map keeps keys that need escapes as keys the tag writes.
    if (entries.some(([k]) => needsEscapes(k))) return new Map(entries.map(([k, v]) => [prepare(k), prepare(v)]));
    return Object.fromEntries(entries.map(([k, v]) => [k, prepare(v)]));
  }
  return value;
}

/**
 * Plain data as a YAML document that YAML 1.1 and 1.2 readers read back as the same data:
 * the yaml package writes keys and scalars (quoting what would read as another type in either
 * version, e.g. `on`, `yes`, `1:20`), strings with characters it would leave raw go through
 * {@link yamlScalar}, and no anchors or aliases are made for repeated objects.
 */
export function yamlDocumentText(data: unknown): string {
  return stringify(prepare(data), { customTags: [escapedTag], compat: "yaml-1.1", aliasDuplicateObjects: false });
}
