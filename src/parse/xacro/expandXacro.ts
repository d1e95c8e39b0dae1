import { posix } from "node:path";
import type { Tags } from "yaml";
import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { ExpandXacroOptions, ExpandXacroResult } from "./ExpandXacroOptions.js";
import { MacroTable } from "./MacroTable.js";
import { NAMESPACE, PyDict, PyError, PyOpaque, type PyValue, pyStr } from "./PyValue.js";
import { SymbolTable } from "./SymbolTable.js";
import { loadYamlText } from "./loadYamlText.js";
import {
  checkStringLength,
  inProperty,
  XACRO_LIMITS,
  XACRO_LONG_RUN_STEPS,
  XacroBudget,
  XacroBudgetError,
} from "./XacroBudget.js";
import { XacroError } from "./XacroError.js";
import type { XacroHost } from "./XacroHost.js";
import {
  type XacroCall,
  type XacroElement,
  type XacroNode,
  type XacroOrigin,
  type XacroText,
  cloneXacroNode,
} from "./XacroNode.js";
import { booleanValue } from "./booleanValue.js";
import { callLocations, callTrace, macroWhere, withCalls } from "./callTrace.js";
import { clip } from "./clip.js";
import { convertValue } from "./convertValue.js";
import { evaluatePython } from "./evaluatePython.js";
import type { PyScope } from "./PyScope.js";
import { isPySpace } from "./isPySpace.js";
import { parseMacroParams } from "./parseMacroParams.js";
import { parseXacroXml } from "./parseXacroXml.js";
import { PY_KEYWORDS } from "./pyKeywords.js";
import { pythonGlobals } from "./pythonGlobals.js";
import { readPlainYaml } from "./readPlainYaml.js";
import { requiredAttr } from "./requiredAttr.js";
import { resolveMacro } from "./resolveMacro.js";
import { toPy } from "./toPy.js";
import { budgetError, severityOf } from "./xacroFailure.js";

const BLOCK = "xacro-block";

/** xacro's lexer for eval_text, sticky: each expression is tried where the last match ended (`lastIndex`). */
const LEX = [
  { id: "dollars", re: /\$\$+(\{|\()/y },
  { id: "expr", re: /\$\{[^}]*\}/y },
  { id: "ext", re: /\$\([^)]*\)/y },
  { id: "text", re: /(?:[^$]+|\$[^{($]+|\$$)/y },
] as const;

class Expander {
  readonly diagnostics: Diagnostic[] = [];
  /** Every comment barrier placed (removePreviousComments); only {@link barrier} is still in the document. */
  readonly barriers = new WeakSet<XacroNode>();
  barrier: XacroText | undefined;
  readonly dependencies: string[] = [];
  readonly args = new Map<string, string>();
  readonly fileStack: string[] = [];
  readonly globals: Map<string, PyValue>;
  /** Elements expanded so far (bounded by XACRO_LIMITS.maxElements). */
  elements = 0;
  /** Steps, nesting and output of the whole expansion (XACRO_LIMITS). */
  readonly budget: XacroBudget;
  /** Each included file parsed once; an include expands a copy (includes are textual, so a repeat expands again). */
  readonly parsed = new Map<string, XacroElement>();
  /** The element being expanded (for messages). */
  current: XacroOrigin | undefined;

  constructor(
    readonly host: XacroHost,
    readonly topPath: string,
    args: Readonly<Record<string, string>>,
    onLongRun?: () => void,
  ) {
    this.budget = new XacroBudget(onLongRun && { steps: XACRO_LONG_RUN_STEPS, call: onLongRun });
    for (const [k, v] of Object.entries(args)) this.args.set(k, v);
    this.globals = pythonGlobals({
      loadYaml: (file) => this.loadYaml(file),
      arg: (name) => {
        const v = this.args.get(name);
        if (v === undefined) throw new PyError("KeyError", `'${name}'`);
        return v;
      },
      message: (level, text) => {
        if (level !== "message") this.warn(`xacro.${level}: ${text}`);
      },
      absFilename: (file) => this.absFilename(file),
    });
  }

  warn(message: string): void {
    const at = this.current;
    this.diagnostics.push({
      code: "XACRO_WARNING",
      severity: "warning",
      message: message + callTrace(at),
      file: at?.file ?? this.topPath,
      ...(at === undefined ? {} : { line: at.line, column: at.column, ...callLocations(at) }),
    });
  }

  currentFile(): string {
    return this.fileStack[this.fileStack.length - 1] ?? this.topPath;
  }

  absFilename(file: string): string {
    return posix.isAbsolute(file) ? file : posix.join(posix.dirname(this.currentFile()), file);
  }

  readFile(path: string): string {
    const text = this.host.readFile(path);
    if (text === undefined) throw new XacroError(`No such file or directory: ${path}`, this.current);
    if (typeof text !== "string") throw new XacroError(`cannot read ${path}: ${text.refused}`, this.current, text.code);
    this.dependencies.push(path);
    return text;
  }

  loadYaml(file: string): PyValue {
    const path = this.absFilename(file);
    const text = this.readFile(path);
    const angle = (degrees: boolean) => ({
      tag: degrees ? "!degrees" : "!radians",
      identify: () => false,
      resolve: (s: string): number => {
        const v = Number(evaluatePython(s, { lookup: (n) => this.lookupGlobal(n) }, this.budget));
        return degrees ? (v * Math.PI) / 180 : v;
      },
    });
    // Most robot YAML is plain: read it here, and load the yaml package (a large bundle to compile)
    // only for a file outside that subset. The tags are resolved by the same code either way.
    const [degrees, radians] = [angle(true), angle(false)];
    const { steps, depth } = this.budget;
    const plain = readPlainYaml(
      text,
      new Map([
        [degrees.tag, degrees.resolve],
        [radians.tag, radians.resolve],
      ]),
    );
    if (plain !== undefined) return toPy(plain);
    // A tag that failed there is evaluated again by the yaml package: count its steps once.
    this.budget.steps = steps;
    this.budget.depth = depth;
    const customTags: Tags = [degrees, radians] as unknown as Tags;
    const loaded = loadYamlText(text, customTags, XACRO_LIMITS.maxSequenceLength);
    if (!loaded.ok)
      throw new XacroError(
        `${path}: invalid YAML: ${loaded.message}`,
        this.current,
        loaded.tooLarge ? "XACRO_VALUE_TOO_LARGE" : "XACRO_ERROR",
      );
    for (const warning of loaded.warnings) this.warn(`${path}: ${warning}`);
    return toPy(loaded.data);
  }

  lookupGlobal(name: string): PyValue {
    if (this.globals.has(name)) return this.globals.get(name) ?? null;
    throw new PyError("NameError", `name '${name}' is not defined`);
  }

  /** xacro's eval_text: `${expr}` evaluated, `$(ext)` substituted, `$$` escapes; a single part keeps its type. */
  evalText(text: string, symbols: SymbolTable): PyValue {
    this.budget.step();
    // Most attribute values and texts hold no `$`: the lexer would return them whole.
    if (!text.includes("$")) return text;
    const results: PyValue[] = [];
    let pos = 0;
    while (pos < text.length) {
      let matched = false;
      for (const { id, re } of LEX) {
        // Set before each try: the nested evalText calls below move the shared lastIndex.
        re.lastIndex = pos;
        const m = re.exec(text);
        if (m === null) continue;
        matched = true;
        pos += m[0].length;
        if (id === "expr") {
          const inner = m[0].slice(2, -1);
          try {
            results.push(evaluatePython(pyStr(this.evalText(inner, symbols)), symbols, this.budget));
          } catch (error) {
            if (error instanceof XacroError) throw error;
            if (error instanceof XacroBudgetError)
              throw new XacroError(
                `${error.message}\nwhen evaluating expression '${clip(inner)}'`,
                this.current,
                error.code,
                error.property,
              );
            const msg = error instanceof Error ? error.message : String(error);
            throw new XacroError(`${msg}\nwhen evaluating expression '${inner}'`, this.current);
          }
        } else if (id === "ext") {
          results.push(this.extension(pyStr(this.evalText(m[0].slice(2, -1), symbols))));
        } else if (id === "dollars") {
          results.push(m[0].slice(1));
        } else results.push(m[0]);
        break;
      }
      if (!matched) throw new XacroError(`invalid expression: ${text.slice(pos)}`, this.current);
    }
    if (results.length === 1) return results[0] ?? null;
    return joinText(results, this.budget);
  }

  /** `$(find pkg)`, `$(arg name)`, `$(env V)`, `$(optenv V default)`, `$(eval expr)`, `$(dirname)`, `$(cwd)`. */
  extension(body: string): string {
    const trimmed = body.trim();
    if (trimmed.startsWith("eval ")) return this.evalExtension(trimmed.slice(5));
    const [cmd = "", ...args] = trimmed.split(/\s+/);
    switch (cmd) {
      case "find": {
        const dir = this.host.findPackage(args[0] ?? "");
        if (typeof dir === "object")
          throw new XacroError(`$(find ${args[0] ?? ""}): ${dir.refused}`, this.current, dir.code);
        if (dir === undefined)
          throw new XacroError(
            `package '${args[0] ?? ""}' not found (searched ROS_PACKAGE_PATH, AMENT_PREFIX_PATH, -I folders and the folders above the file)`,
            this.current,
          );
        return dir;
      }
      case "arg": {
        const v = this.args.get(args[0] ?? "");
        if (v === undefined) throw new XacroError(`Undefined substitution argument ${args[0] ?? ""}`, this.current);
        return v;
      }
      case "env": {
        const v = this.host.env(args[0] ?? "");
        if (v === undefined) throw new XacroError(`environment variable '${args[0] ?? ""}' is not set`, this.current);
        return v;
      }
      case "optenv":
        return this.host.env(args[0] ?? "") ?? args.slice(1).join(" ");
      case "dirname":
        return posix.dirname(this.currentFile());
      default:
        throw new XacroError(`Unknown substitution command '$(${body})'`, this.current);
    }
  }

  evalExtension(expr: string): string {
    if (expr.includes("__"))
      throw new XacroError("$(eval ...) may not contain double underscore expressions", this.current);
    const scope: PyScope = {
      lookup: (name) => {
        if (name === "arg") return this.globals.get("xacro") instanceof PyDict ? argFunction(this) : null;
        if (this.args.has(name)) return convertValue(this.args.get(name) ?? "");
        const m = this.globals.get("math");
        if (m instanceof PyDict && m.map.has(name)) return m.map.get(name) ?? null;
        throw new PyError("NameError", `name '${name}' is not defined`);
      },
    };
    try {
      return pyStr(evaluatePython(expr, scope, this.budget));
    } catch (error) {
      if (error instanceof XacroBudgetError)
        throw new XacroError(`${error.message}\nwhen evaluating $(eval ${clip(expr)})`, this.current, error.code);
      throw new XacroError(
        `${error instanceof Error ? error.message : String(error)}\nwhen evaluating $(eval ${expr})`,
        this.current,
      );
    }
  }

  /** xacro's eval_all: expands `node`'s attributes and children in place. */
  evalAll(node: XacroElement, macros: MacroTable, symbols: SymbolTable): void {
    const saved = this.current;
    this.current = node.origin;
    this.budget.enter(`element <${node.name}>`);
    try {
      this.evalAllIn(node, macros, symbols);
    } finally {
      this.budget.leave();
    }
    this.current = saved;
  }

  private evalAllIn(node: XacroElement, macros: MacroTable, symbols: SymbolTable): void {
    const attrs: [string, string][] = [];
    this.budget.emit(node.name.length);
    for (const [name, value] of node.attrs) {
      if (name.startsWith("xacro:") || name === "xmlns:xacro") continue;
      const v = pyStr(this.evalText(value, symbols));
      this.budget.emit(name.length + v.length);
      attrs.push([name, v]);
    }
    node.attrs = attrs;
    const out: XacroNode[] = [];
    let evalComments = false;
    const source = node.children;
    for (let index = 0; index < source.length; index++) {
      let child = source[index] as XacroNode;
      // What follows this node in its parent (xacro places its comment barrier before it).
      const hasNext = index < source.length - 1;
      if (child.type === "text") {
        const text = pyStr(this.evalText(child.text, symbols));
        this.budget.emit(text.length);
        out.push({ type: "text", text });
        if (text.trim() !== "") evalComments = false;
        continue;
      }
      if (child.type === "comment") {
        if (child.text.includes("xacro:eval-comments")) evalComments = !child.text.includes("xacro:eval-comments:off");
        else {
          const comment = evalComments
            ? { type: "comment" as const, text: pyStr(this.evalText(child.text, symbols)) }
            : child;
          this.budget.emit(comment.text.length);
          out.push(comment);
        }
        continue;
      }
      evalComments = false;
      this.current = child.origin;
      if (++this.elements > XACRO_LIMITS.maxElements) {
        throw new XacroError(
          `the expansion grows past ${XACRO_LIMITS.maxElements.toLocaleString("en-US")} elements (includes or macros that multiply)`,
          child.origin,
          "TOO_MANY_ELEMENTS",
        );
      }
      for (;;) {
        const el: XacroElement = child;
        if (el.name !== "xacro:element") break;
        const nameAttr = el.attrs.find(([k]) => k === "xacro:name");
        if (nameAttr === undefined) throw new XacroError("xacro:element: missing attribute xacro:name", el.origin);
        const newName = pyStr(this.evalText(nameAttr[1], symbols));
        if (newName === "") throw new XacroError("xacro:element: empty name", el.origin);
        child = { ...el, name: newName, attrs: el.attrs.filter(([k]) => k !== "xacro:name") };
      }
      const el: XacroElement = child;
      switch (el.name) {
        case "xacro:insert_block": {
          const name = requiredAttr(el, "name");
          let block: PyValue;
          let contentOnly: boolean;
          if (symbols.has(`**${name}`)) {
            block = symbols.lookup(`**${name}`);
            contentOnly = true;
          } else if (symbols.has(`*${name}`)) {
            block = symbols.lookup(`*${name}`);
            contentOnly = false;
          } else throw new XacroError(`Undefined block "${name}"`, el.origin);
          if (!(block instanceof PyOpaque)) throw new XacroError(`"${name}" is not a block`, el.origin);
          const copy = cloneXacroNode(block.value as XacroElement);
          this.evalAll(copy, macros, symbols);
          if (contentOnly) this.append(out, copy.children);
          else out.push(copy);
          break;
        }
        case "xacro:include": {
          const included = this.include(el, macros, symbols);
          const barrier = this.removePreviousComments(out, hasNext);
          this.append(out, included);
          if (barrier !== undefined) out.push(barrier);
          break;
        }
        case "xacro:property": {
          const barrier = this.removePreviousComments(out, hasNext);
          this.grabProperty(el, symbols);
          if (barrier !== undefined) out.push(barrier);
          break;
        }
        case "xacro:macro": {
          const barrier = this.removePreviousComments(out, hasNext);
          this.grabMacro(el, macros);
          if (barrier !== undefined) out.push(barrier);
          break;
        }
        case "xacro:arg": {
          const name = requiredAttr(el, "name");
          const dflt = el.attrs.find(([k]) => k === "default");
          if (dflt === undefined) throw new XacroError("xacro:arg: missing attribute default", el.origin);
          if (!this.args.has(name)) this.args.set(name, pyStr(this.evalText(dflt[1], symbols)));
          const barrier = this.removePreviousComments(out, hasNext);
          if (barrier !== undefined) out.push(barrier);
          break;
        }
        case "xacro:attribute": {
          const name = pyStr(this.evalText(requiredAttr(el, "name"), symbols));
          const value = pyStr(this.evalText(requiredAttr(el, "value"), symbols));
          if (name === "") throw new XacroError("xacro:attribute: empty name", el.origin);
          const i = attrs.findIndex(([k]) => k === name);
          if (i >= 0) attrs[i] = [name, value];
          else attrs.push([name, value]);
          break;
        }
        case "xacro:if":
        case "xacro:unless": {
          const barrier = this.removePreviousComments(out, hasNext);
          const cond = requiredAttr(el, "value");
          let keep = booleanValue(
            this.withAt(el.origin, () => this.evalText(cond, symbols)),
            cond,
          );
          if (el.name === "xacro:unless") keep = !keep;
          if (keep) {
            this.evalAll(el, macros, symbols);
            this.append(out, el.children);
          }
          if (barrier !== undefined) out.push(barrier);
          break;
        }
        default:
          if (el.name.startsWith("xacro:")) {
            const expanded = this.macroCall(el, macros, symbols);
            const barrier = this.removePreviousComments(out, hasNext);
            this.append(out, expanded);
            if (barrier !== undefined) out.push(barrier);
          } else {
            this.evalAll(el, macros, symbols);
            out.push(el);
          }
      }
      this.current = node.origin;
    }
    node.children = out;
  }

  /**
   * xacro's remove_previous_comments: drops the comments just before a xacro element that
   * disappears (a property, macro, arg, include, if/unless or macro call), stepping over one
   * whitespace text of at most one newline before each. Where it stops at something else, xacro
   * puts its one shared "\n\n" text node after the element (moving it from wherever it was),
   * so that later calls stop there: that node is returned for the caller to place, and the one
   * placed before becomes stale (dropped at the end, and invisible to later scans).
   */
  removePreviousComments(out: XacroNode[], hasNext: boolean): XacroText | undefined {
    let i = out.length - 1;
    const skipStale = (): void => {
      while (i >= 0 && out[i] !== this.barrier && this.barriers.has(out[i] as XacroNode)) i--;
    };
    for (;;) {
      skipStale();
      if (i < 0) return undefined;
      const previous = out[i] as XacroNode;
      if (
        previous.type === "text" &&
        previous !== this.barrier &&
        isPySpace(previous.text) &&
        countNewlines(previous.text) <= 1
      ) {
        i--;
        skipStale();
      }
      if (i >= 0 && out[i]?.type === "comment") {
        out.splice(i, 1);
        i--;
        continue;
      }
      if (!hasNext) return undefined;
      const barrier: XacroText = { type: "text", text: "\n\n" };
      this.barriers.add(barrier);
      this.barrier = barrier;
      return barrier;
    }
  }

  /**
   * Moves expanded nodes into their parent, one evaluation step each: a macro recursing n deep
   * moves its deepest nodes n times (as ROS's xacro does), which the element count alone misses.
   */
  append(out: XacroNode[], items: readonly XacroNode[]): void {
    this.budget.step(items.length);
    appendAll(out, items);
  }

  withAt<T>(at: XacroOrigin, f: () => T): T {
    try {
      return f();
    } catch (error) {
      if (error instanceof XacroError && error.at === undefined) throw new XacroError(error.message, at);
      throw error;
    }
  }

  include(el: XacroElement, macros: MacroTable, symbols: SymbolTable): XacroNode[] {
    const spec = requiredAttr(el, "filename");
    const nsSpec = el.attrs.find(([k]) => k === "ns")?.[1];
    if (nsSpec !== undefined && nsSpec !== "") {
      // As xacro: the included file's macros and properties live in a namespace of that name,
      // called as <xacro:ns.macro> and read as ${ns.prop}; its macros see its own properties.
      const ns = pyStr(this.evalText(nsSpec, symbols));
      const nsMacros = new MacroTable(macros);
      const nsSymbols = new SymbolTable(symbols, this.globals, this);
      macros.namespaces.set(ns, nsMacros);
      symbols.set(ns, new PyOpaque(NAMESPACE, nsSymbols), false);
      macros = nsMacros;
      symbols = nsSymbols;
    }
    const optionalAttr = el.attrs.find(([k]) => k === "optional")?.[1];
    const optional = optionalAttr !== undefined && booleanValue(optionalAttr, optionalAttr);
    const filename = this.absFilename(pyStr(this.evalText(spec, symbols)));
    let files = [filename];
    if (/[*[?]/.test(filename)) {
      files = this.host.glob?.(filename) ?? [];
      if (files.length === 0) this.warn(`Include tag's filename spec "${filename}" matched no files.`);
    }
    const out: XacroNode[] = [];
    if (this.fileStack.length >= XACRO_LIMITS.maxIncludeDepth) {
      throw new XacroError(
        `includes nested more than ${XACRO_LIMITS.maxIncludeDepth} deep (${this.fileStack.slice(-3).join(" → ")} → ${filename}): does a file include itself?`,
        el.origin,
        "INCLUDE_DEPTH_EXCEEDED",
      );
    }
    for (const file of files) {
      const text = this.host.readFile(file);
      if (text === undefined) {
        if (optional) continue;
        throw new XacroError(`No such file or directory: ${file}`, el.origin);
      }
      // Refused (outside the allowed folders, a device, too large) even when optional: it exists.
      if (typeof text !== "string")
        throw new XacroError(`cannot include ${file}: ${text.refused}`, el.origin, text.code);
      this.dependencies.push(file);
      let tree = this.parsed.get(file);
      if (tree === undefined) {
        const parsed = parseXacroXml(text, file);
        if ("error" in parsed) {
          throw new XacroError(
            `${file}:${parsed.error.line}:${parsed.error.column}: ${parsed.error.message}`,
            el.origin,
          );
        }
        tree = parsed.root;
        this.parsed.set(file, tree);
      }
      const root = withCalls(cloneXacroNode(tree), el.origin.calls);
      this.fileStack.push(file);
      try {
        this.evalAll(root, macros, symbols);
      } finally {
        this.fileStack.pop();
      }
      this.append(out, root.children);
    }
    return out;
  }

  grabProperty(el: XacroElement, symbols: SymbolTable): void {
    const get = (k: string): string | undefined => el.attrs.find(([n]) => n === k)?.[1];
    let name = pyStr(this.evalText(requiredAttr(el, "name"), symbols));
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || PY_KEYWORDS.has(name))
      throw new XacroError(`Property names must be valid python identifiers: ${name}`, el.origin);
    if (name.startsWith("__"))
      throw new XacroError(`Property names must not start with double underscore:${name}`, el.origin);
    let value: PyValue | undefined = get("value");
    const dflt = get("default");
    const removeAttr = get("remove");
    const remove = booleanValue(this.evalText(removeAttr ?? "false", symbols), removeAttr ?? "false");
    if ([value !== undefined, dflt !== undefined, remove].filter(Boolean).length > 1) {
      throw new XacroError(`Property attributes default, value, and remove are mutually exclusive: ${name}`, el.origin);
    }
    if (remove) {
      if (symbols.has(name)) symbols.remove(name);
      return;
    }
    const scope = get("scope");
    if (dflt !== undefined) {
      if (symbols.has(name)) return;
      value = dflt;
    }
    if (value === undefined) {
      name = `**${name}`;
      value = new PyOpaque(BLOCK, el);
    }
    const lazyAttr = get("lazy_eval");
    let lazy = booleanValue(this.evalText(lazyAttr ?? "true", symbols), lazyAttr ?? "true");
    let target = symbols;
    if (scope === "global") {
      target = symbols.top();
      lazy = false;
    } else if (scope === "parent") {
      if (symbols.parent === undefined) {
        this.warn(`${name}: no parent scope at global scope`);
        return;
      }
      target = symbols.parent;
      lazy = false;
    }
    if (!lazy && typeof value === "string") {
      const text = value;
      value = inProperty(name, () => this.evalText(text, symbols));
    }
    target.set(name, value, lazy);
  }

  grabMacro(el: XacroElement, macros: MacroTable): void {
    let name = requiredAttr(el, "name");
    if (name === "call") throw new XacroError("Invalid use of macro name 'call'", el.origin);
    if (name.includes("."))
      throw new XacroError(`macro names must not contain '.' (reserved for namespaces): ${name}`, el.origin);
    if (name.startsWith("xacro:")) name = name.slice(6);
    const { params, defaults } = parseMacroParams(el.attrs.find(([k]) => k === "params")?.[1] ?? "");
    macros.map.set(name, { name, params, defaults, body: el });
  }

  macroCall(node: XacroElement, macros: MacroTable, symbols: SymbolTable): XacroNode[] {
    if (node.name === "xacro:call") {
      const m = node.attrs.find(([k]) => k === "macro");
      if (m === undefined || m[1] === "")
        throw new XacroError("xacro:call is missing the 'macro' attribute", node.origin);
      node = {
        ...node,
        name: `xacro:${pyStr(this.evalText(m[1], symbols))}`,
        attrs: node.attrs.filter(([k]) => k !== "macro"),
      };
    }
    const name = node.name.slice(6);
    const resolved = resolveMacro(name, macros, symbols);
    if (resolved === undefined) throw new XacroError(`unknown macro name: ${node.name}`, node.origin);
    const m = resolved.macro;
    // A namespaced macro is called in its namespace's scope (xacro's resolve_macro).
    macros = resolved.macros;
    symbols = resolved.symbols;
    const call: XacroCall = {
      macro: name,
      file: node.origin.file,
      line: node.origin.line,
      column: node.origin.column,
      definedIn: m.body.origin.file,
      definedLine: m.body.origin.line,
    };
    const calls = [call, ...node.origin.calls];
    if (calls.length > XACRO_LIMITS.maxMacroDepth)
      throw new XacroError(
        `macro calls nested more than ${XACRO_LIMITS.maxMacroDepth} deep: does macro "${name}" call itself?`,
        node.origin,
        "XACRO_TOO_DEEP",
      );
    const scoped = new SymbolTable(symbols, this.globals, this);
    const scopedMacros = new MacroTable(macros);
    const params = [...m.params];
    for (const [pname, value] of node.attrs) {
      const i = params.indexOf(pname);
      if (i < 0) throw new XacroError(`Invalid parameter "${pname}"${macroWhere(call)}`, node.origin);
      params.splice(i, 1);
      scoped.set(pname, this.evalText(value, symbols), false);
    }
    const callNode: XacroElement = { ...node, attrs: [] };
    this.evalAll(callNode, macros, symbols);
    const blocks = callNode.children.filter((c): c is XacroElement => c.type === "element");
    let b = 0;
    for (const p of [...params]) {
      if (!p.startsWith("*")) continue;
      const block = blocks[b++];
      if (block === undefined) throw new XacroError(`Not enough blocks${macroWhere(call)}`, node.origin);
      params.splice(params.indexOf(p), 1);
      scoped.set(p, new PyOpaque(BLOCK, block), true);
    }
    if (b < blocks.length)
      throw new XacroError(`Unused block "${blocks[b]?.name ?? ""}"${macroWhere(call)}`, node.origin);
    for (const p of [...params]) {
      const d = m.defaults.get(p);
      if (d === undefined) continue;
      const [forward, dflt] = d;
      let v: PyValue;
      if (forward === null) v = this.evalText(dflt ?? "", symbols);
      else if (symbols.has(forward)) v = symbols.lookup(forward);
      else if (dflt !== null) v = this.evalText(dflt, symbols);
      else throw new XacroError(`Undefined property to forward: ${forward}${macroWhere(call)}`, node.origin);
      scoped.set(p, v, false);
      params.splice(params.indexOf(p), 1);
    }
    if (params.length > 0)
      throw new XacroError(`Undefined parameters [${params.join(",")}]${macroWhere(call)}`, node.origin);
    const body = withCalls(cloneXacroNode(m.body), calls);
    this.evalAll(body, scopedMacros, scoped);
    return body.children;
  }
}

/** Removes the comment barriers xacro has moved away (all but the last one placed). */
function dropStaleBarriers(root: XacroElement, ex: Expander): void {
  const stack: XacroElement[] = [root];
  for (let el = stack.pop(); el !== undefined; el = stack.pop()) {
    if (el.children.some((c) => c !== ex.barrier && ex.barriers.has(c)))
      el.children = el.children.filter((c) => c === ex.barrier || !ex.barriers.has(c));
    for (const c of el.children) if (c.type === "element") stack.push(c);
  }
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf("\n"); i >= 0; i = s.indexOf("\n", i + 1)) n++;
  return n;
}

/** Appends `items` to `out` (a spread of a very long array would overflow the call stack). */
function appendAll<T>(out: T[], items: readonly T[]): void {
  for (const item of items) out.push(item);
}

function argFunction(ex: Expander): PyValue {
  const x = ex.globals.get("xacro");
  return x instanceof PyDict ? (x.map.get("arg") ?? null) : null;
}

/**
 * Expands a xacro document as ROS 2's xacro does (in-order processing): `xacro:arg`,
 * properties (lazy, scoped, `default`, `remove`, blocks), macros (defaults, `^` forwarding,
 * `*`/`**` blocks, `xacro:call`), `xacro:if`/`unless`, includes (relative, `$(find)`, globs,
 * `optional`), `xacro:element`/`attribute`, `${}` Python expressions (a safe evaluator, no
 * host code), `$(arg|find|env|optenv|eval|dirname)` and `xacro.load_yaml`. File access goes
 * through `host`. An error stops the expansion and is reported at the xacro element that
 * caused it, with the macro calls that led there.
 */
export function expandXacro(text: string, file: string, options: ExpandXacroOptions): ExpandXacroResult {
  const ex = new Expander(options.host, options.path, options.args ?? {}, options.onLongRun);
  ex.dependencies.push(options.path);
  const parsed = parseXacroXml(text, file);
  if ("error" in parsed) {
    return {
      root: undefined,
      diagnostics: [
        {
          code: "XML_ERROR",
          severity: "error",
          message: parsed.error.message,
          file,
          line: parsed.error.line,
          column: parsed.error.column,
        },
      ],
      dependencies: ex.dependencies,
    };
  }
  // Files are named by absolute path internally; the top-level file keeps the caller's name.
  const rename = (f: string): string => (f === options.path ? file : f);
  const root = parsed.root;
  const symbols = new SymbolTable(undefined, ex.globals, ex);
  try {
    const target = root.attrs.find(([k]) => k === "xacro:targetNamespace");
    if (target !== undefined) root.attrs.push(["xmlns", target[1]]);
    ex.evalAll(root, new MacroTable(), symbols);
  } catch (caught) {
    const error = budgetError(caught);
    if (error instanceof XacroError || error instanceof PyError || error instanceof XacroBudgetError) {
      const at = error instanceof XacroError ? (error.at ?? ex.current) : ex.current;
      return {
        root: undefined,
        diagnostics: [
          ...ex.diagnostics,
          {
            code: error instanceof XacroError || error instanceof XacroBudgetError ? error.code : "XACRO_ERROR",
            severity: severityOf(
              error instanceof XacroError || error instanceof XacroBudgetError ? error.code : "XACRO_ERROR",
            ),
            message: error.message.split("\n").join(" ") + callTrace(at),
            file: rename(at?.file ?? file),
            ...(at === undefined ? {} : { line: at.line, column: at.column, ...callLocations(at, rename) }),
          },
        ],
        dependencies: ex.dependencies,
      };
    }
    throw caught;
  }
  void rename;
  dropStaleBarriers(root, ex);
  return { root, outside: parsed.outside, diagnostics: ex.diagnostics, dependencies: ex.dependencies };
}

/**
 * The text of a substitution made of several pieces (`${a}${a}`, `x${a}`), refused before it is
 * made when it would pass the string bound, and counted as made: without this, properties that
 * double by text (not by `+`) grew to V8's string limit and exhausted the heap.
 */
function joinText(pieces: readonly PyValue[], budget: XacroBudget): string {
  const parts: string[] = [];
  let length = 0;
  for (const piece of pieces) {
    const s = pyStr(piece);
    length += s.length;
    checkStringLength(length, "a text substitution");
    parts.push(s);
  }
  const out = parts.join("");
  budget.made(out);
  return out;
}
