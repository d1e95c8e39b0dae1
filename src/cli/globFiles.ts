import { readdirSync, statSync } from "node:fs";
import { isAbsolute, join, sep } from "node:path";

/** Most paths one pattern may match (a pattern names a few files in practice; this bounds one that spans a disk). */
export const MAX_GLOB_MATCHES = 10_000;

/**
 * The regular files matching an absolute shell pattern, sorted, as Python's `sorted(glob.glob(p))`
 * that xacro's `<xacro:include filename="…*.xacro">` uses: `*` and `?` match within one path
 * segment and never a leading `.`, `[…]` is a character class (`[!…]` negated); no `**`.
 * Folders that cannot be read are skipped. Stops after {@link MAX_GLOB_MATCHES} candidates.
 */
export function globFiles(pattern: string): string[] {
  if (!isAbsolute(pattern)) return [];
  const segments = pattern.split(sep).filter((s) => s !== "");
  let paths: string[] = [sep];
  for (const segment of segments) {
    const next: string[] = [];
    if (!/[*?[]/.test(segment)) {
      for (const p of paths) next.push(join(p, segment));
    } else {
      const re = segmentRegExp(segment);
      for (const p of paths) {
        let entries: string[];
        try {
          entries = readdirSync(p);
        } catch {
          continue;
        }
        for (const e of entries)
          if (re.test(e) && (!e.startsWith(".") || segment.startsWith("."))) next.push(join(p, e));
        if (next.length > MAX_GLOB_MATCHES) break;
      }
    }
    paths = next.slice(0, MAX_GLOB_MATCHES);
  }
  return paths
    .filter((p) => {
      try {
        return statSync(p).isFile();
      } catch {
        return false;
      }
    })
    .sort();
}

/** fnmatch of one segment as a RegExp: `*`, `?`, `[…]`/`[!…]`; everything else literal. */
function segmentRegExp(segment: string): RegExp {
  let out = "";
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i] ?? "";
    if (c === "*") out += ".*";
    else if (c === "?") out += ".";
    else if (c === "[") {
      const end = segment.indexOf("]", i + 2);
      if (end < 0) {
        out += "\\[";
        continue;
      }
      let body = segment.slice(i + 1, end);
      const negate = body.startsWith("!");
      if (negate) body = body.slice(1);
      out += `[${negate ? "^" : ""}${body.replace(/[\\\]^]/g, "\\$&")}]`;
      i = end;
    } else out += c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`, "s");
}
