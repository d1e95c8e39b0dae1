import { type DocumentSymbol, type Range, SymbolKind } from "vscode-languageserver";

import type { NameSite } from "./indexDocument.js";
import type { WorkspaceFile } from "./Workspace.js";

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
  const linkSymbol = (s: NameSite): DocumentSymbol => {
    placed.add(s.name);
    const below = joints
      .filter((j) => j.parentLink === s.name)
      .map((j) => {
        const child = j.childLink === undefined ? undefined : links.get(j.childLink);
        const sub = child !== undefined && !placed.has(child.name) ? [linkSymbol(child)] : [];
        return symbol(j, SymbolKind.Interface, "joint", sub);
      });
    return symbol(s, SymbolKind.Class, "link", below);
  };
  const out: DocumentSymbol[] = [];
  for (const s of links.values()) if (!childLinks.has(s.name) && !placed.has(s.name)) out.push(linkSymbol(s));
  for (const s of links.values()) if (!placed.has(s.name)) out.push(linkSymbol(s));
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
