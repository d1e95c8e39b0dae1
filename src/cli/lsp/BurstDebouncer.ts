/**
 * Runs an action per key (a document) at once when the key has been quiet for the burst
 * window, and otherwise once the burst pauses: calls closer together than the window are a
 * burst, and only its last call's action runs, a window after it. So an edit after a pause gets
 * fresh diagnostics without waiting, and a burst of keystrokes costs at most two passes.
 */
export class BurstDebouncer {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** When each key was last called (performance.now(), ms). */
  private readonly called = new Map<string, number>();

  /** @param window - the burst window, milliseconds. */
  constructor(private readonly window: number) {}

  /** Runs `action` for `key` now, or a window after this call when it comes within a burst. */
  call(key: string, action: () => void): void {
    const now = performance.now();
    const previous = this.called.get(key);
    this.called.set(key, now);
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    if (previous === undefined || now - previous >= this.window) {
      action();
      return;
    }
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        action();
      }, this.window),
    );
  }

  /** Forgets `key`: an action waiting for its burst to pause never runs. */
  cancel(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.called.delete(key);
  }

  /** Drops every waiting action (the server is shutting down). */
  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.called.clear();
  }
}
