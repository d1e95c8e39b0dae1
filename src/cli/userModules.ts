/** The robot modules this process has loaded (absolute paths), as given on the command line. */
const loaded = new Map<string, string>();

/** Records a user's robot module, so an error its code raises later can be told from robokit's. */
export function noteUserModule(path: string, shown: string): void {
  loaded.set(path, shown);
}

/**
 * The robot module (as the user named it) whose code an error was raised in, judged by the
 * error's stack: its top frame names the module's file or URL. Undefined for robokit's own errors.
 */
export function userModuleOf(error: unknown): string | undefined {
  const stack = error instanceof Error ? error.stack : undefined;
  const frame = stack?.split("\n").find((line) => /^\s+at /.test(line));
  if (frame === undefined) return undefined;
  // A frame names the file as a path (CommonJS) or a file: URL (ESM); both hold the path.
  for (const [path, shown] of loaded) if (frame.includes(path)) return shown;
  return undefined;
}
