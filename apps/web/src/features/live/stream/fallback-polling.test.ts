import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_POLL_INTERVAL_MS, startFallbackPolling } from './fallback-polling';

afterEach(() => {
  vi.useRealTimers();
});

describe('startFallbackPolling', () => {
  it('refreshes every 5 s only while the stream is down and the tab is visible', () => {
    vi.useFakeTimers();
    let live = false;
    let visible = true;
    const refresh = vi.fn();
    const stop = startFallbackPolling({ isLive: () => live, refresh, isVisible: () => visible, onShown: () => () => undefined });
    expect(FALLBACK_POLL_INTERVAL_MS).toBe(5_000);
    vi.advanceTimersByTime(4_999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    live = true;
    vi.advanceTimersByTime(15_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    live = false;
    visible = false;
    vi.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    visible = true;
    vi.advanceTimersByTime(5_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(20_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('refreshes at once when the tab is shown while the stream is down, and not when it is live or hidden', () => {
    vi.useFakeTimers();
    let live = false;
    let visible = false;
    const tab: { shown?: () => void } = {};
    const refresh = vi.fn();
    const stop = startFallbackPolling({
      isLive: () => live,
      refresh,
      isVisible: () => visible,
      onShown: (listener) => {
        tab.shown = listener;
        return () => delete tab.shown;
      },
    });
    tab.shown!();
    expect(refresh).not.toHaveBeenCalled();
    visible = true;
    tab.shown!();
    expect(refresh).toHaveBeenCalledTimes(1);
    live = true;
    tab.shown!();
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
    expect(tab.shown).toBeUndefined();
  });
});
