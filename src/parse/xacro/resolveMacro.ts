import type { Macro, MacroTable } from "./MacroTable.js";
import { NAMESPACE, PyOpaque } from "./PyValue.js";
import type { SymbolTable } from "./SymbolTable.js";

/**
 * xacro's resolve_macro: the full name first, then `a.b.name` through the namespaces `a`, `b`,
 * giving the macro with the macro and property tables it is called in.
 */
export function resolveMacro(
  fullName: string,
  macros: MacroTable,
  symbols: SymbolTable,
): { macro: Macro; macros: MacroTable; symbols: SymbolTable } | undefined {
  const direct = macros.get(fullName);
  if (direct !== undefined) return { macro: direct, macros, symbols };
  const parts = fullName.split(".");
  const name = parts.pop() ?? "";
  if (parts.length === 0) return undefined;
  for (const ns of parts) {
    const nextMacros = macros.namespace(ns);
    const nextSymbols = symbols.has(ns) ? symbols.lookup(ns) : undefined;
    if (nextMacros === undefined || !(nextSymbols instanceof PyOpaque) || nextSymbols.kind !== NAMESPACE)
      return undefined;
    macros = nextMacros;
    symbols = nextSymbols.value as SymbolTable;
  }
  const macro = macros.get(name);
  return macro === undefined ? undefined : { macro, macros, symbols };
}
