import type { PyValue } from "./PyValue.js";

/** A node of a parsed Python expression (the subset xacro's `${}` evaluates). */
export type Node =
  | { k: "lit"; v: PyValue }
  | { k: "name"; id: string }
  | { k: "list"; items: Node[]; tuple: boolean }
  | { k: "dict"; items: [Node, Node][] }
  | { k: "comp"; elt: Node; target: string[]; iter: Node; cond: Node | undefined }
  | { k: "un"; op: string; a: Node }
  | { k: "bin"; op: string; a: Node; b: Node }
  | { k: "cmp"; ops: string[]; items: Node[] }
  | { k: "and" | "or"; a: Node; b: Node }
  | { k: "if"; c: Node; a: Node; b: Node }
  | { k: "attr"; a: Node; name: string }
  | { k: "call"; f: Node; args: Node[]; kwargs: [string, Node][] }
  | { k: "index"; a: Node; i: Node }
  | { k: "slice"; a: Node; lo: Node | undefined; hi: Node | undefined; step: Node | undefined }
  | { k: "lambda"; params: string[]; body: Node };
