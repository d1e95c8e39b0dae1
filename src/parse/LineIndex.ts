/**
 * Maps 0-based UTF-16 offsets of a text to 1-based line and column numbers. Built once per
 * text (one pass over it), then each lookup is a binary search.
 */
export class LineIndex {
  /** Offset of each line's first character: a typed array, 4 bytes a line (a large robot file has millions). */
  readonly #starts: Int32Array;

  constructor(text: string) {
    if (!text.includes("\r")) {
      // LF only (nearly every file): the search for "\n" is native, far faster than a loop over characters.
      let lines = 1;
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lines++;
      const starts = new Int32Array(lines);
      let n = 1;
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts[n++] = i + 1;
      this.#starts = starts;
      return;
    }
    let count = 1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) count++;
    }
    const starts = new Int32Array(count);
    let k = 1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts[k++] = i + 1;
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
