/**
 * The cycles of a graph where each node has at most one successor (a link's parent link, a
 * joint's mimic target), in O(n): each node is visited once, colour-marked white, on the
 * current walk, or finished. Each cycle comes once, starting at the node where the walk
 * that found it entered it, in successor order.
 *
 * @param nodes - every node, in a fixed order (the order of the result follows it).
 * @param next - the successor of a node, or undefined.
 */
export function functionalGraphCycles<T>(nodes: readonly T[], next: (node: T) => T | undefined): T[][] {
  const state = new Map<T, number>(); // absent: unvisited; ≥ 0: position on the current walk; -1: finished
  const cycles: T[][] = [];
  for (const start of nodes) {
    if (state.has(start)) continue;
    const walk: T[] = [];
    let current: T | undefined = start;
    while (current !== undefined && !state.has(current)) {
      state.set(current, walk.length);
      walk.push(current);
      current = next(current);
    }
    if (current !== undefined) {
      const at = state.get(current) ?? -1;
      // Met a node of this walk: the walk from there on is a new cycle.
      if (at >= 0 && walk[at] === current) cycles.push(walk.slice(at));
    }
    for (const n of walk) state.set(n, -1);
  }
  return cycles;
}
