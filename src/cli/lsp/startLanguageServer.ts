import {
  createConnection,
  type InitializeResult,
  type Diagnostic as LspDiagnostic,
  TextDocumentSyncKind,
  TextDocuments,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";

import { ROBOKIT_VERSION } from "../../version.js";
import { documentKind } from "../../lsp/documentKind.js";
import { LanguageService } from "../../lsp/LanguageService.js";
import { toLspDiagnostics } from "../../lsp/toLspDiagnostics.js";
import { uriToPath } from "../../lsp/Workspace.js";
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
  const service = new LanguageService(diskLspHost([...options.searchPaths, ...options.packagePaths]));
  const cwd = process.cwd();
  /** The files each open document's last run published diagnostics for (to clear them later). */
  const published = new Map<string, Set<string>>();
  const publish = (source: string, byUri: Map<string, LspDiagnostic[]>): void => {
    const before = published.get(source) ?? new Set<string>();
    for (const [uri, list] of byUri) {
      service.setDiagnostics(uri, list);
      void connection.sendDiagnostics({ uri, diagnostics: list });
    }
    for (const uri of before)
      if (!byUri.has(uri)) {
        service.setDiagnostics(uri, []);
        void connection.sendDiagnostics({ uri, diagnostics: [] });
      }
    published.set(source, new Set(byUri.keys()));
  };
  const scheduler = new ValidationScheduler(
    options.workerUrl,
    {
      strict: options.strict,
      searchPaths: options.searchPaths,
      packagePaths: options.packagePaths,
      xacroArgs: options.xacroArgs,
    },
    {
      done: (result) => {
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
    options.times ?? DEFAULT_SCHEDULER_TIMES,
  );
  const changed = (doc: TextDocument): void => {
    service.update(doc.uri, doc.getText(), doc.version);
    const path = uriToPath(doc.uri);
    if (path === undefined) return;
    scheduler.schedule({
      uri: doc.uri,
      path,
      version: doc.version,
      text: doc.getText(),
      kind: documentKind(path, doc.getText()),
    });
  };
  documents.onDidOpen((e) => changed(e.document));
  documents.onDidChangeContent((e) => changed(e.document));
  documents.onDidClose((e) => {
    service.close(e.document.uri);
    scheduler.forget(e.document.uri);
    publish(e.document.uri, new Map());
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
  connection.onRenameRequest((p) => service.rename(p.textDocument.uri, p.position, p.newName));
  connection.onShutdown(() => scheduler.dispose());
  documents.listen(connection);
  return new Promise((resolvePromise) => {
    connection.onExit(() => {
      void scheduler.dispose().then(() => resolvePromise());
    });
    connection.listen();
  });
}
