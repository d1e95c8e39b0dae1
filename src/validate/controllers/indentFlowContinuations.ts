/**
 * libyaml (which rcl_yaml_param_parser uses) does not weigh indentation inside a flow collection:
 * `joints: [a, b,` followed by `c]` at the key's own column is one array for rcl. The yaml
 * package refuses such a line (BAD_INDENT). This indents every line that continues an open flow
 * collection to one column past the line that opened it, and returns by how many columns each
 * line moved (0-based line index), so that positions can be given back in the original text.
 * Linear in the text's length.
 */
export function indentFlowContinuations(text: string): { text: string; shift: ReadonlyMap<number, number> } {
  const lines = text.split("\n");
  const shift = new Map<number, number>();
  let depth = 0;
  let openIndent = 0;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const indent = line.length - line.trimStart().length;
    if (depth > 0 && line.trim() !== "" && indent <= openIndent) {
      const add = openIndent + 1 - indent;
      line = " ".repeat(add) + line;
      lines[i] = line;
      shift.set(i, add);
    }
    if (depth > 0) depth = flowDepthAfter(line, depth);
    // Only a collection that is a value (`key: [` or `- [`) opens one: a bracket in a block
    // scalar's text does not.
    else if (FLOW_VALUE.test(line)) {
      depth = flowDepthAfter(line, 0);
      openIndent = indent;
    }
  }
  return { text: shift.size === 0 ? text : lines.join("\n"), shift };
}

const FLOW_VALUE = /^\s*(?:-\s+|[^\s#'"|>][^#'"]*?:\s+)[[{]/;

/** The flow nesting depth at the end of a line, outside quotes and comments (never below 0). */
function flowDepthAfter(line: string, start: number): number {
  let depth = start;
  let quote = "";
  for (let j = 0; j < line.length; j++) {
    const c = line[j]!;
    if (quote !== "") {
      if (c === quote) quote = "";
      continue;
    }
    if (c === "#" && (j === 0 || line[j - 1] === " " || line[j - 1] === "\t")) break;
    if (c === '"' || c === "'") quote = c;
    else if (c === "[" || c === "{") depth++;
    else if ((c === "]" || c === "}") && depth > 0) depth--;
  }
  return depth;
}
