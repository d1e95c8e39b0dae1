import type {
  CompletionItem,
  DocumentSymbol,
  Hover,
  Location,
  Diagnostic as LspDiagnostic,
  Position,
  Range,
  WorkspaceEdit,
} from "vscode-languageserver";

import { completion } from "./completion.js";
import { documentSymbols } from "./documentSymbols.js";
import { hover } from "./hover.js";
import type { LspHost } from "./LspHost.js";
import { definition, references, rename, renameRange } from "./navigation.js";
import { Workspace, type WorkspaceFile } from "./Workspace.js";

/**
 * robokit's language features over URDF, xacro, SDF and YAML files, pure: the documents come
 * from the editor, other files and packages from the {@link LspHost}; diagnostics are computed
 * by the edge (they run the validator) and handed in, so hover can explain them.
 */
export class LanguageService {
  readonly workspace: Workspace;
  private readonly diagnostics = new Map<string, LspDiagnostic[]>();

  constructor(host: LspHost) {
    this.workspace = new Workspace(host);
  }

  /** A document was opened or changed (full text). */
  update(uri: string, text: string, version: number): void {
    this.workspace.setText(uri, text, version);
  }

  close(uri: string): void {
    this.workspace.close(uri);
    this.diagnostics.delete(uri);
  }

  /** The diagnostics last published for a document. */
  setDiagnostics(uri: string, diagnostics: LspDiagnostic[]): void {
    this.diagnostics.set(uri, diagnostics);
  }

  private at(uri: string, position: Position): { file: WorkspaceFile; offset: number } | undefined {
    const file = this.workspace.file(uri);
    return file === undefined ? undefined : { file, offset: file.document.offsetAt(position) };
  }

  hover(uri: string, position: Position): Hover | null {
    const a = this.at(uri, position);
    return a === undefined ? null : hover(this.workspace, a.file, a.offset, this.diagnostics.get(uri) ?? []);
  }

  definition(uri: string, position: Position): Location[] {
    const a = this.at(uri, position);
    return a === undefined ? [] : definition(this.workspace, a.file, a.offset);
  }

  references(uri: string, position: Position, includeDeclaration: boolean): Location[] {
    const a = this.at(uri, position);
    return a === undefined ? [] : references(this.workspace, a.file, a.offset, includeDeclaration);
  }

  completion(uri: string, position: Position): CompletionItem[] {
    const a = this.at(uri, position);
    return a === undefined ? [] : completion(this.workspace, a.file, a.offset);
  }

  documentSymbols(uri: string): DocumentSymbol[] {
    const file = this.workspace.file(uri);
    return file === undefined ? [] : documentSymbols(file);
  }

  prepareRename(uri: string, position: Position): Range | null {
    const a = this.at(uri, position);
    return (a === undefined ? undefined : renameRange(a.file, a.offset)) ?? null;
  }

  rename(uri: string, position: Position, newName: string): WorkspaceEdit | null {
    const a = this.at(uri, position);
    return (a === undefined ? undefined : rename(this.workspace, a.file, a.offset, newName)) ?? null;
  }
}
