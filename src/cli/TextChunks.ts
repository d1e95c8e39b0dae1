/** Size (UTF-16 code units) at which {@link TextChunks} hands a chunk on. */
const CHUNK = 1 << 20;

/**
 * Collects generated text a line at a time in chunks of about 1 MiB, instead of one string
 * grown by `+=`: each full chunk goes to `flush` (e.g. stdout) or, without one, is kept for
 * {@link TextChunks.end}. Memory is then the output's size at most, or one chunk when flushed.
 */
export class TextChunks {
  readonly #flush: ((chunk: string) => void) | undefined;
  readonly #kept: string[] = [];
  #current: string[] = [];
  #size = 0;

  /** @param flush - where full chunks go; without it they are kept. */
  constructor(flush?: (chunk: string) => void) {
    this.#flush = flush;
  }

  /** Appends text (one or more whole lines). */
  push(text: string): void {
    this.#current.push(text);
    this.#size += text.length;
    if (this.#size >= CHUNK) this.#hand();
  }

  /** Hands on what is left; returns the chunks kept when no `flush` was given (else none). */
  end(): readonly string[] {
    this.#hand();
    return this.#kept;
  }

  #hand(): void {
    if (this.#current.length === 0) return;
    const chunk = this.#current.join("");
    this.#current = [];
    this.#size = 0;
    if (this.#flush === undefined) this.#kept.push(chunk);
    else this.#flush(chunk);
  }
}
