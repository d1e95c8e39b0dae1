import { XacroError } from "./XacroError.js";

/**
 * Bounds on one xacro expansion, all in one place (docs/security-xacro.md lists them with their
 * codes). Real descriptions stay far below each: the deepest in the xacro test set nests includes
 * 4 deep, its largest expression value is a few hundred characters, and ROS's xacro itself stops
 * at Python's recursion limit of 1,000 frames.
 */
export const XACRO_LIMITS = {
  /** Includes nested deeper than this (a file that includes itself): INCLUDE_DEPTH_EXCEEDED. */
  maxIncludeDepth: 64,
  /** Macro calls nested deeper than this (a macro that calls itself): XACRO_TOO_DEEP. */
  maxMacroDepth: 256,
  /** Elements visited in all (includes or macros that multiply): TOO_MANY_ELEMENTS. */
  maxElements: 1_000_000,
  /**
   * Nesting of the expansion: elements inside elements, inserted blocks, lazy properties that
   * read other properties, expression nodes and lambda calls, nested lists (all counted together,
   * so the JavaScript stack never runs out): XACRO_TOO_DEEP.
   */
  maxDepth: 1_000,
  /** Longest string an expression may make, characters (4 Mi): XACRO_VALUE_TOO_LARGE. */
  maxStringLength: 4 * 1024 * 1024,
  /** Most items of a list, tuple or dict an expression may make (`range`, `*`, `+`, comprehensions): XACRO_VALUE_TOO_LARGE. */
  maxSequenceLength: 1_000_000,
  /** Largest integer an expression may make, bits (about 19,700 decimal digits): XACRO_VALUE_TOO_LARGE. */
  maxIntBits: 65_536,
  /**
   * Evaluation steps of the whole expansion: one per expression node, loop iteration and text
   * evaluated, one per item and per 16 characters of every list or string made, and one per
   * expanded node moved into its parent, so that neither time nor the memory of values made is
   * unbounded: XACRO_TOO_MANY_STEPS.
   */
  maxSteps: 2_000_000,
  /**
   * Characters of the expanded document (element names, attribute values, text and comments, as
   * produced; escaping in the written XML adds at most 6 times this): XACRO_OUTPUT_TOO_LARGE.
   */
  maxOutputChars: 32 * 1024 * 1024,
  /**
   * `$(find pkg)`: folders searched below each search root (each real folder once, so symlink
   * loops end), and how deep: PACKAGE_SEARCH_LIMIT past the count.
   */
  maxFindFolders: 10_000,
  maxFindDepth: 4,
} as const;

/** The diagnostic code of each bound an expansion can hit inside the evaluator and expander. */
export type XacroBudgetCode =
  | "XACRO_VALUE_TOO_LARGE"
  | "XACRO_TOO_MANY_STEPS"
  | "XACRO_TOO_DEEP"
  | "XACRO_OUTPUT_TOO_LARGE";

/**
 * Evaluation steps after which an expansion counts as a long run (ExpandXacroOptions.onLongRun):
 * over ten times the most any of the 35 real robots of the xacro test set takes (7,400, Unitree
 * Go1); a 5,000-link generated robot takes 390,000.
 */
export const XACRO_LONG_RUN_STEPS = 100_000;

/** Thrown when a bound of {@link XACRO_LIMITS} is hit; the expander reports it at the element being expanded. */
export class XacroBudgetError extends Error {
  constructor(
    readonly code: XacroBudgetCode,
    message: string,
    /** The property whose value was being made, innermost first (a lazy property evaluated at its use). */
    readonly property?: string,
  ) {
    super(message);
  }
}

/**
 * Runs the making of property `name`'s value: a bound hit inside is reported naming the property
 * (the innermost one, where a chain of properties reads each other), so the error says which
 * definition grows, not only where its value was first used.
 */
export function inProperty<T>(name: string, make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (error instanceof XacroBudgetError && error.property === undefined)
      throw new XacroBudgetError(error.code, `${error.message}, in property '${name}'`, name);
    if (error instanceof XacroError && error.code !== "XACRO_ERROR" && error.property === undefined)
      throw new XacroError(`${error.message}\nin property '${name}'`, error.at, error.code, name);
    throw error;
  }
}

/**
 * The running counters of one expansion (steps, depth, output), shared by the expander and every
 * expression it evaluates. Size bounds of single values need no state: see the `check…` functions.
 */
export class XacroBudget {
  steps = 0;
  depth = 0;
  output = 0;
  /** The step count at which {@link step} next looks at its bounds: the long-run mark, then maxSteps. */
  #mark: number;
  #onLongRun: (() => void) | undefined;

  /**
   * @param longRun - called once when the expansion passes `steps` evaluation steps (a run
   *   far longer than a real robot's: see {@link XACRO_LONG_RUN_STEPS}).
   */
  constructor(longRun?: { readonly steps: number; readonly call: () => void }) {
    this.#onLongRun = longRun?.call;
    this.#mark = longRun === undefined ? XACRO_LIMITS.maxSteps : Math.min(longRun.steps, XACRO_LIMITS.maxSteps);
  }

  /** Counts `n` evaluation steps. */
  step(n = 1): void {
    this.steps += n;
    if (this.steps > this.#mark) this.#passMark();
  }

  #passMark(): void {
    if (this.steps > XACRO_LIMITS.maxSteps) {
      throw new XacroBudgetError(
        "XACRO_TOO_MANY_STEPS",
        `the expansion takes more than ${XACRO_LIMITS.maxSteps.toLocaleString("en-US")} evaluation steps (a long loop, range or comprehension, or macros and includes that multiply)`,
      );
    }
    const call = this.#onLongRun;
    this.#onLongRun = undefined;
    this.#mark = XACRO_LIMITS.maxSteps;
    call?.();
  }

  /** Counts the making of a value: one step per item, one per 16 characters. */
  made(v: unknown): void {
    if (typeof v === "string") {
      if (v.length > 64) this.step(v.length >>> 4);
    } else if (Array.isArray(v)) {
      // Lists made from a string (list('…'), split) can pass the item bound without a check of their own.
      if (v.length > XACRO_LIMITS.maxSequenceLength) checkSequenceLength(v.length, "a list");
      if (v.length > 16) this.step(v.length);
    }
  }

  /** Enters one level of nesting; pair with {@link leave}. */
  enter(what: string): void {
    if (++this.depth > XACRO_LIMITS.maxDepth) {
      this.depth = 0;
      throw new XacroBudgetError(
        "XACRO_TOO_DEEP",
        `the expansion nests more than ${XACRO_LIMITS.maxDepth} levels deep (${what}): does a block, property or macro insert itself?`,
      );
    }
  }

  leave(): void {
    this.depth--;
  }

  /** Counts `n` characters of expanded output. */
  emit(n: number): void {
    this.output += n;
    if (this.output > XACRO_LIMITS.maxOutputChars) {
      throw new XacroBudgetError(
        "XACRO_OUTPUT_TOO_LARGE",
        `the expanded document grows past ${XACRO_LIMITS.maxOutputChars.toLocaleString("en-US")} characters`,
      );
    }
  }
}

/** Refuses a string of `n` characters before it is made. */
export function checkStringLength(n: number, what: string): void {
  if (!(n <= XACRO_LIMITS.maxStringLength)) {
    throw new XacroBudgetError(
      "XACRO_VALUE_TOO_LARGE",
      `${what} would make a string of ${Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "unbounded"} characters, more than ${XACRO_LIMITS.maxStringLength.toLocaleString("en-US")}`,
    );
  }
}

/** Refuses a list, tuple or dict of `n` items before it is made. */
export function checkSequenceLength(n: number, what: string): void {
  if (!(n <= XACRO_LIMITS.maxSequenceLength)) {
    throw new XacroBudgetError(
      "XACRO_VALUE_TOO_LARGE",
      `${what} would make ${Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "unboundedly many"} items, more than ${XACRO_LIMITS.maxSequenceLength.toLocaleString("en-US")}`,
    );
  }
}

/** Refuses an integer of `bits` bits before it is made. */
export function checkIntBits(bits: number, what: string): void {
  if (!(bits <= XACRO_LIMITS.maxIntBits)) {
    throw new XacroBudgetError(
      "XACRO_VALUE_TOO_LARGE",
      `${what} would make an integer of ${Number.isFinite(bits) ? Math.round(bits).toLocaleString("en-US") : "unboundedly many"} bits, more than ${XACRO_LIMITS.maxIntBits.toLocaleString("en-US")}`,
    );
  }
}

/** Bits of |x| (0 for 0); exact, cheap for small values. */
export function bitLength(x: bigint): number {
  const a = x < 0n ? -x : x;
  if (a < 9007199254740992n) return a === 0n ? 0 : Math.floor(Math.log2(Number(a))) + 1;
  return a.toString(16).length * 4;
}
