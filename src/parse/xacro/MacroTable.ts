import type { XacroElement } from "./XacroNode.js";

/** A `xacro:macro`: its parameters in order, their defaults (`^` forwarding, default text) and its body. */
export interface Macro {
  readonly name: string;
  readonly params: string[];
  readonly defaults: Map<string, [string | null, string | null]>;
  readonly body: XacroElement;
}

/** The macros defined in one scope, with the scopes above it and the namespaces `xacro:include ns=…` opened here. */
export class MacroTable {
  readonly map = new Map<string, Macro>();
  /** Macro namespaces opened here by `xacro:include ns=…`. */
  readonly namespaces = new Map<string, MacroTable>();
  constructor(readonly parent?: MacroTable) {}
  get(name: string): Macro | undefined {
    return this.map.get(name) ?? this.parent?.get(name);
  }
  namespace(name: string): MacroTable | undefined {
    return this.namespaces.get(name) ?? this.parent?.namespace(name);
  }
}
