// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageSettles } from './page-settled';

// Work a page does not need for its first paint waits until the page has loaded, `settleMs`
// have passed and the browser is idle.

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('afterPageSettles', () => {
  it('on a page still loading, waits for the load, then settleMs, then an idle moment', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const callback = vi.fn();
    afterPageSettles(callback, 1000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(callback).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(900);
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('on a page already loaded, counts settleMs from now', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const callback = vi.fn();
    afterPageSettles(callback, 500);
    await vi.advanceTimersByTimeAsync(400);
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('calls nothing once cancelled, before or after the load', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const early = vi.fn();
    afterPageSettles(early, 100)();
    const late = vi.fn();
    const cancelLate = afterPageSettles(late, 100);
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(50);
    cancelLate();
    await vi.advanceTimersByTimeAsync(5000);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
