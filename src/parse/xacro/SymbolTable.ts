import { PyError, type PyValue, pyStr } from "./PyValue.js";
import { XacroError } from "./XacroError.js";
import { evalLiteral } from "./evalLiteral.js";
import type { PyScope } from "./PyScope.js";
import { inProperty, type XacroBudget } from "./XacroBudget.js";

/** What a symbol table needs from the expansion it belongs to: its budget and xacro's eval_text. */
export interface PropertyEvaluator {
  readonly budget: XacroBudget;
  evalText(text: string, symbols: SymbolTable): PyValue;
}

/** xacro's symbol table: lazily evaluated properties, scoped by macro calls. */
export class SymbolTable implements PyScope {
  readonly values = new Map<string, PyValue>();
  readonly unevaluated = new Set<string>();
  private readonly resolving: string[] = [];
  constructor(
    readonly parent: SymbolTable | undefined,
    readonly globals: Map<string, PyValue>,
    private readonly expander: PropertyEvaluator,
  ) {}

  has(key: string): boolean {
    return this.values.has(key) || (this.parent?.has(key) ?? this.globals.has(key));
  }

  lookup(key: string): PyValue {
    if (this.values.has(key)) return this.resolve(key);
    if (this.parent !== undefined) return this.parent.lookup(key);
    if (this.globals.has(key)) return this.globals.get(key) ?? null;
    throw new PyError("NameError", `name '${key}' is not defined`);
  }

  private resolve(key: string): PyValue {
    if (this.unevaluated.has(key)) {
      if (this.resolving.includes(key)) {
        throw new XacroError(
          `circular variable definition: ${[...this.resolving, key].join(" -> ")}\nConsider disabling lazy evaluation via lazy_eval="false"`,
          undefined,
        );
      }
      this.resolving.push(key);
      this.expander.budget.enter(`property ${key}`);
      try {
        const text = pyStr(this.values.get(key) ?? null);
        this.values.set(key, evalLiteral(inProperty(key, () => this.expander.evalText(text, this))));
      } finally {
        this.expander.budget.leave();
        this.resolving.pop();
      }
      this.unevaluated.delete(key);
    }
    return this.values.get(key) ?? null;
  }

  set(key: string, value: PyValue, lazy: boolean): void {
    const v = evalLiteral(value);
    this.values.set(key, v);
    if (lazy && typeof v === "string") this.unevaluated.add(key);
    else this.unevaluated.delete(key);
  }

  remove(key: string): void {
    let t: SymbolTable | undefined = this;
    while (t !== undefined) {
      t.values.delete(key);
      t.unevaluated.delete(key);
      t = t.parent;
    }
  }

  top(): SymbolTable {
    let t: SymbolTable = this;
    while (t.parent !== undefined) t = t.parent;
    return t;
  }
}
