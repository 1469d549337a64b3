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
    const stop = startFallbackPolling({ isLive: () => live, refresh, isVisible: () => visible });
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
});
