import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../auth/auth-context';
import { CATCH_UP_MARGIN_MS, CATCH_UP_MAX, LiveDelivery } from './live-delivery';
import type { LiveEvent } from './live-event';
import { LiveHub } from './live-hub';

const rates = (id: number): LiveEvent => ({ id, kind: 'rates', data: { version: id }, store_id: null, vendor_id: null, city_id: null, driver_ids: null, member_id: null });

/** A stream that records the ids it was sent and whether it was ended. */
function openStream(hub: LiveHub) {
  const stream = { ids: [] as number[], ended: false };
  const remove = hub.add({
    auth: { memberId: 1, role: 'admin' } as AuthContext,
    issuedAt: undefined,
    send: (event) => stream.ids.push(event.id),
    write: () => undefined,
    end: () => {
      stream.ended = true;
      remove();
    },
  });
  return stream;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const log = pino({ level: 'silent' });
const latestId = async () => 0;

describe('the change feed after its LISTEN connection came back', () => {
  it('replays to the open streams what was missed, oldest first, and nothing twice', async () => {
    const hub = new LiveHub();
    const stream = openStream(hub);
    let asked: Date | null = null;
    const delivery = new LiveDelivery({
      hub,
      log,
      latestId,
      load: async (since) => {
        asked = since;
        // 1 and 2 were heard before the loss; the table has them too.
        return [rates(1), rates(2), rates(3), rates(4)];
      },
    });
    delivery.publish(rates(1));
    delivery.publish(rates(2));
    const heardUntil = new Date('2026-11-20T10:00:00Z');
    await delivery.resume(heardUntil);
    expect(stream.ids).toEqual([1, 2, 3, 4]);
    expect(stream.ended).toBe(false);
    // From before the last proof of a healthy connection: a long transaction commits late.
    expect(asked!.getTime()).toBe(heardUntil.getTime() - CATCH_UP_MARGIN_MS);
  });

  it('holds events heard during the catch-up until what came before them is sent', async () => {
    const hub = new LiveHub();
    const stream = openStream(hub);
    const table = deferred<LiveEvent[]>();
    const delivery = new LiveDelivery({ hub, log, latestId, load: () => table.promise });
    const resuming = delivery.resume(new Date());
    delivery.publish(rates(7));
    delivery.publish(rates(6));
    expect(stream.ids).toEqual([]);
    // The table already holds 6 (committed before LISTEN was back, heard after).
    table.resolve([rates(5), rates(6)]);
    await resuming;
    expect(stream.ids).toEqual([5, 6, 7]);
    delivery.publish(rates(8));
    expect(stream.ids).toEqual([5, 6, 7, 8]);
  });

  it('closes every stream when the missed events cannot be read, so each replays its own', async () => {
    const hub = new LiveHub();
    const streams = [openStream(hub), openStream(hub)];
    const delivery = new LiveDelivery({
      hub,
      log,
      latestId,
      load: async () => {
        throw new Error('Connection terminated unexpectedly');
      },
    });
    await delivery.resume(new Date());
    expect(streams.map((s) => s.ended)).toEqual([true, true]);
    expect(hub.size).toBe(0);
  });

  it('closes every stream when more was missed than it replays', async () => {
    const hub = new LiveHub();
    const stream = openStream(hub);
    let asked = 0;
    const delivery = new LiveDelivery({
      hub,
      log,
      latestId,
      load: async (_since, limit) => {
        asked = limit;
        return Array.from({ length: limit }, (_, i) => rates(i + 1));
      },
    });
    await delivery.resume(new Date());
    // Asked for one more than it replays: a full answer means there may be more.
    expect(asked).toBe(CATCH_UP_MAX + 1);
    expect(stream.ids).toEqual([]);
    expect(stream.ended).toBe(true);
  });

  it('closes the streams that opened before the first LISTEN, and never replays what came before it', async () => {
    const hub = new LiveHub();
    const early = openStream(hub);
    const delivery = new LiveDelivery({
      hub,
      log,
      latestId: async () => 10,
      load: async () => [rates(9), rates(10), rates(11)],
    });
    await delivery.resume(null);
    expect(early.ended).toBe(true);
    // Opened after the first LISTEN: 9 and 10 were committed before it, its own replay had them.
    const stream = openStream(hub);
    await delivery.resume(new Date());
    expect(stream.ids).toEqual([11]);
  });
});
