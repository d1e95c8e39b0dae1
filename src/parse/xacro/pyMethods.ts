import type { PyScope } from "./PyScope.js";
import { NAMESPACE, PyDict, PyError, PyOpaque, type PyValue, pyFunction, pyStr, tuple, typeName } from "./PyValue.js";
import { checkStringLength } from "./XacroBudget.js";
import { dictKey } from "./dictKey.js";
import { iterate } from "./iterate.js";
import { toInt } from "./pyArithmetic.js";
import { pyEquals } from "./pyCompare.js";
import { normIndex } from "./pySubscript.js";

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
