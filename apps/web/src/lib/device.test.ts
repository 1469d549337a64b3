// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePermanentDrawer } from './device';

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
