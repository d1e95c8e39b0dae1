import type { PyScope } from "./PyScope.js";
import { dictKey } from "./dictKey.js";
import { iterate } from "./iterate.js";
import { PyDict, PyError, type PyValue, pyFunction, truthy, tuple, typeName } from "./PyValue.js";
import { Parser } from "./PythonParser.js";
import { XACRO_LIMITS, XacroBudget, checkSequenceLength } from "./XacroBudget.js";
import { binary, toInt, toNumeric } from "./pyArithmetic.js";
import type { Node } from "./pyAst.js";
import { compare } from "./pyCompare.js";
import { getAttr } from "./pyMethods.js";
import { sliceOf, subscript } from "./pySubscript.js";
import { tokenize } from "./tokenizePython.js";

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
