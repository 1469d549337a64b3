// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

// What appears while a page starts is part of it appearing (the store's pop-up is drawn at
// once then); what appears after the page settled comes in with its own transition.

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

describe('pageHasSettled', () => {
  it('is false while the page starts and true a second after it has loaded and gone idle', async () => {
    vi.useFakeTimers();
    const { pageHasSettled } = await import('./page-settled');
    expect(pageHasSettled()).toBe(false);
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(900);
    expect(pageHasSettled()).toBe(false);
    await vi.advanceTimersByTimeAsync(3000);
    expect(pageHasSettled()).toBe(true);
  });
});
