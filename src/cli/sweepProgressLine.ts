/**
 * The progress line of a sweep on a terminal: `robokit sim: 37 / 100 runs, 1 failed, 42 s,
 * ~71 s left`. Time left is the elapsed time per finished run times the runs remaining,
 * given once a run has finished and until the last one has.
 *
 * @param done - runs finished (failed ones included).
 * @param total - runs this process runs.
 * @param failed - runs finished that failed.
 * @param elapsed - wall time since the sweep started, s.
 */
export function sweepProgressLine(done: number, total: number, failed: number, elapsed: number): string {
  const left = done > 0 && done < total ? `, ~${Math.round((elapsed / done) * (total - done))} s left` : "";
  return `robokit sim: ${done} / ${total} runs, ${failed} failed, ${Math.round(elapsed)} s${left}`;
}
