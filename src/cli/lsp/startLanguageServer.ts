import {
  createConnection,
  type InitializeResult,
  LSPErrorCodes,
  ResponseError,
  type Diagnostic as LspDiagnostic,
  TextDocumentSyncKind,
  TextDocuments,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";

import { ROBOKIT_VERSION } from "../../version.js";
import { documentKind } from "../../lsp/documentKind.js";
import { LanguageService } from "../../lsp/LanguageService.js";
import { RenameRefused } from "../../lsp/RenameRefused.js";
import { toLspDiagnostics } from "../../lsp/toLspDiagnostics.js";
import { uriToPath } from "../../lsp/Workspace.js";
import { BurstDebouncer } from "./BurstDebouncer.js";
import { diskLspHost } from "./diskLspHost.js";
import type { OpenDocumentOptions } from "./validateOpenDocument.js";
import { DEFAULT_SCHEDULER_TIMES, type SchedulerTimes, ValidationScheduler } from "./ValidationScheduler.js";

/** What `robokit lsp` starts the server with. */
export interface LanguageServerOptions extends OpenDocumentOptions {
  /** The validation worker module (lspWorker). */
  readonly workerUrl: URL;
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  readonly times?: SchedulerTimes;
}

/**
 * Runs robokit's language server over a pair of streams (stdin/stdout for `--stdio`): the
 * language features of {@link LanguageService}, and `robokit validate`'s diagnostics of every
 * open document, computed in a worker thread by {@link ValidationScheduler}. Resolves when the
 * client ends the connection.
 */
export function startLanguageServer(options: LanguageServerOptions): Promise<void> {
  const connection = createConnection(options.input, options.output);
  const documents = new TextDocuments(TextDocument);
  const host = diskLspHost([...options.searchPaths, ...options.packagePaths], options.searchPaths);
  const service = new LanguageService(host);
  const cwd = process.cwd();
  const times = options.times ?? DEFAULT_SCHEDULER_TIMES;
  // Each open document's last run, by the file its diagnostics are in: a macro file included by
  // two open robots shows the findings of both.
  const bySource = new Map<string, Map<string, LspDiagnostic[]>>();
  const publish = (source: string, byUri: Map<string, LspDiagnostic[]>): void => {
    const targets = new Set([...(bySource.get(source)?.keys() ?? []), ...byUri.keys()]);
    if (byUri.size === 0) bySource.delete(source);
    else bySource.set(source, byUri);
    for (const target of targets) {
      const seen = new Set<string>();
      const merged: LspDiagnostic[] = [];
      for (const runs of bySource.values())
        for (const d of runs.get(target) ?? []) {
          const key = JSON.stringify([d.code, d.range, d.message]);
          if (seen.has(key)) continue;
          seen.add(key);
          merged.push(d);
        }
      service.setDiagnostics(target, merged);
      const version = documents.get(target)?.version;
      void connection.sendDiagnostics({
        uri: target,
        ...(version === undefined ? {} : { version }),
        diagnostics: merged,
      });
    }
  };
  const scheduler = new ValidationScheduler(
    options.workerUrl,
    {
      strict: options.strict,
      searchPaths: options.searchPaths,
      packagePaths: options.packagePaths,
      xacroArgs: options.xacroArgs,
      ...(options.distro !== undefined ? { distro: options.distro } : {}),
      ...(options.environment !== undefined ? { environment: options.environment } : {}),
    },
    {
      done: (result) => {
        // An edit not yet scheduled (within a burst) makes this run outdated.
        if (documents.get(result.uri)?.version !== result.version) return;
        const byUri = toLspDiagnostics(result.diagnostics, cwd, (uri) => documents.get(uri));
        if (!byUri.has(result.uri)) byUri.set(result.uri, []);
        publish(result.uri, byUri);
        connection.console.log(
          `robokit: validated ${result.uri} v${result.version} in ${result.milliseconds.toFixed(0)} ms`,
        );
      },
      failed: (uri, reason) =>
        void connection.window.showWarningMessage(`robokit: ${uriToPath(uri) ?? uri}: ${reason}`),
    },
    // The burst window is the server's (BurstDebouncer): a job is scheduled when its edit is due.
    { ...times, debounce: 0 },
  );
  // The files each document's last run read, to tell which runs an edit makes outdated.
  const readBy = new Map<string, Set<string>>();
  const validate = (doc: TextDocument): void => {
    const path = uriToPath(doc.uri);
    if (path === undefined) return;
    readBy.set(doc.uri, new Set(service.workspace.includeClosure(path).map((f) => f.path)));
    scheduler.schedule({
      uri: doc.uri,
      path,
      version: doc.version,
      text: doc.getText(),
      kind: documentKind(path, doc.getText()),
      unsaved: service.workspace
        .includeClosure(path)
        .filter((f) => f.path !== path && service.workspace.openText(f.uri) !== undefined)
        .map((f) => [f.path, f.document.getText()] as const),
    });
  };
  /**
   * A changed document is validated, and so is every open document that includes it. A file
   * that open documents include (a file of macros) is checked as part of them, not alone, as
   * its consumers only ever read it through them.
   */
  const changed = (doc: TextDocument): void => {
    service.update(doc.uri, doc.getText(), doc.version);
    const path = uriToPath(doc.uri);
    if (path === undefined) return;
    host.allowRootsOf(path);
    const includers = documents
      .all()
      .filter((d) => d.uri !== doc.uri)
      .filter((d) => {
        const p = uriToPath(d.uri);
        return p !== undefined && service.workspace.includeClosure(p).some((f) => f.path === path);
      });
    if (includers.length === 0) validate(doc);
    else {
      scheduler.forget(doc.uri);
      if (bySource.has(doc.uri)) publish(doc.uri, new Map());
      for (const d of includers) validate(d);
    }
  };
  /**
   * An edit stores the text and marks the runs it outdates; indexing and scheduling follow at
   * once after a quiet spell, or when a burst of keystrokes pauses, so a burst costs at most
   * two passes over the document.
   */
  const bursts = new BurstDebouncer(times.debounce);
  const edited = (doc: TextDocument): void => {
    service.update(doc.uri, doc.getText(), doc.version);
    const path = uriToPath(doc.uri);
    for (const [uri, files] of readBy)
      if (uri === doc.uri || (path !== undefined && files.has(path))) scheduler.invalidate(uri);
    bursts.call(doc.uri, () => {
      const current = documents.get(doc.uri);
      if (current !== undefined) changed(current);
    });
  };
  // Fired for an open as well as for each change.
  documents.onDidChangeContent((e) => edited(e.document));
  documents.onDidClose((e) => {
    bursts.cancel(e.document.uri);
    readBy.delete(e.document.uri);
    const path = uriToPath(e.document.uri);
    const included = path === undefined ? [] : service.workspace.includeClosure(path).map((f) => f.uri);
    service.close(e.document.uri);
    scheduler.forget(e.document.uri);
    publish(e.document.uri, new Map());
    // The open files it included are checked on their own again (or through another includer).
    for (const d of documents.all()) if (d.uri !== e.document.uri && included.includes(d.uri)) changed(d);
  });
  connection.onInitialize(
    (): InitializeResult => ({
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        completionProvider: { triggerCharacters: ["<", " ", '"', "{", ":"] },
        documentSymbolProvider: true,
        renameProvider: { prepareProvider: true },
      },
      serverInfo: { name: "robokit", version: ROBOKIT_VERSION },
    }),
  );
  connection.onHover((p) => service.hover(p.textDocument.uri, p.position));
  connection.onDefinition((p) => service.definition(p.textDocument.uri, p.position));
  connection.onReferences((p) => service.references(p.textDocument.uri, p.position, p.context.includeDeclaration));
  connection.onCompletion((p) => service.completion(p.textDocument.uri, p.position));
  connection.onDocumentSymbol((p) => service.documentSymbols(p.textDocument.uri));
  connection.onPrepareRename((p) => service.prepareRename(p.textDocument.uri, p.position));
  connection.onRenameRequest((p) => {
    try {
      return service.rename(p.textDocument.uri, p.position, p.newName);
    } catch (error) {
      // A refused name is the user's to fix: the editor shows the message, the document is untouched.
      if (error instanceof RenameRefused) throw new ResponseError(LSPErrorCodes.RequestFailed, error.message);
      throw error;
    }
  });
  connection.onShutdown(() => {
    bursts.dispose();
    return scheduler.dispose();
  });
  documents.listen(connection);
  return new Promise((resolvePromise) => {
    connection.onExit(() => {
      void scheduler.dispose().then(() => resolvePromise());
    });
    connection.listen();
  });
}
