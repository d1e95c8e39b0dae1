import { join } from "node:path";

import type { Location, Range, WorkspaceEdit } from "vscode-languageserver";

import { wordAt } from "./cursorContext.js";
import type { MacroSite, NameKind, NameSite, ValueSite } from "./indexDocument.js";
import { RenameRefused } from "./RenameRefused.js";
import { renameProblem } from "./renameProblem.js";
import { pathToUri, type Workspace, type WorkspaceFile } from "./Workspace.js";

/** A name site together with the file it is in. */
export interface SiteIn {
  readonly file: WorkspaceFile;
  readonly site: NameSite;
}

function rangeOf(file: WorkspaceFile, start: number, end: number): Range {
  return { start: file.document.positionAt(start), end: file.document.positionAt(end) };
}

function compatible(a: NameKind, b: NameKind): boolean {
  return a === b || a === "either" || b === "either";
}

/** The link or joint name site under the offset. */
export function nameSiteAt(file: WorkspaceFile, offset: number): NameSite | undefined {
  return file.index.names.find((s) => offset >= s.start && offset <= s.end);
}

/** Every site of a name in the file's scope (definitions and references). */
export function sitesOf(ws: Workspace, file: WorkspaceFile, name: string, kind: NameKind): SiteIn[] {
  const out: SiteIn[] = [];
  for (const f of ws.scope(file.path))
    for (const s of f.index.names) if (s.name === name && compatible(s.kind, kind)) out.push({ file: f, site: s });
  return out;
}

function location(file: WorkspaceFile, start: number, end: number): Location {
  return { uri: file.uri, range: rangeOf(file, start, end) };
}

/** Where the macro, property or argument named `name` is defined in the file's scope. */
function xacroDefinitions(
  ws: Workspace,
  file: WorkspaceFile,
  name: string,
  pick: (f: WorkspaceFile) => readonly (MacroSite | ValueSite)[],
): Location[] {
  return ws.scope(file.path).flatMap((f) =>
    pick(f)
      .filter((m) => m.name === name)
      .map((m) => location(f, m.start, m.end)),
  );
}

/**
 * Go to definition: a link or joint name (a joint's parent or child, a ros2_control or
 * transmission joint, a mimic, a `<gazebo reference>`, a name in a controller file), a xacro
 * macro call, a `${property}` or macro parameter, a `$(arg x)`, an included file, `$(find pkg)`
 * and `package://` URIs.
 */
export function definition(ws: Workspace, file: WorkspaceFile, offset: number): Location[] {
  const text = file.document.getText();
  const fileRef = file.index.files.find((r) => offset >= r.start && offset <= r.end);
  if (fileRef !== undefined) return fileDefinition(ws, file, fileRef.target, offset - fileRef.start);
  const site = nameSiteAt(file, offset);
  if (site !== undefined)
    return sitesOf(ws, file, site.name, site.kind)
      .filter((s) => s.site.role === "definition")
      .map((s) => location(s.file, s.site.start, s.site.end));
  const tag = file.index.scanned.tags.find((t) => offset >= t.nameStart && offset <= t.nameEnd);
  if (tag?.name.startsWith("xacro:") === true)
    return xacroDefinitions(ws, file, tag.name.slice("xacro:".length), (f) => f.index.macros);
  const { word } = wordAt(text, offset);
  if (word === "") return [];
  const before = text.slice(Math.max(0, offset - word.length - 16), offset);
  if (/\$\(arg\s+[\w.-]*$/.test(before)) return xacroDefinitions(ws, file, word, (f) => f.index.args);
  const findPkg = /\$\(find\s+[\w.-]*$/.test(before) ? ws.host.findPackage(word, file.path) : undefined;
  if (findPkg !== undefined) return [{ uri: pathToUri(join(findPkg, "package.xml")), range: zeroRange() }];
  const param = macroParamAt(file, offset, word);
  if (param !== undefined) return [param];
  const props = xacroDefinitions(ws, file, word, (f) => f.index.properties);
  if (props.length > 0) return props;
  // A bare word (a controller file's joint list): a link or joint of that name.
  return [...sitesOf(ws, file, word, "either")]
    .filter((s) => s.site.role === "definition")
    .map((s) => location(s.file, s.site.start, s.site.end));
}

function zeroRange(): Range {
  return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
}

function fileDefinition(ws: Workspace, file: WorkspaceFile, target: string, at: number): Location[] {
  const find = /\$\(find\s+([^)\s]+)\)/.exec(target);
  if (find !== null && at <= find.index + find[0].length) {
    const dir = ws.host.findPackage(find[1]!, file.path);
    return dir === undefined ? [] : [{ uri: pathToUri(join(dir, "package.xml")), range: zeroRange() }];
  }
  const pkg = /^package:\/\/([^/]+)/.exec(target);
  if (pkg !== null && at <= pkg[0].length) {
    const dir = ws.host.findPackage(pkg[1]!, file.path);
    return dir === undefined ? [] : [{ uri: pathToUri(join(dir, "package.xml")), range: zeroRange() }];
  }
  const path = ws.resolveTarget(target, file.path);
  return path === undefined ? [] : [{ uri: pathToUri(path), range: zeroRange() }];
}

/** The parameter of the macro enclosing the offset that `word` names. */
function macroParamAt(file: WorkspaceFile, offset: number, word: string): Location | undefined {
  const macro = enclosingMacro(file, offset);
  if (macro === undefined) return undefined;
  let at = macro.paramsStart;
  for (const p of macro.params) {
    const name = p.replace(/^\*+/, "").split(":=")[0]!;
    const i = file.document.getText().indexOf(p, at);
    if (name === word && i !== -1) return location(file, i, i + name.length);
    if (i !== -1) at = i + p.length;
  }
  return undefined;
}

/** The xacro macro whose body holds the offset. */
export function enclosingMacro(file: WorkspaceFile, offset: number): MacroSite | undefined {
  return file.index.macros.find((m) => offset > m.tag.start && offset < m.tag.contentEnd);
}

/** Find references: every site of the link or joint name under the offset, across includes. */
export function references(
  ws: Workspace,
  file: WorkspaceFile,
  offset: number,
  includeDeclaration: boolean,
): Location[] {
  const site = nameSiteAt(file, offset);
  if (site === undefined) return [];
  return sitesOf(ws, file, site.name, site.kind)
    .filter((s) => includeDeclaration || s.site.role === "reference")
    .map((s) => location(s.file, s.site.start, s.site.end));
}

/** The range of a literal link or joint name under the offset, for prepareRename. */
export function renameRange(file: WorkspaceFile, offset: number): Range | undefined {
  const site = nameSiteAt(file, offset);
  return site === undefined ? undefined : rangeOf(file, site.start, site.end);
}

/**
 * Renames a link or joint in the file and the files it includes and is included by.
 *
 * @throws {@link RenameRefused} when a file the rename edits cannot hold the new name (see
 *   {@link renameProblem}); nothing is edited then.
 */
export function rename(ws: Workspace, file: WorkspaceFile, offset: number, newName: string): WorkspaceEdit | undefined {
  const site = nameSiteAt(file, offset);
  if (site === undefined) return undefined;
  const sites = sitesOf(ws, file, site.name, site.kind);
  for (const kind of new Set(sites.map((s) => s.file.kind))) {
    const problem = renameProblem(newName, kind);
    if (problem !== undefined)
      throw new RenameRefused(`cannot rename ${site.name} to ${JSON.stringify(newName)}: ${problem}`);
  }
  const changes: Record<string, { range: Range; newText: string }[]> = {};
  for (const s of sites) {
    (changes[s.file.uri] ??= []).push({ range: rangeOf(s.file, s.site.start, s.site.end), newText: newName });
  }
  return { changes };
}
