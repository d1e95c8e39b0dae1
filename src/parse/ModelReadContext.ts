import { checkRobot } from "../model/checkRobot.js";
import type { Robot } from "../model/Robot.js";
import type { Diagnostic, Severity } from "../diagnostics/Diagnostic.js";
import type { DiagnosticCode } from "../diagnostics/codes.js";
import { hasErrors } from "../diagnostics/Diagnostic.js";
import type { ModelReadResult } from "./ModelReadResult.js";
import type { XmlAttribute, XmlElement } from "./XmlDocument.js";

/** Distinct texts whose values the model shares (see ModelReadContext.shared): far more than a robot repeats, a bound on what a hostile file makes the reader keep. */
export const SHARED_TEXTS = 65_536;

/** Kinds of {@link ModelReadContext.shared} for vectors of 0 to 7 numbers, made once (they are asked for per vector). */
const NUMBER_KINDS = Array.from({ length: 8 }, (_, n) => `numbers ${n}`);

/**
 * Shared state of a reader turning an XML tree into a robot: the diagnostics found so far
 * (each at the element or attribute it is about), strict number parsing, and a map from
 * model JSON paths back to elements so checkRobot's findings get a line and column.
 */
export class ModelReadContext {
  readonly file: string;
  readonly diagnostics: Diagnostic[] = [];
  /**
   * The element each registered model path came from (the first registration of a path wins).
   * Elements, not their positions: an element's path is made only for a diagnostic that needs it.
   */
  readonly #sources = new Map<string, XmlElement>();
  #errors = 0;
  #counted = 0;
  /** Values read by {@link shared}, by kind, then by text; and how many in all. */
  readonly #shared = new Map<string, Map<string, unknown>>();
  #sharedCount = 0;

  constructor(file: string) {
    this.file = file;
  }

  /** Records a finding at `at` (an element or one of its attributes). */
  report(
    code: DiagnosticCode,
    severity: Severity,
    at: XmlElement | { element: XmlElement; attribute: XmlAttribute },
    message: string,
  ): void {
    const element = "element" in at ? at.element : at;
    const pos = "element" in at ? at.attribute : at;
    this.diagnostics.push({
      code,
      severity,
      message,
      file: this.file,
      line: pos.line,
      column: pos.column,
      xmlPath: element.xmlPath,
    });
  }

  /**
   * Remembers that the model object at `jsonPath` (e.g. `/joints/2`) came from `element`, which
   * is kept until {@link finish}: register elements the document holds anyway (a link, a
   * joint), not ones read again from the text, which would keep their subtree.
   */
  source(jsonPath: string, element: XmlElement): void {
    if (!this.#sources.has(jsonPath)) this.#sources.set(jsonPath, element);
  }

  /** Errors among the diagnostics so far (counted incrementally: readers ask once per link). */
  get errorCount(): number {
    const all = this.diagnostics;
    for (; this.#counted < all.length; this.#counted++) if (all[this.#counted]?.severity === "error") this.#errors++;
    return this.#errors;
  }

  /**
   * Parses exactly `count` finite numbers from whitespace-separated `text`; reports
   * ELEMENT_INVALID/ATTRIBUTE_INVALID and returns undefined otherwise.
   */
  numbers(
    text: string,
    count: number,
    at: XmlElement | { element: XmlElement; attribute: XmlAttribute },
    what: string,
  ): number[] | undefined {
    const tokens = text
      .trim()
      .split(/\s+/)
      .filter((t) => t.length > 0);
    const values = tokens.map(Number);
    if (tokens.length !== count || values.some((v) => !Number.isFinite(v))) {
      const code = "element" in at ? "ATTRIBUTE_INVALID" : "ELEMENT_INVALID";
      this.report(
        code,
        "error",
        at,
        `${what} must be ${count === 1 ? "a finite number" : `${count} finite numbers`} (got "${text.trim()}")`,
      );
      return undefined;
    }
    return values;
  }

  /**
   * The value `read` makes of `text`, one object for every equal text of the same `kind`: the
   * model is immutable, and a robot repeats a few values (a box size, a shape's pose) many
   * times. A read that reports anything is not kept (an invalid text is read, and reported,
   * each time); texts over 128 characters are not kept, nor more than {@link SHARED_TEXTS}.
   *
   * @param kind - what `read` makes of the text (texts of different kinds never share).
   */
  shared<T>(kind: string, text: string, read: () => T): T {
    const table = text.length <= 128 ? this.#shared.get(kind) : undefined;
    if (table?.has(text) === true) return table.get(text) as T;
    const reported = this.diagnostics.length;
    const value = read();
    if (
      text.length <= 128 &&
      value !== undefined &&
      this.diagnostics.length === reported &&
      this.#sharedCount < SHARED_TEXTS
    ) {
      if (table === undefined) this.#shared.set(kind, new Map([[text, value]]));
      else table.set(text, value);
      this.#sharedCount++;
    }
    return value;
  }

  /** {@link numbers} for a vector that goes into the model: one array for every equal valid text (see {@link shared}). */
  sharedNumbers(
    text: string,
    count: number,
    at: XmlElement | { element: XmlElement; attribute: XmlAttribute },
    what: string,
  ): readonly number[] | undefined {
    return this.shared(NUMBER_KINDS[count] ?? `numbers ${count}`, text, () => this.numbers(text, count, at, what));
  }

  /** One finite number, or undefined (reported) when `text` is not one. */
  number(
    text: string,
    at: XmlElement | { element: XmlElement; attribute: XmlAttribute },
    what: string,
  ): number | undefined {
    return this.numbers(text, 1, at, what)?.[0];
  }

  /** Checks the robot; returns it when there is no error, with every diagnostic placed. */
  finish(robot: Robot | undefined): ModelReadResult {
    if (robot !== undefined && !hasErrors(this.diagnostics)) {
      // Files written elsewhere: what their consumers load is a warning (robots authored in robokit keep every check).
      for (const d of checkRobot(robot, { imported: true })) this.diagnostics.push(this.#place(d));
    }
    const ok = robot !== undefined && !hasErrors(this.diagnostics);
    return ok ? { robot, diagnostics: this.diagnostics } : { diagnostics: this.diagnostics };
  }

  /** The diagnostic placed at the element its model path (or the nearest enclosing registered path) came from. */
  #place(d: Diagnostic): Diagnostic {
    let path = d.jsonPath;
    while (path !== undefined) {
      const at = this.#sources.get(path);
      if (at !== undefined) return { ...d, file: this.file, line: at.line, column: at.column, xmlPath: at.xmlPath };
      path = path === "" ? undefined : path.slice(0, Math.max(0, path.lastIndexOf("/")));
    }
    return { ...d, file: this.file };
  }
}
