/**
 * The candidate nearest to `name` by edit distance (Levenshtein, case-insensitive), when it is
 * close enough to be a typo: at most 2 edits, or a third of the name's length for long names.
 * Ties go to the first candidate. Work is bounded: names over 200 characters match nothing.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  if (name.length > 200) return undefined;
  const limit = Math.max(2, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const c of candidates) {
    if (c === name || Math.abs(c.length - name.length) >= bestDistance || c.length > 200) continue;
    const d = editDistance(lower, c.toLowerCase(), bestDistance);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, or a value ≥ `cap` as soon as it cannot be below it. */
export function editDistance(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      row.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin >= cap) return cap;
    previous = row;
  }
  return previous[b.length]!;
}
