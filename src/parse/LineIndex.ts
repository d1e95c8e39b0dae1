/**
 * Maps 0-based UTF-16 offsets of a text to 1-based line and column numbers. Built once per
 * text (one pass over it), then each lookup is a binary search.
 */
export class LineIndex {
  readonly #starts: number[];

  constructor(text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
    }
    this.#starts = starts;
  }

  /** 1-based line and column of `offset` (clamped to the text). */
  position(offset: number): { line: number; column: number } {
    const starts = this.#starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: Math.max(0, offset - (starts[lo] ?? 0)) + 1 };
  }
}
