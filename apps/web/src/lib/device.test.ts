// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { serverMatchMedia, setServerViewport, usePermanentDrawer } from './device';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('the window\'s device class in React', () => {
  it('follows the window, and does not read its width while rendering', () => {
    resizeTo(1400);
    const drawer = renderHook(() => usePermanentDrawer());
    expect(drawer.result.current).toBe(true);

    act(() => resizeTo(600));
    expect(drawer.result.current).toBe(false);

    // A render after the DOM changed must not make the browser lay the page out (a forced reflow).
    const width = vi.spyOn(window, 'innerWidth', 'get');
    drawer.rerender();
    drawer.rerender();
    expect(width).not.toHaveBeenCalled();
    width.mockRestore();

    act(() => resizeTo(1200));
    expect(drawer.result.current).toBe(true);
    drawer.unmount();
  });
});

describe("MUI's media queries in the build's prerender", () => {
  it("hold the queries' widths against the prerender's window, and match nothing else", () => {
    setServerViewport(390, 'Mozilla/5.0 (Linux; Android 14) Mobile');
    expect(serverMatchMedia('(max-width:599.95px)').matches).toBe(true);
    expect(serverMatchMedia('(min-width:900px)').matches).toBe(false);
    expect(serverMatchMedia('(min-width:0px) and (max-width:599.95px)').matches).toBe(true);
    expect(serverMatchMedia('(prefers-color-scheme: dark)').matches).toBe(false);
    setServerViewport(1280);
    expect(serverMatchMedia('(max-width:599.95px)').matches).toBe(false);
    expect(serverMatchMedia('(min-width:900px)').matches).toBe(true);
  });
});

