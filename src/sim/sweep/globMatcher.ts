/**
 * A matcher for a name with `*` wildcards (any run of characters, none special else). The
 * pieces between the stars are found left to right, each at its first place after the last:
 * that choice never loses a match, so the work is at most the name's length times the pieces,
 * whatever the pattern (a regular expression of `.*` runs backtracks exponentially: twenty
 * stars in a 60-byte pattern ran for minutes).
 */
export function globMatcher(pattern: string): (name: string) => boolean {
  const pieces = pattern.split("*");
  const first = pieces[0]!;
  if (pieces.length === 1) return (name) => name === first;
  const last = pieces[pieces.length - 1]!;
  const middle = pieces.slice(1, -1).filter((p) => p !== "");
  return (name) => {
    if (name.length < first.length + last.length || !name.startsWith(first) || !name.endsWith(last)) return false;
    let at = first.length;
    const end = name.length - last.length;
    for (const piece of middle) {
      const found = name.indexOf(piece, at);
      if (found < 0 || found + piece.length > end) return false;
      at = found + piece.length;
    }
    return true;
  };
}
