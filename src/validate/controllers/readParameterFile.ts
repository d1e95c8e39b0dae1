import {
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Node,
  type Scalar,
} from "yaml";

import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { policyDiagnostic } from "../../diagnostics/severityPolicy.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import { indentFlowContinuations } from "./indentFlowContinuations.js";

/** A ROS 2 parameter value as rcl_yaml_param_parser types it (type names as generate_parameter_library writes them). */
export type RosValue =
  | { readonly type: "bool"; readonly value: boolean }
  | { readonly type: "int"; readonly value: number }
  | { readonly type: "double"; readonly value: number }
  | { readonly type: "string"; readonly value: string }
  | { readonly type: "bool_array"; readonly value: readonly boolean[] }
  | { readonly type: "int_array"; readonly value: readonly number[] }
  | { readonly type: "double_array"; readonly value: readonly number[] }
  | { readonly type: "string_array"; readonly value: readonly string[] }
  /** `[]`: rcl gives it no element type; robokit accepts it for any array parameter. */
  | { readonly type: "empty_array"; readonly value: readonly [] };

/** A place in a parameter file (1-based). */
export interface FilePlace {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** One parameter of one node block, with where its key and its value stand. */
export interface RosParam {
  /** Dotted name, e.g. `linear.x.max_velocity`. */
  readonly name: string;
  readonly value: RosValue;
  readonly key: FilePlace;
  readonly at: FilePlace;
  /** For an array, where each element stands. */
  readonly elements?: readonly FilePlace[];
}

/** The `ros__parameters` of one node key of a file (`/**`, `controller_manager`, `/ns/diff_drive`). */
export interface NodeBlock {
  /** The node key's segments joined by `/`, without a leading `/` (e.g. `**`, `ns/controller_manager`). */
  readonly path: string;
  /** The last segment: the node name, or `*`/`**` for a wildcard. */
  readonly nodeName: string;
  /** True when the node name is a wildcard (`*`, `**`): the block applies to every node. */
  readonly wildcard: boolean;
  readonly params: readonly RosParam[];
  /** Where the node key stands. */
  readonly at: FilePlace;
}

const TRUE_WORDS = new Set(["Y", "y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"]);
const FALSE_WORDS = new Set(["N", "n", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"]);
const SPECIAL_DOUBLES: Record<string, number> = {
  ".nan": Number.NaN,
  ".NaN": Number.NaN,
  ".NAN": Number.NaN,
  ".inf": Number.POSITIVE_INFINITY,
  ".Inf": Number.POSITIVE_INFINITY,
  ".INF": Number.POSITIVE_INFINITY,
  "-.inf": Number.NEGATIVE_INFINITY,
  "-.Inf": Number.NEGATIVE_INFINITY,
  "-.INF": Number.NEGATIVE_INFINITY,
  "+.inf": Number.POSITIVE_INFINITY,
};
const INTEGER = /^[-+]?(?:0[xX][0-9a-fA-F]+|\d+)$/;
const DOUBLE = /^[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|nan|inf|infinity)$/i;

/**
 * Reads a ROS 2 parameter file as rcl_yaml_param_parser does: node keys (nested keys are
 * namespaces) down to `ros__parameters`, below it nested keys joined by dots, each plain
 * scalar typed by its text (yes/true/on are booleans, `1` an integer, `1.0` and `.nan`
 * doubles), quoted scalars strings, sequences arrays of one element type. Never throws;
 * what rcl refuses comes back as diagnostics.
 */
export function readParameterFile(text: string, file: string): { blocks: NodeBlock[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const refused = sizeRefusal(text, file);
  if (refused !== undefined) return { blocks: [], diagnostics: [refused] };
  const lineCounter = new LineCounter();
  const flow = indentFlowContinuations(text);
  let doc: Document;
  try {
    // rcl_yaml_param_parser reads events in order: a repeated node key merges, a repeated
    // parameter keeps its last value. yaml's own unique-key check is also quadratic in a map's size.
    doc = parseDocument(flow.text, { lineCounter, prettyErrors: false, uniqueKeys: false, logLevel: "error" });
  } catch (error) {
    // The parser's own recursion on absurd nesting: the nesting limit.
    if (!(error instanceof RangeError)) throw error;
    const message = `the file nests deeper than robokit reads (${INPUT_LIMITS.maxDepth} levels)`;
    return {
      blocks: [],
      diagnostics: [{ code: "NESTING_TOO_DEEP", severity: "error", message, file, line: 1, column: 1 }],
    };
  }
  const at = (offset: number): FilePlace => {
    const p = lineCounter.linePos(offset);
    return { file, line: p.line, column: Math.max(1, p.col - (flow.shift.get(p.line - 1) ?? 0)) };
  };
  const place = (node: { range?: [number, number, number] | null } | null | undefined): FilePlace =>
    at(node?.range?.[0] ?? 0);
  if (doc.errors.length > 0) {
    for (const e of doc.errors)
      diagnostics.push(
        policyDiagnostic("parameterFileInvalid", `not valid YAML: ${e.message.split("\n")[0] ?? e.code}`, at(e.pos[0])),
      );
    return { blocks: [], diagnostics };
  }
  const blocks: NodeBlock[] = [];
  const refuse = (node: Node | null | undefined, message: string): void => {
    diagnostics.push(policyDiagnostic("parameterFileInvalid", message, place(node)));
  };
  const walkNodes = (node: unknown, path: readonly string[], depth: number): void => {
    if (!isMap(node) || depth > 32) return;
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      if (key === "ros__parameters") {
        if (path.length === 0) {
          refuse(pair.key as Node, "rcl_yaml_param_parser needs a node name above ros__parameters");
          continue;
        }
        const segments = path.flatMap((s) => s.split("/")).filter((s) => s !== "");
        const nodeName = segments[segments.length - 1] ?? "";
        const params: RosParam[] = [];
        walkParams(pair.value, "", params, 0);
        blocks.push({
          path: segments.join("/"),
          nodeName,
          wildcard: nodeName === "*" || nodeName === "**",
          params,
          at: place(lastKey),
        });
      } else {
        const previous = lastKey;
        lastKey = pair.key as Node;
        walkNodes(pair.value, [...path, key], depth + 1);
        lastKey = previous;
      }
    }
  };
  let lastKey: Node | undefined;
  const walkParams = (node: unknown, prefix: string, out: RosParam[], depth: number): void => {
    if (!isMap(node)) {
      if (node !== null && node !== undefined)
        refuse(node as Node, "ros__parameters must hold a mapping of parameters");
      return;
    }
    if (depth > INPUT_LIMITS.maxDepth) return;
    for (const pair of node.items) {
      if (!isScalar(pair.key)) {
        refuse(pair.key as Node, "a parameter name must be a plain key");
        continue;
      }
      const name = prefix === "" ? String(pair.key.value) : `${prefix}.${String(pair.key.value)}`;
      const valueNode = pair.value as Node | null;
      if (isMap(valueNode)) {
        walkParams(valueNode, name, out, depth + 1);
        continue;
      }
      // rcl reads a mapping inside a sequence as a nested namespace, the sequence adding no
      // level: gpio_controllers' `Gpio1: [{interfaces: [dig.1]}]` is `Gpio1.interfaces`.
      if (isSeq(valueNode) && valueNode.items.length > 0 && valueNode.items.every((item) => isMap(item))) {
        for (const item of valueNode.items) walkParams(item, name, out, depth + 1);
        continue;
      }
      const value = rosValue(valueNode, refuse, name);
      if (value === undefined) continue;
      out.push({
        name,
        value,
        key: place(pair.key as Node),
        at: place(valueNode ?? (pair.key as Node)),
        ...(isSeq(valueNode) ? { elements: valueNode.items.map((item) => place(item as Node)) } : {}),
      });
    }
  };
  walkNodes(doc.contents, [], 0);
  diagnostics.push(...repeatedParameters(blocks));
  return { blocks, diagnostics };
}

/**
 * Parameters set twice for one node key in one file (a repeated key, or a repeated node block
 * such as `/**:` once per node): rcl_yaml_param_parser keeps the value it reads last. One map
 * lookup per parameter.
 */
function repeatedParameters(blocks: readonly NodeBlock[]): Diagnostic[] {
  const first = new Map<string, RosParam>();
  const out: Diagnostic[] = [];
  for (const b of blocks)
    for (const p of b.params) {
      const key = `${b.path}\u0000${p.name}`;
      const earlier = first.get(key);
      first.set(key, p);
      if (earlier === undefined) continue;
      out.push(
        policyDiagnostic(
          "parameterRepeated",
          `"${p.name}" of /${b.path} is set again (before at line ${earlier.key.line})`,
          p.key,
        ),
      );
    }
  return out;
}

type Refuse = (node: Node | null | undefined, message: string) => void;

function rosValue(node: Node | null, refuse: Refuse, name: string): RosValue | undefined {
  if (isAlias(node)) {
    refuse(node, `parameter "${name}" is an alias (*${node.source}); rcl_yaml_param_parser does not support aliases`);
    return undefined;
  }
  if (isScalar(node)) {
    const scalar = scalarValue(node);
    if (scalar === undefined) refuse(node, `parameter "${name}" has no value; rcl_yaml_param_parser refuses the file`);
    return scalar;
  }
  if (isSeq(node)) {
    const items: RosValue[] = [];
    for (const item of node.items) {
      if (!isScalar(item)) {
        refuse(
          item as Node,
          `parameter "${name}": an array holds only scalars; rcl_yaml_param_parser refuses the file`,
        );
        return undefined;
      }
      const v = scalarValue(item);
      if (v === undefined) {
        refuse(item, `parameter "${name}": an empty array element; rcl_yaml_param_parser refuses the file`);
        return undefined;
      }
      items.push(v);
    }
    const first = items[0];
    if (first === undefined) return { type: "empty_array", value: [] };
    const mixed = items.findIndex((v) => v.type !== first.type);
    if (mixed >= 0) {
      refuse(
        node.items[mixed] as Node,
        `parameter "${name}": array elements must share one type (${first.type} first, then ${items[mixed]!.type}); rcl_yaml_param_parser refuses the file${first.type === "double" || items[mixed]!.type === "double" ? " (write 1.0, not 1)" : ""}`,
      );
      return undefined;
    }
    switch (first.type) {
      case "bool":
        return { type: "bool_array", value: items.map((v) => v.value as boolean) };
      case "int":
        return { type: "int_array", value: items.map((v) => v.value as number) };
      case "double":
        return { type: "double_array", value: items.map((v) => v.value as number) };
      default:
        return { type: "string_array", value: items.map((v) => String(v.value)) };
    }
  }
  refuse(node, `parameter "${name}" has no value; rcl_yaml_param_parser refuses the file`);
  return undefined;
}

/** A scalar typed by its text as rcl does; undefined for an empty plain scalar. */
function scalarValue(node: Scalar): RosValue | undefined {
  if (node.type !== "PLAIN") return { type: "string", value: String(node.value) };
  const text = typeof node.source === "string" ? node.source : String(node.value ?? "");
  if (text === "") return undefined;
  if (TRUE_WORDS.has(text)) return { type: "bool", value: true };
  if (FALSE_WORDS.has(text)) return { type: "bool", value: false };
  if (INTEGER.test(text)) return { type: "int", value: Number.parseInt(text, /^[-+]?0[xX]/.test(text) ? 16 : 10) };
  const special = SPECIAL_DOUBLES[text];
  if (special !== undefined) return { type: "double", value: special };
  if (DOUBLE.test(text))
    return { type: "double", value: Number(text.replace(/inf(inity)?$/i, "Infinity").replace(/^([-+]?)nan$/i, "NaN")) };
  return { type: "string", value: text };
}

/**
 * Refuses a text over robokit's document limits before parsing: its length, and its separator
 * count (`,` `:` `-` `[` `{` `?`), an upper bound of its YAML nodes.
 */
function sizeRefusal(text: string, file: string): Diagnostic | undefined {
  const at = { file, line: 1, column: 1 };
  if (text.length > INPUT_LIMITS.maxDocumentBytes)
    return policyDiagnostic(
      "inputTooLarge",
      `the file has ${text.length} characters; robokit reads at most ${INPUT_LIMITS.maxDocumentBytes}`,
      at,
    );
  let nodes = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44 || c === 58 || c === 45 || c === 91 || c === 123 || c === 63) nodes++;
  }
  if (nodes > INPUT_LIMITS.maxYamlNodes)
    return policyDiagnostic(
      "tooManyElements",
      `the file has ${nodes} separators (, : - [ { ?), an upper bound of its values; robokit reads at most ${INPUT_LIMITS.maxYamlNodes}`,
      at,
    );
  return undefined;
}
