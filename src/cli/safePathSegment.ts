import { InputError } from "./errors.js";

/** Names that may become one folder or file name: letters, digits, `_`, `-`, `.`, not starting with `.` or `-`. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

/**
 * Returns `name` when it is safe as one path segment (no separator, no `..`, no leading dot
 * or dash, at most 128 characters); otherwise throws InputError naming `what` and `file`.
 * Names taken from documents (robot, scenario) go through this before they become paths.
 */
export function safePathSegment(name: string, what: string, file: string): string {
  if (SEGMENT.test(name)) return name;
  const shown = JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
  throw new InputError(
    `${file}: ${what} ${shown} cannot name a folder (use letters, digits, "_", "-" and "."; pass --out to choose the folder)`,
    [
      {
        code: "NAME_UNSAFE_FOR_PATH",
        severity: "error",
        message: `${what} ${shown} cannot name a folder: use letters, digits, "_", "-" and "." (not first), at most 128 characters`,
        file,
      },
    ],
  );
}
