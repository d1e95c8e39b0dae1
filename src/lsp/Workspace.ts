import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { TextDocument } from "vscode-languageserver-textdocument";

import { type DocumentKind, documentKind, isXmlKind } from "./documentKind.js";
import { indexControllerYaml } from "./indexControllerYaml.js";
import { type DocumentIndex, indexDocument } from "./indexDocument.js";
import type { LspHost } from "./LspHost.js";

/** One file the service knows: open in the editor, or read through the host. */
export interface WorkspaceFile {
  readonly path: string;
  readonly uri: string;
  readonly kind: DocumentKind;
  readonly document: TextDocument;
  readonly index: DocumentIndex;
}

/** Most files one document's includes reach that navigation follows. */
export const MAX_SCOPE_FILES = 128;

/**
 * Largest text indexed for navigation, characters (256 Ki): indexing runs on the server's main
 * thread, linear, and the costliest shapes (a joint per line, nested elements) take about 0.1 s
 * per 256 Ki characters on a quiet machine, so this bounds how long an answer waits. Real robots
 * are far smaller (the largest URDF of the real-world set is 210 KB); a larger buffer still gets
 * its diagnostics (validated in a worker thread, within the validator's limits), not navigation.
 */
export const MAX_INDEXED_CHARS = 256 * 1024;

/** An absolute path's `file:` URI, and back. */
export function pathToUri(path: string): string {
  return pathToFileURL(path).href;
}

/** The path of a `file:` URI, or undefined for another scheme. */
export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith("file:")) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/**
 * The open documents and the files they include, each indexed once per text. Files that are not
 * open are read through the host, so navigation sees what `robokit validate` would read, and an
 * open document's unsaved text wins over the disk.
 */
export class Workspace {
  private readonly open = new Map<string, TextDocument>();
  private readonly cache = new Map<string, WorkspaceFile>();

  constructor(readonly host: LspHost) {}

  /** Opens or replaces a document's text. */
  setText(uri: string, text: string, version: number): void {
    this.open.set(uri, TextDocument.create(uri, "robokit", version, text));
  }

  close(uri: string): void {
    this.open.delete(uri);
    const path = uriToPath(uri);
    if (path !== undefined) this.cache.delete(path);
  }

  /** The URIs of the open documents. */
  openUris(): string[] {
    return [...this.open.keys()];
  }

  /** The open document's text, if it is open. */
  openText(uri: string): string | undefined {
    return this.open.get(uri)?.getText();
  }

  /** A file by URI: the open document, else the file read through the host. */
  file(uri: string): WorkspaceFile | undefined {
    const path = uriToPath(uri);
    if (path === undefined) return undefined;
    return this.fileAt(path);
  }

  /** A file by absolute path. */
  fileAt(path: string): WorkspaceFile | undefined {
    const uri = pathToUri(path);
    const openDoc = this.open.get(uri);
    const text = openDoc?.getText() ?? this.host.readFile(path);
    if (text === undefined) return undefined;
    const known = this.cache.get(path);
    if (known !== undefined && known.document.getText() === text) return known;
    const document = openDoc ?? TextDocument.create(uri, "robokit", 0, text);
    const kind = text.length > MAX_INDEXED_CHARS ? "other" : documentKind(path, text);
    const file: WorkspaceFile = {
      path,
      uri,
      kind,
      document,
      index: isXmlKind(kind)
        ? indexDocument(text)
        : { ...indexDocument(""), names: kind === "controller-parameters" ? indexControllerYaml(text) : [] },
    };
    this.cache.set(path, file);
    return file;
  }

  /**
   * The absolute path a file reference names, resolved as xacro, ROS and Gazebo do: `$(find pkg)`,
   * `package://pkg/…`, `model://name/…`, `file://…`, absolute, or relative to the referring file. Undefined when
   * it holds another substitution or the package is not found.
   */
  resolveTarget(target: string, fromPath: string): string | undefined {
    let t = target.trim();
    let failed = false;
    t = t.replace(/\$\(find\s+([^)\s]+)\)/g, (_, pkg: string) => {
      const dir = this.host.findPackage(pkg, fromPath);
      if (dir === undefined) failed = true;
      return dir ?? "";
    });
    if (failed) return undefined;
    const pkg = /^package:\/\/([^/]+)\/?(.*)$/.exec(t);
    if (pkg !== null) {
      const dir = this.host.findPackage(pkg[1]!, fromPath);
      return dir === undefined ? undefined : join(dir, pkg[2]!);
    }
    const model = /^model:\/\/([^/]+)\/?(.*)$/.exec(t);
    if (model !== null) {
      const dir = this.host.findModel?.(model[1]!, fromPath);
      return dir === undefined ? undefined : join(dir, model[2]!);
    }
    if (t.startsWith("file://")) return uriToPath(t);
    if (t.includes("${") || t.includes("$(") || /^[a-z]+:\/\//.test(t) || t === "") return undefined;
    return isAbsolute(t) ? t : resolve(dirname(fromPath), t);
  }

  /** The files a file's xacro includes reach, the file first, breadth first, bounded. */
  includeClosure(path: string): WorkspaceFile[] {
    const out: WorkspaceFile[] = [];
    const seen = new Set<string>();
    const queue = [path];
    while (queue.length > 0 && out.length < MAX_SCOPE_FILES) {
      const p = queue.shift()!;
      if (seen.has(p)) continue;
      seen.add(p);
      const f = this.fileAt(p);
      if (f === undefined) continue;
      out.push(f);
      for (const ref of f.index.files) {
        if (!ref.includes) continue;
        const target = this.resolveTarget(ref.target, p);
        if (target !== undefined && !seen.has(target)) queue.push(target);
      }
    }
    return out;
  }

  /**
   * The files whose names a file sees: its own include closure, the closures of the open
   * documents that include it (a macro file's links are used by the robot that includes it), and
   * the open ros2_control parameter files (their joint lists name the robot's joints).
   */
  scope(path: string): WorkspaceFile[] {
    const byPath = new Map(this.includeClosure(path).map((f) => [f.path, f]));
    for (const uri of this.open.keys()) {
      const openPath = uriToPath(uri);
      if (openPath === undefined || byPath.has(openPath)) continue;
      const openFile = this.fileAt(openPath);
      if (openFile === undefined) continue;
      // Controller files see every open description, and every description sees the open controller files.
      const closure = this.includeClosure(openPath);
      const yaml = !isXmlKind(documentKind(path, "")) || openFile.kind === "controller-parameters";
      if (yaml || closure.some((f) => f.path === path))
        for (const f of closure) if (byPath.size < MAX_SCOPE_FILES) byPath.set(f.path, f);
    }
    return [...byPath.values()];
  }
}
