import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { formatNumber } from "../util/formatNumber.js";
import { INPUT_LIMITS } from "../util/inputLimits.js";
import { InputError } from "./errors.js";

/** A parsed wheel-state CSV: times and one column per needed joint. */
export interface WheelCsv {
  /** Time of each row (s), strictly increasing. */
  readonly t: Float64Array;
  /** Each needed joint's position column (rad or m), one value per row. */
  readonly columns: ReadonlyMap<string, Float64Array>;
  /** 1-based file line of each data row, for messages. */
  readonly lines: Uint32Array;
}

/** A growable column of numbers (capacity doubles, so appending n values costs O(n)). */
class Column<A extends Float64Array | Uint32Array> {
  #values: A;
  length = 0;
  constructor(readonly make: (n: number) => A) {
    this.#values = make(1024);
  }
  push(v: number): void {
    if (this.length === this.#values.length) {
      const bigger = this.make(this.#values.length * 2);
      bigger.set(this.#values);
      this.#values = bigger;
    }
    this.#values[this.length++] = v;
  }
  last(): number {
    return this.#values[this.length - 1] as number;
  }
  values(): A {
    return this.#values.subarray(0, this.length) as A;
  }
}

/** The header's columns: the field index of `t` and of each wanted joint. */
interface Header {
  readonly line: number;
  /** For each field index, the slot it fills (0 = t, 1 + k = joint k) or -1. */
  readonly slotOfField: Int32Array;
  readonly fieldOfSlot: readonly number[];
  readonly names: readonly string[];
  /** The row being read: each slot's value and 1-based column (reused from row to row). */
  readonly row: Float64Array;
  readonly starts: Int32Array;
}

/**
 * Reads the CSV `robokit odom` takes one line at a time, keeping only the needed columns as
 * numbers, so its memory is 8 bytes per needed value however wide or long the file is.
 * Comma-separated, one header row (`t` and the joints named in it), `#` comments and blank
 * lines ignored. Every problem is an InputError naming file:line:col: a missing column, a
 * short row, a value that is not a finite number or whose magnitude exceeds
 * INPUT_LIMITS.maxMagnitude, a time that does not increase.
 */
export class WheelCsvParser {
  readonly #file: string;
  readonly #joints: readonly string[];
  #header: Header | undefined;
  readonly #t = new Column((n) => new Float64Array(n));
  readonly #lines = new Column((n) => new Uint32Array(n));
  readonly #columns: Column<Float64Array>[];

  /**
   * @param file - the file name messages give.
   * @param joints - the joint columns to keep, besides `t`.
   */
  constructor(file: string, joints: readonly string[]) {
    this.#file = file;
    this.#joints = joints;
    this.#columns = joints.map(() => new Column((n) => new Float64Array(n)));
  }

  /** Takes the next line of the file (without its line break) and its 1-based number. */
  line(raw: string, lineNumber: number): void {
    const first = firstNonBlank(raw);
    if (first === raw.length || raw[first] === "#") return;
    if (this.#header === undefined) this.#header = this.#readHeader(raw, lineNumber);
    else this.#readRow(this.#header, raw, lineNumber);
  }

  /** The columns read; throws InputError when the file had no header or no data row. */
  finish(): WheelCsv {
    const h = this.#header;
    if (h === undefined)
      throw this.#fail(1, 1, "ELEMENT_MISSING", "empty CSV: expected a header row with t and the drive joint names");
    if (this.#t.length === 0) throw this.#fail(h.line, 1, "ELEMENT_MISSING", "no data rows after the header");
    return {
      t: this.#t.values(),
      columns: new Map(this.#joints.map((j, k) => [j, (this.#columns[k] as Column<Float64Array>).values()] as const)),
      lines: this.#lines.values(),
    };
  }

  #readHeader(raw: string, line: number): Header {
    const names = raw.split(",").map((c) => c.trim());
    const fieldOfSlot = ["t", ...this.#joints].map((name) => {
      const i = names.indexOf(name);
      if (i < 0)
        throw this.#fail(line, 1, "ELEMENT_MISSING", `missing column "${name}" (header has: ${names.join(", ")})`);
      return i;
    });
    const slotOfField = new Int32Array(names.length).fill(-1);
    // A joint named twice in the header reads its first column, as the header's indexOf does.
    for (let s = fieldOfSlot.length - 1; s >= 0; s--) slotOfField[fieldOfSlot[s] as number] = s;
    const slots = fieldOfSlot.length;
    return {
      line,
      slotOfField,
      fieldOfSlot,
      names: ["t", ...this.#joints],
      row: new Float64Array(slots),
      starts: new Int32Array(slots),
    };
  }

  #readRow(h: Header, raw: string, line: number): void {
    const { row, starts } = h;
    let filled = 0;
    let field = 0;
    let start = 0;
    let cellStart = 1;
    let cellLength = 0;
    while (filled < row.length) {
      const comma = raw.indexOf(",", start);
      const cell = raw.slice(start, comma < 0 ? raw.length : comma);
      const trimmed = cell.trim();
      cellStart = start + 1 + (cell.length - cell.trimStart().length);
      cellLength = trimmed.length;
      const slot = field < h.slotOfField.length ? (h.slotOfField[field] as number) : -1;
      if (slot >= 0) {
        row[slot] = this.#number(trimmed, h.names[slot] as string, line, cellStart);
        starts[slot] = cellStart;
        filled++;
      }
      if (comma < 0) break;
      start = comma + 1;
      field++;
    }
    if (filled < row.length) {
      // The first column in the header's order that this short row lacks.
      const slot = h.fieldOfSlot.findIndex((f) => f > field);
      throw this.#fail(
        line,
        cellStart + cellLength,
        "ELEMENT_MISSING",
        `row has ${field + 1} fields, column "${h.names[slot] as string}" is field ${(h.fieldOfSlot[slot] as number) + 1}`,
      );
    }
    this.#append(h, line);
  }

  #append(h: Header, line: number): void {
    const t = h.row[0] as number;
    if (this.#t.length > 0 && !(t > this.#t.last())) {
      throw this.#fail(
        line,
        h.starts[0] as number,
        "VALUE_OUT_OF_RANGE",
        `t must increase strictly (${formatNumber(t)} after ${formatNumber(this.#t.last())})`,
      );
    }
    this.#t.push(t);
    this.#lines.push(line);
    this.#columns.forEach((c, k) => c.push(h.row[k + 1] as number));
  }

  #number(cell: string, name: string, line: number, column: number): number {
    const v = cell === "" ? Number.NaN : Number(cell);
    if (!Number.isFinite(v))
      throw this.#fail(line, column, "NUMBER_NOT_FINITE", `column "${name}": "${cell}" is not a finite number`);
    if (Math.abs(v) > INPUT_LIMITS.maxMagnitude)
      throw this.#fail(
        line,
        column,
        "VALUE_OUT_OF_RANGE",
        `column "${name}": ${cell} is outside ±${formatNumber(INPUT_LIMITS.maxMagnitude)}; robokit reads no larger magnitude (SI units: s, rad, m)`,
      );
    return v;
  }

  #fail(line: number, column: number, code: Diagnostic["code"], message: string): InputError {
    const file = this.#file;
    return new InputError(`${file}: invalid wheel-state CSV`, [
      { code, severity: "error", message, file, line, column },
    ]);
  }
}

/** Index of the first character that is not white space (the length when there is none). */
function firstNonBlank(raw: string): number {
  let i = 0;
  while (i < raw.length && /\s/.test(raw[i] as string)) i++;
  return i;
}
