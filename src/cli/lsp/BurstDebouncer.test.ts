import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { BurstDebouncer } from "./BurstDebouncer.js";

describe("BurstDebouncer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs a call after a quiet spell at once", () => {
    const d = new BurstDebouncer(30);
    const ran: string[] = [];
    d.call("a", () => ran.push("a1"));
    expect(ran).toEqual(["a1"]);
    vi.advanceTimersByTime(31);
    d.call("a", () => ran.push("a2"));
    expect(ran).toEqual(["a1", "a2"]);
  });

  it("runs a burst's last call once, a window after it, and keeps keys apart", () => {
    const d = new BurstDebouncer(30);
    const ran: string[] = [];
    d.call("a", () => ran.push("a1"));
    for (let i = 2; i <= 5; i++) {
      vi.advanceTimersByTime(10);
      d.call("a", () => ran.push(`a${i}`));
    }
    d.call("b", () => ran.push("b1"));
    expect(ran).toEqual(["a1", "b1"]);
    vi.advanceTimersByTime(29);
    expect(ran).toEqual(["a1", "b1"]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(["a1", "b1", "a5"]);
  });

  it("dispose: no waiting action runs", () => {
    const d = new BurstDebouncer(30);
    const ran: string[] = [];
    d.call("a", () => ran.push("a1"));
    d.call("a", () => ran.push("a2"));
    d.call("b", () => ran.push("b1"));
    d.call("b", () => ran.push("b2"));
    d.dispose();
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(["a1", "b1"]);
  });

  it("cancel: a waiting action never runs, and the next call is at once", () => {
    const d = new BurstDebouncer(30);
    const ran: string[] = [];
    d.call("a", () => ran.push("a1"));
    d.call("a", () => ran.push("a2"));
    d.cancel("a");
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(["a1"]);
    d.call("a", () => ran.push("a3"));
    expect(ran).toEqual(["a1", "a3"]);
  });
});
