import { PyError, type PyValue, parsePyInt } from "./PyValue.js";
import { checkIntBits } from "./XacroBudget.js";

/** One token of a Python expression: its kind, its text and, for a literal, its value. */
export interface Token {
  readonly t: "num" | "str" | "name" | "op" | "end";
  readonly v: string;
  readonly value?: PyValue;
}

/** The Python keywords the expression grammar knows. */
export const KEYWORDS = new Set([
  "and",
  "or",
  "not",
  "in",
  "is",
  "if",
  "else",
  "for",
  "lambda",
  "None",
  "True",
  "False",
]);

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

/** Splits a Python expression into tokens (PyError on a character Python would refuse). */
export function tokenize(src: string): Token[] {
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
