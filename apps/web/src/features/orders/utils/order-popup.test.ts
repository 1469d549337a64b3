// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissOrderPopup, popupVersion, reopenOrderPopup, useDismissedOrderPopup } from './order-popup';

describe('the closed-pop-up store shared by the pop-up and the home notice', () => {
  afterEach(() => reopenOrderPopup());

  it('tells every reader which version of an order was closed, and forgets it when reopened', () => {
    const popup = renderHook(() => useDismissedOrderPopup());
    const notice = renderHook(() => useDismissedOrderPopup());
    expect(popup.result.current).toBeNull();
    const version = popupVersion({ id: 42, updated_at: '2026-11-20T12:00:00Z' });
    expect(version).toBe('42:2026-11-20T12:00:00Z');

    act(() => dismissOrderPopup(version));
    expect(popup.result.current).toBe(version);
    expect(notice.result.current).toBe(version);

    act(() => reopenOrderPopup());
    expect(popup.result.current).toBeNull();
    expect(notice.result.current).toBeNull();
  });
});
