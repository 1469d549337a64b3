import { describe, expect, it } from 'vitest';
import { transitionRequest } from './outbox-request';

// What a kept step sends: the same body on every try, with the time it was taken.

describe('the request of a kept completion', () => {
  const takenAt = '2026-11-20T10:00:00.000Z';

  it("carries how the household was paid (a household's pickup, design.md section 21)", () => {
    expect(transitionRequest(42, { kind: 'complete', body: { payment: { method: 'upi', reference: '412345678901' } } }, takenAt)).toEqual({
      action: 'complete',
      id: 42,
      body: { payment: { method: 'upi', reference: '412345678901' }, occurred_at: takenAt },
    });
  });

  it("sends a store's completion, and one kept by an older version, with its time alone", () => {
    expect(transitionRequest(42, { kind: 'complete' }, takenAt)).toEqual({ action: 'complete', id: 42, body: { occurred_at: takenAt } });
    expect(transitionRequest(42, { kind: 'complete' }, null)).toEqual({ action: 'complete', id: 42, body: {} });
  });
});
