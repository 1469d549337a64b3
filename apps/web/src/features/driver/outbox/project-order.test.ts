import { describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxStep } from './outbox-types';
import { acceptWaits, projectedStatus, waitingFor } from './project-order';

let seq = 0;
const entry = (orderId: number, step: OutboxStep, refused = false): OutboxEntry => ({
  seq: ++seq,
  memberId: 1,
  orderId,
  step,
  key: `k${seq}`,
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  refusal: refused ? { status: 409, detail: 'no', errors: {} } : null,
});

describe('the order as the phone will have it', () => {
  it('applies the waiting steps by the shared transition table', () => {
    const steps = [entry(1, { kind: 'accepted' }), entry(1, { kind: 'moving' }), entry(1, { kind: 'arrived' }), entry(1, { kind: 'photo', blob: new Blob(), name: 'p.jpg' })];
    expect(projectedStatus('pending', steps)).toBe('arrived');
    expect(projectedStatus('pending', [...steps, entry(1, { kind: 'waiting_store', body: { details: [{ material_id: 1, weight: '2' }] } })])).toBe('waiting_store');
  });

  it('ignores refused steps, other orders and steps the status does not allow', () => {
    const all = [entry(1, { kind: 'accepted' }, true), entry(2, { kind: 'accepted' }), entry(1, { kind: 'arrived' })];
    const waiting = waitingFor(1, all);
    expect(waiting.map((e) => e.step.kind)).toEqual(['arrived']);
    expect(projectedStatus('pending', waiting)).toBe('pending');
    expect(acceptWaits(waiting)).toBe(false);
    expect(acceptWaits(waitingFor(2, all))).toBe(true);
  });
});
