import { describe, expect, it } from 'vitest';
import { ROLES } from './constants';
import { actionsFor, canReviewOrder, checkTransition, ORDER_ACTIONS, TRANSITIONS } from './order-machine';
import { ORDER_STATUSES } from './order-status';

describe('the order state machine', () => {
  it('holds the rows of design.md section 7', () => {
    const rows = TRANSITIONS.map((t) => `${t.action}:${t.role}:${t.to}`);
    expect(rows).toEqual([
      'accepted:driver:accepted',
      'moving:driver:moving',
      'arrived:driver:arrived',
      'waiting_store:driver:waiting_store',
      'complete:store:completed',
      'complete:household:completed',
      'complete:driver:completed',
      'complete:driver:completed',
      'waiting_admin:store:waiting_admin',
      'waiting_admin:household:waiting_admin',
      'waiting_driver:admin:waiting_driver',
      'issue:driver:issue',
      'cancel:store:cancelled',
      'cancel:household:cancelled',
      'cancel:admin:cancelled',
    ]);
  });

  it('lets the driver complete from waiting_store only a household\'s pickup (with its handover code)', () => {
    expect(checkTransition('complete', 'driver', 'waiting_store', 'household')).toMatchObject({ ok: true, rule: { body: 'completion' } });
    expect(checkTransition('complete', 'driver', 'waiting_store', 'store')).toEqual({ ok: false, reason: 'conflict', allowedFrom: ['waiting_driver'] });
    expect(actionsFor('driver', 'waiting_store', 'store')).toEqual([]);
    expect(actionsFor('driver', 'waiting_store', 'household')).toEqual(['complete']);
  });

  it('gives a household its own pickup\'s steps as a store has them, and nothing on a store\'s', () => {
    expect(actionsFor('household', 'waiting_store', 'household').sort()).toEqual(['complete', 'waiting_admin']);
    expect(actionsFor('household', 'pending', 'household')).toEqual(['cancel']);
    expect(actionsFor('household', 'waiting_store', 'store')).toEqual([]);
    expect(checkTransition('accepted', 'household', 'pending', 'household')).toEqual({ ok: false, reason: 'forbidden' });
  });

  it('lets an admin send any open order back to the driver', () => {
    for (const status of ORDER_STATUSES) {
      const check = checkTransition('waiting_driver', 'admin', status);
      expect(check.ok).toBe(status !== 'completed' && status !== 'cancelled');
    }
  });

  it('answers forbidden for a role that may never act, conflict for a status that does not allow it', () => {
    expect(checkTransition('accepted', 'store', 'pending')).toEqual({ ok: false, reason: 'forbidden' });
    expect(checkTransition('complete', 'store', 'pending')).toMatchObject({ ok: false, reason: 'conflict' });
    expect(checkTransition('complete', 'store', 'waiting_store')).toMatchObject({ ok: true, rule: { to: 'completed' } });
    expect(checkTransition('complete', 'driver', 'waiting_driver')).toMatchObject({ ok: true, rule: { to: 'completed' } });
  });

  it('never lets a vendor move an order', () => {
    for (const action of ORDER_ACTIONS) for (const status of ORDER_STATUSES) expect(checkTransition(action, 'vendor', status).ok).toBe(false);
  });

  it('never leaves completed', () => {
    for (const role of ROLES) expect(actionsFor(role, 'completed')).toEqual([]);
  });

  it('shows approve and call admin as the spec says', () => {
    expect(canReviewOrder('admin', 'waiting_admin')).toBe(true);
    expect(canReviewOrder('admin', 'completed')).toBe(false);
    expect(canReviewOrder('store', 'waiting_store')).toBe(true);
    expect(canReviewOrder('store', 'waiting_admin')).toBe(false);
    expect(canReviewOrder('vendor', 'waiting_store')).toBe(false);
  });
});
