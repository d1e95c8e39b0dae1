import type { Worker } from "node:worker_threads";

import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { DocumentKind } from "../../lsp/documentKind.js";
import { startWorker } from "../startWorker.js";
import type { OpenDocumentOptions } from "./validateOpenDocument.js";

/** One document version to validate, sent to the worker. */
export interface ValidationJob {
  readonly id: number;
  readonly uri: string;
  readonly path: string;
  readonly version: number;
  readonly text: string;
  readonly kind: DocumentKind;
  /** The unsaved texts of the open files it includes, as [absolute path, text]. */
  readonly unsaved: readonly (readonly [string, string])[];
}

/** The worker's answer. */
export interface ValidationResult {
  readonly id: number;
  readonly uri: string;
  readonly version: number;
  readonly diagnostics: Diagnostic[];
  /** Time spent validating in the worker, milliseconds. */
  readonly milliseconds: number;
}

/** Timing of the scheduler, milliseconds. */
export interface SchedulerTimes {
  /** Quiet time after an edit before validating (typing bursts are validated once). */
  readonly debounce: number;
  /** A run for an outdated version older than this is stopped for the new one. */
  readonly staleAfter: number;
  /** A run longer than this is stopped and reported (a hostile or pathological file). */
  readonly limit: number;
}

/** Default timing: 30 ms debounce, stale runs stopped after 150 ms, 20 s per run. */
export const DEFAULT_SCHEDULER_TIMES: SchedulerTimes = { debounce: 30, staleAfter: 150, limit: 20_000 };

/** What the scheduler reports to the server. */
export interface SchedulerEvents {
  /** Fresh diagnostics for the latest version of a document. */
  readonly done: (result: ValidationResult) => void;
  /** A run was stopped or failed (time limit, memory limit, crash): say so, keep old diagnostics. */
  readonly failed: (uri: string, reason: string) => void;
}

/**
 * Validates documents in one worker thread, always the latest version of each: edits within
 * the debounce are coalesced, a result for an outdated version is dropped, a run that is
 * outdated and already long is stopped (the worker is terminated and started again), and a run
 * over the time limit or the worker's memory limit is stopped and reported without taking the
 * server down.
 */
export class ValidationScheduler {
  private worker: Worker | undefined;
  private running: { job: ValidationJob; started: number; timer: NodeJS.Timeout } | undefined;
  private readonly pending = new Map<string, ValidationJob>();
  private readonly latest = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private nextId = 1;

  constructor(
    private readonly workerUrl: URL,
    private readonly options: OpenDocumentOptions,
    private readonly events: SchedulerEvents,
    private readonly times: SchedulerTimes = DEFAULT_SCHEDULER_TIMES,
  ) {}

  /**
   * Asks for a document version to be validated (after the debounce). Only the last request of a
   * document is answered: a run asked for earlier is never reported, even for the same version
   * (a file it includes has changed since).
   */
  schedule(job: Omit<ValidationJob, "id">): void {
    const id = this.nextId++;
    this.latest.set(job.uri, id);
    clearTimeout(this.timers.get(job.uri));
    this.timers.set(
      job.uri,
      setTimeout(() => {
        this.timers.delete(job.uri);
        this.pending.set(job.uri, { ...job, id });
        const r = this.running;
        if (r !== undefined && r.job.uri === job.uri && performance.now() - r.started > this.times.staleAfter)
          this.restart();
        this.pump();
      }, this.times.debounce),
    );
  }

  /**
   * The document, or a file it includes, has changed and a new request will follow: what is
   * asked or running for it now is outdated and will not be reported.
   */
  invalidate(uri: string): void {
    if (!this.latest.has(uri)) return;
    this.latest.set(uri, this.nextId++);
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.pending.delete(uri);
  }

  /** Forgets a closed document; stops its run. */
  forget(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.pending.delete(uri);
    this.latest.delete(uri);
    if (this.running?.job.uri === uri) this.restart();
    this.pump();
  }

  /** Stops the worker (server shutdown). */
  async dispose(): Promise<void> {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.pending.clear();
    if (this.running !== undefined) clearTimeout(this.running.timer);
    this.running = undefined;
    const w = this.worker;
    this.worker = undefined;
    if (w !== undefined) await w.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker !== undefined) return this.worker;
    const w = startWorker(this.workerUrl, this.options, { maxOldGenerationSizeMb: 2048 });
    w.on("message", (result: ValidationResult) => this.finished(w, result));
    w.on("error", (error) => this.crashed(w, error.message));
    w.on("exit", (code) => this.crashed(w, `the validation thread stopped (exit ${code})`));
    this.worker = w;
    return w;
  }

  private finished(w: Worker, result: ValidationResult): void {
    if (w !== this.worker || this.running?.job.id !== result.id) return;
    clearTimeout(this.running.timer);
    this.running = undefined;
    if (this.latest.get(result.uri) === result.id) this.events.done(result);
    this.pump();
  }

  private crashed(w: Worker, reason: string): void {
    if (w !== this.worker) return;
    this.worker = undefined;
    const r = this.running;
    this.running = undefined;
    if (r !== undefined) {
      clearTimeout(r.timer);
      this.events.failed(r.job.uri, reason);
    }
    this.pump();
  }

  /** Terminates the worker (its run is outdated or over the limit); the next run starts a new one. */
  private restart(): void {
    const w = this.worker;
    this.worker = undefined;
    if (this.running !== undefined) clearTimeout(this.running.timer);
    this.running = undefined;
    if (w !== undefined) void w.terminate();
  }

  private pump(): void {
    if (this.running !== undefined) return;
    const next = this.pending.values().next();
    if (next.done === true) return;
    const job = next.value;
    this.pending.delete(job.uri);
    const timer = setTimeout(() => {
      if (this.running?.job.id !== job.id) return;
      this.restart();
      this.events.failed(
        job.uri,
        `validation stopped after ${this.times.limit / 1000} s; the diagnostics shown are from an earlier version`,
      );
      this.pump();
    }, this.times.limit);
    this.running = { job, started: performance.now(), timer };
    this.ensureWorker().postMessage(job);
  }
}
