/** Where in a robot module a builder call was made (1-based line and column). */
export interface CallSite {
  /** The module's path (a `file:` URL is turned into a path). */
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/**
 * Captures the stack at a builder call and returns a function that reads the caller's
 * file:line:col from it on demand: V8 collects the frames here (microseconds) but formats
 * them only when a diagnostic needs the place. `above` is the builder method, whose own frame
 * and everything it called are left out. Undefined when the stack holds no file frame (the
 * call came from Node's internals, or `Error.stackTraceLimit` is 0).
 */
export function captureCallSite(
  above: ((...args: never[]) => unknown) | (abstract new (...args: never[]) => unknown),
): () => CallSite | undefined {
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, above);
  return () => firstFileFrame(holder.stack);
}

/**
 * The first frame: the user's call (the builder's own frames are cut off by
 * captureStackTrace). When it is not a module on disk (code evaluated from a string or a
 * data: URL) there is no place to show.
 */
function firstFileFrame(stack: string | undefined): CallSite | undefined {
  const first = frames(stack)[0];
  return first !== undefined && isFile(first.file) ? first : undefined;
}

function isFile(location: string): boolean {
  return location.startsWith("/") || /^[A-Za-z]:[\\/]/.test(location);
}

function frames(stack: string | undefined): CallSite[] {
  const out: CallSite[] = [];
  if (stack === undefined) return out;
  for (const line of stack.split("\n").slice(1)) {
    const m = /at (?:.*? \()?(.+?):(\d+):(\d+)\)?\s*$/.exec(line);
    if (m === null || (m[1] ?? "").startsWith("node:")) continue;
    out.push({ file: toPath(m[1] ?? ""), line: Number(m[2]), column: Number(m[3]) });
  }
  return out;
}

/** A `file:` URL as a path (without a query such as a live reload's), anything else as is. */
function toPath(location: string): string {
  if (!location.startsWith("file://")) return location;
  const path = decodeURIComponent(location.slice("file://".length).replace(/[?#].*$/, ""));
  // file:///C:/robot.ts → C:/robot.ts
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
}
