import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './order-status';
import { ORDER_STATUS_DISPLAY, statusesAwaiting } from './order-status-display';

describe('ORDER_STATUS_DISPLAY', () => {
  it('describes every status with its own label key', () => {
    expect(Object.keys(ORDER_STATUS_DISPLAY).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES) expect(ORDER_STATUS_DISPLAY[status].labelKey).toBe(`orderStatus.${status}`);
  });

  it('names who moves an order on, and nobody once it is over', () => {
    expect(statusesAwaiting('store')).toEqual(['waiting_store']);
    expect(statusesAwaiting('admin')).toEqual(['waiting_admin', 'issue']);
    expect(ORDER_STATUS_DISPLAY.completed.nextActor).toBeNull();
    expect(ORDER_STATUS_DISPLAY.cancelled.nextActor).toBeNull();
  });
});
