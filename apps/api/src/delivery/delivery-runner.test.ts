import { describe, expect, it } from 'vitest';
import { createDeliveryRunner, loadJson } from './delivery-runner';

/** A delivery that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, work: async () => (await opened, { kind: 'sent' }) };
}

describe('the delivery runner', () => {
  it('starts a delivery at once unless its lane is full, and a full lane holds back only its own', async () => {
    const runner = createDeliveryRunner({ channel: 'test', maxInFlight: 10 });
    const slow = Array.from({ length: 5 }, gate);
    const started: string[] = [];
    const lane = (key: string) => [{ kind: 'member', key, max: 2 }];
    const slowRuns = slow.map((g, i) => runner.run(lane('slow'), async () => (started.push(`slow-${i}`), g.work())));
    const other = await runner.run(lane('other'), async () => (started.push('other'), { kind: 'sent' }));
    expect(other).toEqual({ kind: 'sent' });
    // Two of the slow member's are in flight, three wait; the other member's went past them.
    expect(started).toEqual(['slow-0', 'slow-1', 'other']);
    expect(runner.load('member')).toEqual(new Map([['slow', 5]]));
    expect(JSON.parse(loadJson(runner, 'member'))).toEqual({ slow: 5 });
    expect(runner.room()).toBe(10 - 2 - 3);
    slow[0]!.open();
    await slowRuns[0];
    expect(started).toEqual(['slow-0', 'slow-1', 'other', 'slow-2']);
    for (const g of slow) g.open();
    await runner.idle();
    expect(runner.load('member').size).toBe(0);
    expect(runner.room()).toBe(10);
  });

  it('keeps to its global bound, and counts each outcome with its duration', async () => {
    const outcomes: string[] = [];
    const runner = createDeliveryRunner({ channel: 'test', maxInFlight: 2, onSettled: (outcome) => outcomes.push(outcome) });
    const gates = Array.from({ length: 3 }, gate);
    const runs = gates.map((g, i) => runner.run([{ kind: 'member', key: String(i), max: 2 }], g.work));
    expect(runner.room()).toBe(0);
    const failing = runner.run([], async () => {
      throw new Error('refused');
    });
    for (const g of gates) g.open();
    await Promise.all(runs);
    await expect(failing).rejects.toThrow('refused');
    expect(outcomes.sort()).toEqual(['error', 'sent', 'sent', 'sent']);
  });
});
