import { PyError } from "./PyValue.js";
import { XacroBudgetError } from "./XacroBudget.js";
import type { Node } from "./pyAst.js";
import { KEYWORDS, type Token } from "./tokenizePython.js";

/** Deepest nesting of brackets and unary operators parsed (CPython's parser stops at 200 nested brackets). */
export const MAX_PARSE_NESTING = 100;

/** A recursive-descent parser of Python expressions over tokens, bounded in nesting. */
export class Parser {
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
