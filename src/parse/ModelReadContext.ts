import { checkRobot } from "../model/checkRobot.js";
import type { Robot } from "../model/Robot.js";
import type { Diagnostic, Severity } from "../validate/Diagnostic.js";
import type { DiagnosticCode } from "../validate/codes.js";
import { hasErrors } from "../validate/Diagnostic.js";
import type { ModelReadResult } from "./ModelReadResult.js";
import type { XmlAttribute, XmlElement } from "./XmlDocument.js";

/**
 * Shared state of a reader turning an XML tree into a robot: the diagnostics found so far
 * (each at the element or attribute it is about), strict number parsing, and a map from
 * model JSON paths back to elements so checkRobot's findings get a line and column.
 */
export class ModelReadContext {
  readonly file: string;
  readonly diagnostics: Diagnostic[] = [];
  readonly #sources: [string, XmlElement][] = [];

  constructor(file: string) {
    this.file = file;
  }

  /** Records a finding at `at` (an element or one of its attributes). */
  report(code: DiagnosticCode, severity: Severity, at: XmlElement | { element: XmlElement; attribute: XmlAttribute }, message: string): void {
    const element = "element" in at ? at.element : at;
    const pos = "element" in at ? at.attribute : at;
    this.diagnostics.push({ code, severity, message, file: this.file, line: pos.line, column: pos.column, xmlPath: element.xmlPath });
  }

  /** Remembers that the model object at `jsonPath` (e.g. `/joints/2`) came from `element`. */
  source(jsonPath: string, element: XmlElement): void {
    this.#sources.push([jsonPath, element]);
  }

  /**
   * Parses exactly `count` finite numbers from whitespace-separated `text`; reports
   * ELEMENT_INVALID/ATTRIBUTE_INVALID and returns undefined otherwise.
   */
  numbers(text: string, count: number, at: XmlElement | { element: XmlElement; attribute: XmlAttribute }, what: string): number[] | undefined {
    const tokens = text.trim().split(/\s+/).filter((t) => t.length > 0);
    const values = tokens.map(Number);
    if (tokens.length !== count || values.some((v) => !Number.isFinite(v))) {
      const code = "element" in at ? "ATTRIBUTE_INVALID" : "ELEMENT_INVALID";
      this.report(code, "error", at, `${what} must be ${count === 1 ? "a finite number" : `${count} finite numbers`} (got "${text.trim()}")`);
      return undefined;
    }
    return values;
  }

  /** One finite number, or undefined (reported) when `text` is not one. */
  number(text: string, at: XmlElement | { element: XmlElement; attribute: XmlAttribute }, what: string): number | undefined {
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

  #place(d: Diagnostic): Diagnostic {
    let best: [string, XmlElement] | undefined;
    for (const entry of this.#sources) {
      const [path] = entry;
      if (d.jsonPath !== undefined && (d.jsonPath === path || d.jsonPath.startsWith(`${path}/`)) && (best === undefined || path.length > best[0].length)) best = entry;
    }
    if (best === undefined) return { ...d, file: this.file };
    const [, el] = best;
    return { ...d, file: this.file, line: el.line, column: el.column, xmlPath: el.xmlPath };
  }
}
