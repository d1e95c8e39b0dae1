import { parseDocument, type Tags } from "yaml";

import { YamlAliasError, yamlToJs } from "../../util/yamlToJs.js";

/**
 * Tags PyYAML's SafeLoader constructs (ROS's xacro reads `load_yaml` files with
 * `yaml.safe_load`, its `!degrees` and `!radians` added): the YAML 1.1 types. Any other tag
 * (`!!python/object`, `!foo`) is refused there.
 */
const SAFE_LOADER_TAGS = new Set(
  ["null", "bool", "int", "float", "binary", "timestamp", "omap", "pairs", "set", "str", "seq", "map", "merge"].map(
    (t) => `tag:yaml.org,2002:${t}`,
  ),
);

/** What {@link loadYamlText} gives: the data, or why the file is refused. */
export type LoadedYaml =
  | { readonly ok: true; readonly data: unknown; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly message: string; readonly tooLarge: boolean };

/**
 * Reads a `xacro.load_yaml` file the plain-subset reader left (anchors, aliases, tags, block
 * scalars…) with the yaml package's core schema, integers as BigInt and the `customTags`, in
 * time linear in the document: aliases are resolved by {@link yamlToJs} (the yaml package's own
 * `toJS` rescans every anchor per alias: 20,000 anchor-alias pairs, 704 KB, took 79 s), and may
 * expand to at most `maxAliasNodes` nodes. A tag ROS's xacro refuses (any but SafeLoader's and
 * the custom ones) is an error as in PyYAML; a SafeLoader tag the core schema lacks
 * (`!!timestamp`, `!!binary`, `!!set`…) is read as its text with a warning. Messages quote no
 * source text (the yaml package's quote the line, control characters included). Never throws.
 */
export function loadYamlText(text: string, customTags: Tags, maxAliasNodes: number): LoadedYaml {
  const doc = parseDocument(text, {
    intAsBigInt: true,
    customTags,
    schema: "core",
    uniqueKeys: false,
    prettyErrors: false,
  });
  const first = doc.errors[0];
  if (first !== undefined) return { ok: false, message: `${first.message}${at(text, first.pos[0])}`, tooLarge: false };
  const warnings: string[] = [];
  for (const w of doc.warnings) {
    const tag = /^Unresolved tag: (\S+)/.exec(w.message)?.[1];
    if (tag === undefined) {
      warnings.push(w.message);
      continue;
    }
    const where = at(text, w.pos[0]);
    if (!SAFE_LOADER_TAGS.has(tag))
      return {
        ok: false,
        message: `could not determine a constructor for the tag '${tag}'${where}, as PyYAML's safe_load, which ROS's xacro uses, refuses it`,
        tooLarge: false,
      };
    warnings.push(`the tag '${tag}'${where} is read as its text; ROS's xacro (PyYAML) constructs a value of that type`);
  }
  try {
    return { ok: true, data: yamlToJs(doc, maxAliasNodes), warnings };
  } catch (error) {
    if (error instanceof YamlAliasError)
      return { ok: false, message: error.message, tooLarge: error.reason === "limit" };
    return { ok: false, message: error instanceof Error ? error.message : String(error), tooLarge: false };
  }
}

/** " at line L, column C" (1-based, as the yaml package says it) of a 0-based offset in the text. */
function at(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return ` at line ${line}, column ${offset - before.lastIndexOf("\n")}`;
}
