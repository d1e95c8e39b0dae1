import { type DocumentSymbol, type Range, SymbolKind } from "vscode-languageserver";

import type { NameSite } from "./indexDocument.js";
import type { WorkspaceFile } from "./Workspace.js";

/** Deepest nesting of links in the outline; a deeper chain continues as a new top-level entry. */
export const MAX_SYMBOL_DEPTH = 64;

/**
 * The outline of a file: its kinematic tree (each root link, below it the joints it is the
 * parent of, below each joint its child link, and so on), links no joint reaches, then xacro
 * macros, properties and arguments. Names made by xacro expressions are not in the tree.
 */
export function documentSymbols(file: WorkspaceFile): DocumentSymbol[] {
  const range = (start: number, end: number): Range => ({
    start: file.document.positionAt(start),
    end: file.document.positionAt(end),
  });
  const defs = file.index.names.filter((s) => s.role === "definition");
  const links = new Map<string, NameSite>();
  for (const s of defs) if (s.kind === "link" && !links.has(s.name)) links.set(s.name, s);
  const joints = defs.filter((s) => s.kind === "joint");
  const childLinks = new Set(joints.map((j) => j.childLink).filter((c) => c !== undefined));
  const placed = new Set<string>();
  const symbol = (s: NameSite, kind: SymbolKind, detail: string, children: DocumentSymbol[]): DocumentSymbol => ({
    name: s.name,
    detail,
    kind,
    range: range(s.start, s.end),
    selectionRange: range(s.start, s.end),
    children,
  });
  const byParent = new Map<string, NameSite[]>();
  for (const j of joints)
    if (j.parentLink !== undefined) {
      const list = byParent.get(j.parentLink);
      if (list === undefined) byParent.set(j.parentLink, [j]);
      else list.push(j);
    }
  const out: DocumentSymbol[] = [];
  // Walked with a stack, not recursion: a chain of 100,000 links is a valid (if odd) file.
  const tree = (root: NameSite): void => {
    const stack: { link: NameSite; into: DocumentSymbol[]; depth: number }[] = [{ link: root, into: out, depth: 0 }];
    while (stack.length > 0) {
      const { link, into, depth } = stack.pop()!;
      placed.add(link.name);
      const below: DocumentSymbol[] = [];
      into.push(symbol(link, SymbolKind.Class, "link", below));
      for (const j of byParent.get(link.name) ?? []) {
        const sub: DocumentSymbol[] = [];
        below.push(symbol(j, SymbolKind.Interface, "joint", sub));
        const child = j.childLink === undefined ? undefined : links.get(j.childLink);
        if (child === undefined || placed.has(child.name)) continue;
        placed.add(child.name);
        // Deeper than an editor's outline (or a JSON encoder's stack) goes, the chain restarts at the top.
        if (depth + 1 >= MAX_SYMBOL_DEPTH) stack.push({ link: child, into: out, depth: 0 });
        else stack.push({ link: child, into: sub, depth: depth + 1 });
      }
    }
  };
  for (const s of links.values()) if (!childLinks.has(s.name) && !placed.has(s.name)) tree(s);
  for (const s of links.values()) if (!placed.has(s.name)) tree(s);
  for (const j of joints)
    if (j.parentLink === undefined || !links.has(j.parentLink)) out.push(symbol(j, SymbolKind.Interface, "joint", []));
  for (const m of file.index.macros)
    out.push({
      name: m.name,
      detail: `macro(${m.params.join(" ")})`,
      kind: SymbolKind.Function,
      range: range(m.tag.start, Math.max(m.tag.end, m.tag.contentEnd)),
      selectionRange: range(m.start, m.end),
    });
  for (const p of file.index.properties)
    out.push({
      name: p.name,
      detail: p.value ?? "",
      kind: SymbolKind.Constant,
      range: range(p.start, p.end),
      selectionRange: range(p.start, p.end),
    });
  for (const a of file.index.args)
    out.push({
      name: a.name,
      detail: a.value ?? "",
      kind: SymbolKind.Variable,
      range: range(a.start, a.end),
      selectionRange: range(a.start, a.end),
    });
  return out;
}
