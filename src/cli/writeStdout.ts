/** Slice size of {@link writeStdout}: big enough to cost nothing per write, small next to a robot file. */
const SLICE = 1 << 20;

/**
 * Writes a generated file to stdout in 1 MiB slices. One `write` of a 100 MB string makes a
 * 100 MB buffer beside it; slices cost 1 MB each, freed as they go (stdout to a file or a pipe
 * is synchronous on Linux and macOS).
 *
 * @param text - the whole output.
 */
export function writeStdout(text: string): void {
  if (text.length <= SLICE) {
    process.stdout.write(text);
    return;
  }
  let at = 0;
  while (at < text.length) {
    // Never split a surrogate pair across two writes (each is encoded to UTF-8 on its own).
    let end = Math.min(text.length, at + SLICE);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    process.stdout.write(text.slice(at, end));
    at = end;
  }
}
