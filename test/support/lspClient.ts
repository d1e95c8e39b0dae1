import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The built CLI (npm run build), which CI builds before the tests. */
export const BUNDLE = join(root, "dist", "src", "bundle", "robokit.cjs");

/** A JSON-RPC message as the Language Server Protocol frames it. */
type Message = { id?: number; method?: string; params?: unknown; result?: unknown; error?: { message: string } };

/**
 * A minimal Language Server Protocol client: spawns `robokit lsp --stdio` (the built bundle,
 * or the sources through tsx when there is no build) and speaks JSON-RPC over its stdin and
 * stdout with Content-Length framing, as editors do.
 */
export class LspClient {
  readonly child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly waiting = new Map<number, (m: Message) => void>();
  private readonly listeners: ((m: Message) => void)[] = [];
  stderr = "";

  constructor(args: readonly string[] = [], cwd: string = root) {
    const command = existsSync(BUNDLE)
      ? [BUNDLE]
      : [
          "--import",
          pathToFileURL(createRequire(join(root, "package.json")).resolve("tsx")).href,
          join(root, "src", "cli", "main.ts"),
        ];
    this.child = spawn(process.execPath, [...command, "lsp", "--stdio", ...args], { cwd });
    this.child.stdout.on("data", (chunk: Buffer) => this.read(chunk));
    this.child.stderr.on("data", (chunk: Buffer) => {
      this.stderr += chunk.toString("utf8");
    });
  }

  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const header = this.buffer.indexOf("\r\n\r\n");
      if (header === -1) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, header).toString("ascii"))?.[1]);
      if (this.buffer.length < header + 4 + length) return;
      const body = this.buffer.subarray(header + 4, header + 4 + length).toString("utf8");
      this.buffer = this.buffer.subarray(header + 4 + length);
      const message = JSON.parse(body) as Message;
      if (message.id !== undefined && message.method === undefined) this.waiting.get(message.id)?.(message);
      else if (message.id !== undefined && message.method !== undefined) this.send({ id: message.id, result: null });
      for (const l of this.listeners) l(message);
    }
  }

  private send(message: object): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }), "utf8");
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  /** Sends a request and resolves with its result (rejects with the server's error). */
  request<T>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolvePromise, reject) => {
      this.waiting.set(id, (m) => {
        this.waiting.delete(id);
        if (m.error !== undefined) reject(new Error(m.error.message));
        else resolvePromise(m.result as T);
      });
      this.send({ id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ method, params });
  }

  /** Calls `listener` with the parameters of every notification of `method` from now on. */
  on<T>(method: string, listener: (params: T) => void): void {
    this.listeners.push((m) => {
      if (m.method === method) listener(m.params as T);
    });
  }

  /** Resolves with the first notification of `method` that `accept` takes. */
  next<T>(method: string, accept: (params: T) => boolean = () => true, timeoutMs = 30_000): Promise<T> {
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${method} within ${timeoutMs} ms; server stderr: ${this.stderr}`)),
        timeoutMs,
      );
      const listener = (m: Message): void => {
        if (m.method !== method || !accept(m.params as T)) return;
        clearTimeout(timer);
        this.listeners.splice(this.listeners.indexOf(listener), 1);
        resolvePromise(m.params as T);
      };
      this.listeners.push(listener);
    });
  }

  /** initialize + initialized. */
  async initialize(rootPath: string = root): Promise<{ capabilities: Record<string, unknown> }> {
    const result = await this.request<{ capabilities: Record<string, unknown> }>("initialize", {
      processId: process.pid,
      rootUri: pathToFileURL(rootPath).href,
      capabilities: {},
    });
    this.notify("initialized", {});
    return result;
  }

  /** shutdown + exit; resolves with the server's exit code. */
  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((r) => this.child.on("exit", (code) => r(code)));
    await this.request("shutdown", null);
    this.notify("exit", null);
    return exited;
  }
}
