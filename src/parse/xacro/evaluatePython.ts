import {
  checkIntBits,
  checkSequenceLength,
  checkStringLength,
  bitLength,
  XACRO_LIMITS,
  XacroBudget,
  XacroBudgetError,
} from "./XacroBudget.js";
import { pyPercentFormat } from "./pyPercentFormat.js";
import {
  isTuple,
  NAMESPACE,
  normKey,
  parsePyInt,
  PyDict,
  PyError,
  pyFunction,
  PyOpaque,
  pyStr,
  truthy,
  tuple,
  typeName,
  type PyValue,
} from "./PyValue.js";

/** Where names come from while an expression is evaluated. Throws PyError("NameError") when unknown. */
export interface PyScope {
  lookup(name: string): PyValue;
}

type Node =
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

interface Token {
  readonly t: "num" | "str" | "name" | "op" | "end";
  readonly v: string;
  readonly value?: PyValue;
}

const KEYWORDS = new Set(["and", "or", "not", "in", "is", "if", "else", "for", "lambda", "None", "True", "False"]);
const OPS = [
  "**=",
  "//",
  "**",
  "==",
  "!=",
  "<=",
  ">=",
  "<<",
  ">>",
  "+",
  "-",
  "*",
  "/",
  "%",
  "<",
  ">",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ",",
  ":",
  ".",
  "~",
  "&",
  "|",
  "^",
  "=",
];

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] ?? "";
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const num = /^(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(\d[\d_]*\.?[\d_]*|\.\d[\d_]*)([eE][+-]?\d+)?)/.exec(
      src.slice(i),
    );
    if (num !== null && (/\d/.test(c) || (c === "." && /\d/.test(src[i + 1] ?? "")))) {
      const text = num[0].replace(/_/g, "");
      let value: PyValue;
      if (/^0[xXoObB]/.test(text)) {
        checkIntBits(
          (text.length - 2) * (/^0[xX]/.test(text) ? 4 : /^0[oO]/.test(text) ? 3 : 1) - 4,
          "an integer literal",
        );
        value = BigInt(text.toLowerCase());
      } else if (/[.eE]/.test(text)) value = Number(text);
      else value = parsePyInt(text, "an integer literal") ?? 0n;
      out.push({ t: "num", v: num[0], value });
      i += num[0].length;
      continue;
    }
    const str = /^([rRbBuU]?)('''|"""|'|")/.exec(src.slice(i));
    if (str !== null) {
      const raw = (str[1] ?? "").toLowerCase() === "r";
      const q = str[2] ?? "'";
      let j = i + str[0].length;
      let s = "";
      for (;;) {
        if (j >= src.length) throw new PyError("SyntaxError", "unterminated string literal");
        if (src.startsWith(q, j)) break;
        const ch = src[j] ?? "";
        if (ch === "\\" && !raw) {
          const n = src[j + 1] ?? "";
          const esc: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', "0": "\0" };
          s += esc[n] ?? `\\${n}`;
          j += 2;
          continue;
        }
        s += ch;
        j++;
      }
      out.push({ t: "str", v: s, value: s });
      i = j + q.length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z_0-9]*/.exec(src.slice(i));
    if (name !== null) {
      out.push({ t: "name", v: name[0] });
      i += name[0].length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (op === undefined) throw new PyError("SyntaxError", `invalid character '${c}'`);
    out.push({ t: "op", v: op });
    i += op.length;
  }
  out.push({ t: "end", v: "" });
  return out;
}

/** Deepest nesting of brackets and unary operators parsed (CPython's parser stops at 200 nested brackets). */
const MAX_PARSE_NESTING = 100;

class Parser {
  private i = 0;
  private nesting = 0;
  constructor(private readonly toks: Token[]) {}

  /** Runs one nested parse, refusing nesting that would exhaust the stack. */
  private nested<T>(f: () => T): T {
    if (++this.nesting > MAX_PARSE_NESTING)
      throw new XacroBudgetError(
        "XACRO_TOO_DEEP",
        `the expression nests brackets or operators more than ${MAX_PARSE_NESTING} levels deep`,
      );
    try {
      return f();
    } finally {
      this.nesting--;
    }
  }

  private peek(o = 0): Token {
    return this.toks[this.i + o] ?? { t: "end", v: "" };
  }
  private next(): Token {
    const t = this.peek();
    this.i++;
    return t;
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t.t === "op" && t.v === v;
  }
  private isKw(v: string): boolean {
    const t = this.peek();
    return t.t === "name" && t.v === v;
  }
  private expect(v: string): void {
    const t = this.next();
    if (t.v !== v || (t.t !== "op" && t.t !== "name"))
      throw new PyError("SyntaxError", `expected '${v}' but found '${t.v || "end of expression"}'`);
  }

  parseAll(): Node {
    const n = this.exprList();
    if (this.peek().t !== "end") throw new PyError("SyntaxError", `unexpected '${this.peek().v}'`);
    return n;
  }

  /** expr [, expr]* → tuple when a comma appears. */
  private exprList(): Node {
    const first = this.expr();
    if (!this.isOp(",")) return first;
    const items = [first];
    while (this.isOp(",")) {
      this.next();
      if (this.endOfList()) break;
      items.push(this.expr());
    }
    return { k: "list", items, tuple: true };
  }

  private endOfList(): boolean {
    const t = this.peek();
    return t.t === "end" || (t.t === "op" && [")", "]", "}"].includes(t.v));
  }

  expr(): Node {
    return this.nested(() => this.exprIn());
  }

  private exprIn(): Node {
    if (this.isKw("lambda")) {
      this.next();
      const params: string[] = [];
      while (!this.isOp(":")) {
        params.push(this.next().v);
        if (this.isOp(",")) this.next();
      }
      this.expect(":");
      return { k: "lambda", params, body: this.expr() };
    }
    const a = this.or();
    if (this.isKw("if")) {
      this.next();
      const c = this.or();
      this.expect("else");
      const b = this.expr();
      return { k: "if", c, a, b };
    }
    return a;
  }

  private or(): Node {
    let a = this.and();
    while (this.isKw("or")) {
      this.next();
      a = { k: "or", a, b: this.and() };
    }
    return a;
  }
  private and(): Node {
    let a = this.not();
    while (this.isKw("and")) {
      this.next();
      a = { k: "and", a, b: this.not() };
    }
    return a;
  }
  private not(): Node {
    if (this.isKw("not")) {
      this.next();
      return { k: "un", op: "not", a: this.nested(() => this.not()) };
    }
    return this.comparison();
  }
  private comparison(): Node {
    const first = this.bitor();
    const ops: string[] = [];
    const items = [first];
    for (;;) {
      const t = this.peek();
      let op: string | undefined;
      if (t.t === "op" && ["<", ">", "==", "!=", "<=", ">="].includes(t.v)) {
        op = t.v;
        this.next();
      } else if (this.isKw("in")) {
        op = "in";
        this.next();
      } else if (this.isKw("not") && this.peek(1).v === "in") {
        op = "not in";
        this.next();
        this.next();
      } else if (this.isKw("is")) {
        this.next();
        op = "is";
        if (this.isKw("not")) {
          this.next();
          op = "is not";
        }
      }
      if (op === undefined) break;
      ops.push(op);
      items.push(this.bitor());
    }
    return ops.length === 0 ? first : { k: "cmp", ops, items };
  }
  private bitor(): Node {
    let a = this.arith();
    while (this.isOp("|") || this.isOp("&") || this.isOp("^")) {
      const op = this.next().v;
      a = { k: "bin", op, a, b: this.arith() };
    }
    return a;
  }
  private arith(): Node {
    let a = this.term();
    while (this.isOp("+") || this.isOp("-")) {
      const op = this.next().v;
      a = { k: "bin", op, a, b: this.term() };
    }
    return a;
  }
  private term(): Node {
    let a = this.unary();
    while (this.isOp("*") || this.isOp("/") || this.isOp("//") || this.isOp("%")) {
      const op = this.next().v;
      a = { k: "bin", op, a, b: this.unary() };
    }
    return a;
  }
  private unary(): Node {
    if (this.isOp("-") || this.isOp("+") || this.isOp("~")) {
      const op = this.next().v;
      return { k: "un", op, a: this.nested(() => this.unary()) };
    }
    return this.power();
  }
  private power(): Node {
    const a = this.postfix();
    if (this.isOp("**")) {
      this.next();
      return { k: "bin", op: "**", a, b: this.nested(() => this.unary()) };
    }
    return a;
  }
  private postfix(): Node {
    let a = this.atom();
    for (;;) {
      if (this.isOp(".")) {
        this.next();
        const name = this.next();
        if (name.t !== "name") throw new PyError("SyntaxError", "expected a name after '.'");
        a = { k: "attr", a, name: name.v };
      } else if (this.isOp("(")) {
        this.next();
        const args: Node[] = [];
        const kwargs: [string, Node][] = [];
        while (!this.isOp(")")) {
          if (this.peek().t === "name" && this.peek(1).t === "op" && this.peek(1).v === "=") {
            const key = this.next().v;
            this.next();
            kwargs.push([key, this.expr()]);
          } else if (this.peek().t === "name" && this.peek(1).t === "op" && this.peek(1).v === "==") {
            args.push(this.expr());
          } else {
            args.push(this.expr());
            if (this.isKw("for")) args[args.length - 1] = this.comprehension(args[args.length - 1] as Node);
          }
          if (!this.isOp(",")) break;
          this.next();
        }
        this.expect(")");
        a = { k: "call", f: a, args, kwargs };
      } else if (this.isOp("[")) {
        this.next();
        let lo: Node | undefined;
        if (!this.isOp(":")) lo = this.exprList();
        if (this.isOp(":")) {
          this.next();
          const hi = this.isOp("]") || this.isOp(":") ? undefined : this.expr();
          let step: Node | undefined;
          if (this.isOp(":")) {
            this.next();
            if (!this.isOp("]")) step = this.expr();
          }
          this.expect("]");
          a = { k: "slice", a, lo, hi, step };
        } else {
          this.expect("]");
          if (lo === undefined) throw new PyError("SyntaxError", "empty subscript");
          a = { k: "index", a, i: lo };
        }
      } else return a;
    }
  }
  private comprehension(elt: Node): Node {
    this.expect("for");
    const target: string[] = [];
    do {
      if (this.isOp(",")) this.next();
      const t = this.next();
      if (t.t !== "name") throw new PyError("SyntaxError", "expected a loop variable");
      target.push(t.v);
    } while (this.isOp(","));
    this.expect("in");
    const iter = this.or();
    let cond: Node | undefined;
    if (this.isKw("if")) {
      this.next();
      cond = this.or();
    }
    return { k: "comp", elt, target, iter, cond };
  }
  private atom(): Node {
    const t = this.next();
    if (t.t === "num") return { k: "lit", v: t.value ?? null };
    if (t.t === "str") {
      let s = String(t.value);
      while (this.peek().t === "str") s += String(this.next().value);
      return { k: "lit", v: s };
    }
    if (t.t === "name") {
      if (t.v === "None") return { k: "lit", v: null };
      if (t.v === "True") return { k: "lit", v: true };
      if (t.v === "False") return { k: "lit", v: false };
      if (KEYWORDS.has(t.v)) throw new PyError("SyntaxError", `unexpected keyword '${t.v}'`);
      return { k: "name", id: t.v };
    }
    if (t.t === "op" && t.v === "(") {
      if (this.isOp(")")) {
        this.next();
        return { k: "list", items: [], tuple: true };
      }
      const e = this.exprList();
      if (this.isKw("for")) {
        const c = this.comprehension(e);
        this.expect(")");
        return c;
      }
      this.expect(")");
      return e;
    }
    if (t.t === "op" && t.v === "[") {
      const items: Node[] = [];
      while (!this.isOp("]")) {
        items.push(this.expr());
        if (this.isKw("for")) {
          const c = this.comprehension(items[0] as Node);
          this.expect("]");
          return c;
        }
        if (!this.isOp(",")) break;
        this.next();
      }
      this.expect("]");
      return { k: "list", items, tuple: false };
    }
    if (t.t === "op" && t.v === "{") {
      const items: [Node, Node][] = [];
      while (!this.isOp("}")) {
        const key = this.expr();
        this.expect(":");
        items.push([key, this.expr()]);
        if (!this.isOp(",")) break;
        this.next();
      }
      this.expect("}");
      return { k: "dict", items };
    }
    throw new PyError("SyntaxError", t.t === "end" ? "unexpected end of expression" : `unexpected '${t.v}'`);
  }
}

const parseCache = new Map<string, Node>();

/**
 * Evaluates a Python expression the way xacro's `${...}` does (a safe subset: literals,
 * arithmetic with Python's int/float rules, comparisons, boolean logic, conditional
 * expressions, subscripts, slices, calls of the functions the scope provides, attribute
 * access on dicts, comprehensions and lambdas). No host code is ever run. Throws PyError, and
 * XacroBudgetError past a bound of XACRO_LIMITS (`budget` counts steps and depth: the expander
 * shares one across a whole expansion).
 */
export function evaluatePython(source: string, scope: PyScope, budget: XacroBudget = new XacroBudget()): PyValue {
  const src = source.trim();
  if (src.includes("__")) throw new PyError("NameError", "use of invalid name(s) starting with '__'");
  let ast = parseCache.get(src);
  if (ast === undefined) {
    ast = new Parser(tokenize(src)).parseAll();
    parseCache.set(src, ast);
  }
  return evalNode(ast, scope, budget);
}

function evalNode(n: Node, scope: PyScope, b: XacroBudget): PyValue {
  b.step();
  b.enter("an expression");
  try {
    const v = evalNodeIn(n, scope, b);
    if (n.k !== "name" && n.k !== "lit") b.made(v);
    return v;
  } finally {
    b.leave();
  }
}

function evalNodeIn(n: Node, scope: PyScope, b: XacroBudget): PyValue {
  switch (n.k) {
    case "lit":
      return n.v;
    case "name":
      return scope.lookup(n.id);
    case "list": {
      const items = n.items.map((x) => evalNode(x, scope, b));
      return n.tuple ? tuple(items) : items;
    }
    case "dict":
      return new PyDict(n.items.map(([k, v]) => [dictKey(evalNode(k, scope, b)), evalNode(v, scope, b)] as const));
    case "comp": {
      const out: PyValue[] = [];
      for (const item of iterate(evalNode(n.iter, scope, b))) {
        b.step();
        const bound = new Map<string, PyValue>();
        if (n.target.length === 1) bound.set(n.target[0] ?? "", item);
        else {
          const parts = iterate(item);
          n.target.forEach((name, i) => bound.set(name, parts[i] ?? null));
        }
        const inner: PyScope = { lookup: (name) => (bound.has(name) ? (bound.get(name) ?? null) : scope.lookup(name)) };
        if (n.cond === undefined || truthy(evalNode(n.cond, inner, b))) {
          out.push(evalNode(n.elt, inner, b));
          if (out.length > XACRO_LIMITS.maxSequenceLength) checkSequenceLength(out.length, "a comprehension");
        }
      }
      return out;
    }
    case "lambda":
      return pyFunction("<lambda>", (args) => {
        const bound = new Map<string, PyValue>();
        n.params.forEach((p, i) => bound.set(p, args[i] ?? null));
        return evalNode(
          n.body,
          { lookup: (name) => (bound.has(name) ? (bound.get(name) ?? null) : scope.lookup(name)) },
          b,
        );
      });
    case "un": {
      const a = evalNode(n.a, scope, b);
      if (n.op === "not") return !truthy(a);
      if (n.op === "+") return toNumeric(a, "unary +");
      if (n.op === "-") {
        const x = toNumeric(a, "unary -");
        return typeof x === "bigint" ? -x : -x;
      }
      const x = toNumeric(a, "~");
      if (typeof x !== "bigint") throw new PyError("TypeError", "bad operand type for unary ~: 'float'");
      return ~x;
    }
    case "and": {
      const a = evalNode(n.a, scope, b);
      return truthy(a) ? evalNode(n.b, scope, b) : a;
    }
    case "or": {
      const a = evalNode(n.a, scope, b);
      return truthy(a) ? a : evalNode(n.b, scope, b);
    }
    case "if":
      return truthy(evalNode(n.c, scope, b)) ? evalNode(n.a, scope, b) : evalNode(n.b, scope, b);
    case "bin":
      return binary(n.op, evalNode(n.a, scope, b), evalNode(n.b, scope, b));
    case "cmp": {
      let left = evalNode(n.items[0] as Node, scope, b);
      for (let i = 0; i < n.ops.length; i++) {
        const right = evalNode(n.items[i + 1] as Node, scope, b);
        if (!compare(n.ops[i] ?? "==", left, right)) return false;
        left = right;
      }
      return true;
    }
    case "attr":
      return getAttr(evalNode(n.a, scope, b), n.name);
    case "call": {
      const f = evalNode(n.f, scope, b);
      if (typeof f !== "function") throw new PyError("TypeError", `'${typeName(f)}' object is not callable`);
      return f(
        n.args.map((x) => evalNode(x, scope, b)),
        new Map(n.kwargs.map(([k, v]) => [k, evalNode(v, scope, b)])),
      );
    }
    case "index":
      return subscript(evalNode(n.a, scope, b), evalNode(n.i, scope, b));
    case "slice": {
      const a = evalNode(n.a, scope, b);
      const opt = (x: Node | undefined): number | undefined => {
        if (x === undefined) return undefined;
        const v = evalNode(x, scope, b);
        return v === null ? undefined : Number(toInt(v));
      };
      return sliceOf(a, opt(n.lo), opt(n.hi), opt(n.step));
    }
    default: {
      const never: never = n;
      throw new PyError("SystemError", `unknown node ${String(never)}`);
    }
  }
}

function dictKey(v: PyValue): string | bigint | number | boolean | null {
  if (typeof v === "string" || typeof v === "bigint" || typeof v === "number" || typeof v === "boolean" || v === null)
    return normKey(v);
  if (Array.isArray(v)) return `\u0000${v.map((x) => pyStr(x)).join("\u0000")}`;
  throw new PyError("TypeError", `unhashable type: '${typeName(v)}'`);
}

/** Iterates a Python iterable into an array. */
export function iterate(v: PyValue): PyValue[] {
  if (Array.isArray(v)) return v;
  if (typeof v === "string") return [...v];
  if (v instanceof PyDict)
    return [...v.map.keys()].map((k) => (typeof k === "string" && k.startsWith("\u0000") ? k : k));
  throw new PyError("TypeError", `'${typeName(v)}' object is not iterable`);
}

/** bool → int, then int/float. */
export function toNumeric(v: PyValue, what: string): bigint | number {
  if (typeof v === "bigint" || typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1n : 0n;
  throw new PyError("TypeError", `unsupported operand type for ${what}: '${typeName(v)}'`);
}

/** An integer operand (index, repeat count). */
export function toInt(v: PyValue): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "boolean") return v ? 1n : 0n;
  throw new PyError("TypeError", `'${typeName(v)}' object cannot be interpreted as an integer`);
}

function isNum(v: PyValue): v is bigint | number | boolean {
  return typeof v === "bigint" || typeof v === "number" || typeof v === "boolean";
}

function floorDivBig(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new PyError("ZeroDivisionError", "integer division or modulo by zero");
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function binary(op: string, a: PyValue, b: PyValue): PyValue {
  if (op === "+") {
    if (typeof a === "string" && typeof b === "string") {
      checkStringLength(a.length + b.length, "'+'");
      return a + b;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      checkSequenceLength(a.length + b.length, "'+'");
      return isTuple(a) ? tuple([...a, ...b]) : [...a, ...b];
    }
  }
  if (op === "*") {
    const isCount = (v: PyValue): v is bigint | boolean => typeof v === "bigint" || typeof v === "boolean";
    if (typeof a === "string" && isCount(b)) return repeatString(a, toInt(b));
    if (typeof b === "string" && isCount(a)) return repeatString(b, toInt(a));
    if (Array.isArray(a) && isCount(b)) return repeatList(a, toInt(b));
    if (Array.isArray(b) && isCount(a)) return repeatList(b, toInt(a));
  }
  if (op === "%" && typeof a === "string") return pyPercentFormat(a, b);
  if (!isNum(a) || !isNum(b))
    throw new PyError("TypeError", `unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
  const x = toNumeric(a, op);
  const y = toNumeric(b, op);
  if (typeof x === "bigint" && typeof y === "bigint") {
    switch (op) {
      case "+":
        return checkedInt(x + y, "'+'");
      case "-":
        return checkedInt(x - y, "'-'");
      case "*":
        checkIntBits(bitLength(x) + bitLength(y) - 1, "'*'");
        return x * y;
      case "/":
        if (y === 0n) throw new PyError("ZeroDivisionError", "division by zero");
        return Number(x) / Number(y);
      case "//":
        return floorDivBig(x, y);
      case "%":
        return x - floorDivBig(x, y) * y;
      case "**":
        if (y < 0n) return Number(x) ** Number(y);
        if (x === 0n || x === 1n || x === -1n) return x ** (y % 2n === 0n && y > 0n ? 2n : y > 0n ? 1n : 0n);
        // At least (bits(x) - 1) * y + 1 bits: refuse before computing 10**10**8.
        checkIntBits((bitLength(x) - 1) * Number(y) + 1, "'**'");
        return checkedInt(x ** y, "'**'");
      case "&":
        return x & y;
      case "|":
        return x | y;
      case "^":
        return x ^ y;
      default:
        throw new PyError("SyntaxError", `unknown operator ${op}`);
    }
  }
  const fx = Number(x);
  const fy = Number(y);
  switch (op) {
    case "+":
      return fx + fy;
    case "-":
      return fx - fy;
    case "*":
      return fx * fy;
    case "/":
      if (fy === 0) throw new PyError("ZeroDivisionError", "float division by zero");
      return fx / fy;
    case "//":
      if (fy === 0) throw new PyError("ZeroDivisionError", "float floor division by zero");
      return Math.floor(fx / fy);
    case "%": {
      if (fy === 0) throw new PyError("ZeroDivisionError", "float modulo");
      const r = fx % fy;
      return r !== 0 && r < 0 !== fy < 0 ? r + fy : r;
    }
    case "**":
      if (fx < 0 && !Number.isInteger(fy)) throw new PyError("ValueError", "complex result of a fractional power");
      return fx ** fy;
    default:
      throw new PyError("TypeError", `unsupported operand type(s) for ${op}: 'float'`);
  }
}

function checkedInt(x: bigint, what: string): bigint {
  if (x > -9007199254740992n && x < 9007199254740992n) return x;
  checkIntBits(bitLength(x), what);
  return x;
}

function repeatString(s: string, n: bigint): string {
  if (n <= 0n || s === "") return "";
  checkStringLength(s.length * Number(n), "'*'");
  return s.repeat(Number(n));
}

function repeatList(a: PyValue[], n: bigint): PyValue[] {
  const out: PyValue[] = [];
  if (n > 0n && a.length > 0) {
    checkSequenceLength(a.length * Number(n), "'*'");
    for (let i = 0; i < Number(n); i++) for (const x of a) out.push(x);
  }
  return isTuple(a) ? tuple(out) : out;
}

/** Python equality. */
export function pyEquals(a: PyValue, b: PyValue, depth = 0): boolean {
  if (depth > XACRO_LIMITS.maxDepth)
    throw new XacroBudgetError(
      "XACRO_TOO_DEEP",
      `'==' of values nested more than ${XACRO_LIMITS.maxDepth} levels deep`,
    );
  if (isNum(a) && isNum(b)) {
    const x = toNumeric(a, "==");
    const y = toNumeric(b, "==");
    return typeof x === "bigint" && typeof y === "bigint" ? x === y : Number(x) === Number(y);
  }
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => pyEquals(v, b[i] ?? null, depth + 1));
  if (a instanceof PyDict && b instanceof PyDict) {
    if (a.map.size !== b.map.size) return false;
    for (const [k, v] of a.map) if (!b.map.has(k) || !pyEquals(v, b.map.get(k) ?? null, depth + 1)) return false;
    return true;
  }
  return a === b;
}

function order(a: PyValue, b: PyValue, depth = 0): number {
  if (depth > XACRO_LIMITS.maxDepth)
    throw new XacroBudgetError("XACRO_TOO_DEEP", `'<' of values nested more than ${XACRO_LIMITS.maxDepth} levels deep`);
  if (isNum(a) && isNum(b)) {
    const x = toNumeric(a, "<");
    const y = toNumeric(b, "<");
    if (typeof x === "bigint" && typeof y === "bigint") return x < y ? -1 : x > y ? 1 : 0;
    return Number(x) < Number(y) ? -1 : Number(x) > Number(y) ? 1 : 0;
  }
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (!pyEquals(a[i] ?? null, b[i] ?? null, depth + 1)) return order(a[i] ?? null, b[i] ?? null, depth + 1);
    }
    return a.length - b.length;
  }
  throw new PyError("TypeError", `'<' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

function contains(container: PyValue, item: PyValue): boolean {
  if (typeof container === "string") {
    if (typeof item !== "string") throw new PyError("TypeError", "'in <string>' requires string as left operand");
    return container.includes(item);
  }
  if (Array.isArray(container)) return container.some((x) => pyEquals(x, item));
  if (container instanceof PyDict) return container.map.has(dictKey(item));
  throw new PyError("TypeError", `argument of type '${typeName(container)}' is not iterable`);
}

function compare(op: string, a: PyValue, b: PyValue): boolean {
  switch (op) {
    case "==":
      return pyEquals(a, b);
    case "!=":
      return !pyEquals(a, b);
    case "<":
      return order(a, b) < 0;
    case ">":
      return order(a, b) > 0;
    case "<=":
      return order(a, b) <= 0;
    case ">=":
      return order(a, b) >= 0;
    case "in":
      return contains(b, a);
    case "not in":
      return !contains(b, a);
    case "is":
      return a === b || (a === null && b === null);
    case "is not":
      return !(a === b);
    default:
      throw new PyError("SyntaxError", `unknown comparison ${op}`);
  }
}

function normIndex(i: bigint, len: number): number {
  const n = Number(i);
  const j = n < 0 ? n + len : n;
  if (j < 0 || j >= len) throw new PyError("IndexError", "index out of range");
  return j;
}

/** `a[i]`. */
export function subscript(a: PyValue, i: PyValue): PyValue {
  if (Array.isArray(a)) return a[normIndex(toInt(i), a.length)] ?? null;
  if (typeof a === "string") return a[normIndex(toInt(i), a.length)] ?? "";
  if (a instanceof PyDict) {
    const k = dictKey(i);
    if (!a.map.has(k)) throw new PyError("KeyError", pyStr(i));
    return a.map.get(k) ?? null;
  }
  throw new PyError("TypeError", `'${typeName(a)}' object is not subscriptable`);
}

function sliceOf(a: PyValue, lo: number | undefined, hi: number | undefined, step: number | undefined): PyValue {
  if (!Array.isArray(a) && typeof a !== "string")
    throw new PyError("TypeError", `'${typeName(a)}' object is not subscriptable`);
  const items: PyValue[] = typeof a === "string" ? [...a] : a;
  const len = items.length;
  const s = step ?? 1;
  if (s === 0) throw new PyError("ValueError", "slice step cannot be zero");
  const clamp = (x: number | undefined, dflt: number): number => {
    if (x === undefined) return dflt;
    const y = x < 0 ? x + len : x;
    return s > 0 ? Math.min(Math.max(y, 0), len) : Math.min(Math.max(y, -1), len - 1);
  };
  const start = clamp(lo, s > 0 ? 0 : len - 1);
  const stop = clamp(hi, s > 0 ? len : -1);
  const out: PyValue[] = [];
  for (let k = start; s > 0 ? k < stop : k > stop; k += s) out.push(items[k] ?? null);
  if (typeof a === "string") return out.join("");
  return isTuple(a) ? tuple(out) : out;
}

/** `a.name`: dict keys (dotted access), and the methods of str, list and dict. */
export function getAttr(a: PyValue, name: string): PyValue {
  // A property namespace of `xacro:include ns=…`: its properties, then its parent scopes' (as xacro's Table).
  if (a instanceof PyOpaque && a.kind === NAMESPACE) return (a.value as PyScope).lookup(name);
  if (a instanceof PyDict) {
    if (a.map.has(name)) return a.map.get(name) ?? null;
    const m = dictMethod(a, name);
    if (m !== undefined) return m;
    throw new PyError("AttributeError", `the dictionary has no key '${name}'`);
  }
  if (typeof a === "string") {
    const m = stringMethod(a, name);
    if (m !== undefined) return m;
  }
  if (Array.isArray(a)) {
    const m = listMethod(a, name);
    if (m !== undefined) return m;
  }
  throw new PyError("AttributeError", `'${typeName(a)}' object has no attribute '${name}'`);
}

function strArg(v: PyValue | undefined, what: string): string {
  if (typeof v !== "string") throw new PyError("TypeError", `${what} must be str, not ${typeName(v ?? null)}`);
  return v;
}

function stringMethod(s: string, name: string): PyValue | undefined {
  const f = (fn: (args: PyValue[]) => PyValue): PyValue => pyFunction(name, (args) => fn(args));
  const stripChars = (chars: PyValue | undefined): RegExp => {
    const set = chars === undefined || chars === null ? "\\s" : strArg(chars, "chars").replace(/[\]\\^-]/g, "\\$&");
    return new RegExp(`[${set}]`);
  };
  switch (name) {
    case "split":
      return f((args) => {
        const sep = args[0];
        const max = args[1] === undefined ? -1 : Number(toInt(args[1]));
        if (sep === undefined || sep === null) {
          const parts = s.trim() === "" ? [] : s.trim().split(/\s+/);
          if (max >= 0 && parts.length > max + 1) {
            const head = parts.slice(0, max);
            let rest = s.trimStart();
            for (const h of head) rest = rest.slice(rest.indexOf(h) + h.length).trimStart();
            return [...head, rest];
          }
          return parts;
        }
        const sp = strArg(sep, "separator");
        if (sp === "") throw new PyError("ValueError", "empty separator");
        const parts = s.split(sp);
        if (max >= 0 && parts.length > max + 1) return [...parts.slice(0, max), parts.slice(max).join(sp)];
        return parts;
      });
    case "strip":
    case "lstrip":
    case "rstrip":
      return f((args) => {
        const re = stripChars(args[0]);
        let a = 0;
        let b = s.length;
        if (name !== "rstrip") while (a < b && re.test(s[a] ?? "")) a++;
        if (name !== "lstrip") while (b > a && re.test(s[b - 1] ?? "")) b--;
        return s.slice(a, b);
      });
    case "upper":
      return f(() => s.toUpperCase());
    case "lower":
      return f(() => s.toLowerCase());
    case "capitalize":
      return f(() => (s === "" ? s : (s[0] ?? "").toUpperCase() + s.slice(1).toLowerCase()));
    case "replace":
      return f((args) => {
        const from = strArg(args[0], "old");
        const to = strArg(args[1], "new");
        // Python inserts `new` around every character when `old` is empty.
        const parts = from === "" ? ["", ...s, ""] : s.split(from);
        checkStringLength(s.length + (parts.length - 1) * (to.length - from.length), "str.replace()");
        return parts.join(to);
      });
    case "startswith":
      return f((args) => s.startsWith(strArg(args[0], "prefix")));
    case "endswith":
      return f((args) => s.endsWith(strArg(args[0], "suffix")));
    case "find":
      return f((args) => BigInt(s.indexOf(strArg(args[0], "sub"))));
    case "join":
      return f((args) => {
        const items = iterate(args[0] ?? null).map((x) => strArg(x, "sequence item"));
        checkStringLength(
          items.reduce((n, x) => n + x.length, 0) + Math.max(0, items.length - 1) * s.length,
          "str.join()",
        );
        return items.join(s);
      });
    case "format":
      return pyFunction(name, (args, kwargs) => {
        let auto = 0;
        let length = s.length;
        return s.replace(/\{\{|\}\}|\{([^{}:!]*)(?::[^{}]*)?\}/g, (m, key: string | undefined) => {
          if (m === "{{") return "{";
          if (m === "}}") return "}";
          const v =
            key === undefined || key === "" ? args[auto++] : /^\d+$/.test(key) ? args[Number(key)] : kwargs.get(key);
          const text = pyStr(v ?? null);
          length += text.length;
          checkStringLength(length, "str.format()");
          return text;
        });
      });
    case "isdigit":
      return f(() => /^\d+$/.test(s));
    default:
      return undefined;
  }
}

function listMethod(a: PyValue[], name: string): PyValue | undefined {
  switch (name) {
    case "pop":
      return pyFunction(name, (args) => {
        if (a.length === 0) throw new PyError("IndexError", "pop from empty list");
        const i = args[0] === undefined ? a.length - 1 : normIndex(toInt(args[0]), a.length);
        return a.splice(i, 1)[0] ?? null;
      });
    case "append":
      return pyFunction(name, (args) => {
        a.push(args[0] ?? null);
        return null;
      });
    case "index":
      return pyFunction(name, (args) => {
        const i = a.findIndex((x) => pyEquals(x, args[0] ?? null));
        if (i < 0) throw new PyError("ValueError", `${pyStr(args[0] ?? null)} is not in list`);
        return BigInt(i);
      });
    case "count":
      return pyFunction(name, (args) => BigInt(a.filter((x) => pyEquals(x, args[0] ?? null)).length));
    default:
      return undefined;
  }
}

function dictMethod(d: PyDict, name: string): PyValue | undefined {
  switch (name) {
    case "get":
      return pyFunction(name, (args) => {
        const k = dictKey(args[0] ?? null);
        return d.map.has(k) ? (d.map.get(k) ?? null) : (args[1] ?? null);
      });
    case "keys":
      return pyFunction(name, () => [...d.map.keys()]);
    case "values":
      return pyFunction(name, () => [...d.map.values()]);
    case "items":
      return pyFunction(name, () => [...d.map].map(([k, v]) => tuple([k, v])));
    default:
      return undefined;
  }
}
