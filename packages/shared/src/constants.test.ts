import { describe, expect, it } from 'vitest';
import * as c from './constants';
import { MESSAGES } from './messages';
import { ORDER_STATUS_LABELS, IN_PROGRESS_STATUSES, ORDER_FILTER_STATUSES } from './order-status';

// These values are the product specification's (section 9); a drift must fail here.
describe('business constants', () => {
  it('match product-spec.md section 9', () => {
    expect(c.TOAST_AUTO_HIDE_MS).toBe(3000);
    expect(c.STORE_POLL_INTERVAL_MS).toBe(5000);
    expect(c.DIALOG_MAX_WIDTH_PX).toBe(500);
    expect(c.MENU_MAX_HEIGHT_PX).toBe(310);
    expect(c.BUILD_RELOAD_GUARD_MS).toBe(10_000);
    expect(c.TOKEN_EXPIRY_TOLERANCE_MS).toBe(5000);
    expect(c.GUEST_CREDENTIALS_CACHE_S).toBe(3000);
    expect(c.COOKIE_DEFAULT_EXPIRY_DAYS).toBe(365);
    expect(c.DISPLAY_ID_PAD).toBe(8);
    expect(c.MIN_PASSWORD_LENGTH).toBe(6);
    expect(c.CHART_COLOR).toBe('#FF4E60');
    expect(c.DEFAULT_LAYOUT).toBe('default');
  });

  it('offers the date filters 1, 3, 6 months and All', () => {
    expect(c.DATE_FILTER_OPTIONS.map((o) => [o.label, o.days])).toEqual([
      ['1 Month', 30],
      ['3 Months', 90],
      ['6 Months', 180],
      ['All', null],
    ]);
  });

  it('offers charts of 12, 6, 3 months or the last 30 days', () => {
    expect(c.CHART_RANGE_OPTIONS.map((o) => [o.months, o.days, o.group])).toEqual([
      [12, null, 'month'],
      [6, null, 'month'],
      [3, null, 'month'],
      [null, 30, 'day'],
    ]);
    expect(c.CHART_METRICS).toEqual(['count', 'vendor_amount']);
  });

  it('retries 3 times on the retryable statuses', () => {
    expect(c.RETRY_POLICY.maxAttempts).toBe(3);
    expect(c.RETRY_POLICY.capMs).toBe(300_000);
    expect(c.RETRY_POLICY.retryableStatuses).toEqual([429, 500, 502, 503, 504]);
  });

  it('keeps the roles, rate types and approval statuses of the spec', () => {
    expect(c.RATE_TYPES).toEqual(['vendor', 'driver', 'b2c']);
    expect(c.APPROVAL_STATUSES).toEqual(['pending', 'approved', 'cancelled']);
    expect(c.MEMBER_TYPES).toEqual(['vendor', 'store']);
    expect(c.RESULT_FLAGS).toEqual({ success: 'success', notYet: 'not yet' });
  });

  it('labels statuses as the spec does', () => {
    expect(ORDER_STATUS_LABELS.moving).toBe('Onmoving');
    expect(ORDER_STATUS_LABELS.waiting_admin).toBe('Waiting admin');
    expect(IN_PROGRESS_STATUSES).toEqual(['moving', 'accepted']);
    expect(ORDER_FILTER_STATUSES).toEqual(['pending', 'moving', 'cancelled', 'completed', 'accepted', 'arrived']);
  });

  it('keeps the messages letter for letter', () => {
    expect(MESSAGES.notVerified).toBe('You are not verified yet. Please wait for admin to accept.');
    expect(MESSAGES.incorrectAccount).toBe('Incorrect account or password');
    expect(MESSAGES.deleteSuccess).toBe('Deleted successfully!');
    expect(MESSAGES.deleteFailed).toBe('Delete failed');
    expect(MESSAGES.updateSuccess).toBe('Updated successfully!');
    expect(MESSAGES.haveAnError).toBe('Have an error!');
    expect(MESSAGES.completeFailed).toBe('Have an error! Please contact to admin.');
  });
});
