import type { Diagnostic } from "../diagnostics/Diagnostic.js";

/** Wrong command-line use: exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** Invalid robot, document or file: exit code 1; the diagnostics are printed one per line. */
export class InputError extends Error {
  readonly diagnostics: readonly Diagnostic[];

  constructor(message: string, diagnostics: readonly Diagnostic[] = []) {
    super(message);
    this.name = "InputError";
    this.diagnostics = diagnostics;
  }
}

/**
 * A RobotModelError (or subclass, e.g. ScaffoldingError) from anywhere, including a user's
 * module that loaded robokit's model from another copy: checked by shape, not instanceof.
 */
export function isModelError(e: unknown): e is Error & { readonly diagnostics: readonly Diagnostic[] } {
  return e instanceof Error && Array.isArray((e as { diagnostics?: unknown }).diagnostics);
}

/**
 * A file or folder that cannot be read or written (permission, disk full, a folder where a
 * file is expected, a place where nothing can be created): exit code 3.
 */
export class IoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "IoError";
  }
}

/** Node's error codes that mean "the file system said no", not "robokit has a bug". */
const IO_CODES = new Set([
  "EACCES",
  "EPERM",
  "ENOENT",
  "EEXIST",
  "EISDIR",
  "ENOTDIR",
  "ENOTEMPTY",
  "EROFS",
  "ENOSPC",
  "EDQUOT",
  "EIO",
  "EBUSY",
  "EMFILE",
  "ENFILE",
  "ENAMETOOLONG",
  "ELOOP",
  "EXDEV",
  "EFBIG",
  "ETXTBSY",
  "EINVAL",
  "ENXIO",
  "ENODEV",
  "EAGAIN",
  "ESPIPE",
  "EPIPE",
]);

/** True for an error thrown by Node's file system calls (it carries an errno `code` and a `syscall`). */
export function isSystemIoError(e: unknown): e is NodeJS.ErrnoException {
  if (!(e instanceof Error)) return false;
  const { code, syscall } = e as NodeJS.ErrnoException;
  return typeof code === "string" && IO_CODES.has(code) && typeof syscall === "string";
}

/** One line for a Node file-system error: `cannot write /proc/x (ENOENT: no such file or directory)`. */
export function describeIoError(e: NodeJS.ErrnoException, verb = "cannot access"): string {
  const reason = e.message.replace(/^[A-Z]+: /, "").replace(/, \w+ '.*'$/, "");
  return `${verb} ${e.path ?? "a file"} (${e.code ?? "error"}: ${reason})`;
}
