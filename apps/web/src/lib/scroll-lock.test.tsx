// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_UA } from '@app/shared/device-class';
import { useTouchScrollLock } from './scroll-lock';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

/** The window as `userAgent` at `width` px shows it. */
function device(userAgent: string, width: number) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
}

let lockedByHand: boolean[] = [];
function OpenDialog() {
  lockedByHand.push(useTouchScrollLock());
  return null;
}

describe('useTouchScrollLock', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    lockedByHand = [];
    document.body.style.overflow = '';
  });

  it('holds a phone’s page still while any dialog is open, and gives the page its own overflow back after the last', () => {
    expect(PHONE_UA.test(PHONE)).toBe(true);
    device(PHONE, 390);
    document.body.style.overflow = 'auto';
    const first = render(<OpenDialog />);
    const second = render(<OpenDialog />);
    expect(lockedByHand.every(Boolean)).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
    first.unmount();
    expect(document.body.style.overflow).toBe('hidden');
    second.unmount();
    expect(document.body.style.overflow).toBe('auto');
  });

  it('leaves a desktop to MUI’s own lock, which pads for the scrollbar, however narrow its window', () => {
    // 800 px: a tablet's width, but a desktop's scrollbar.
    device('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36', 800);
    const dialog = render(<OpenDialog />);
    expect(lockedByHand).toEqual([false]);
    expect(document.body.style.overflow).toBe('');
    dialog.unmount();
  });
});
