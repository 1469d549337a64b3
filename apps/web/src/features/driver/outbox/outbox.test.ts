import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { memoryOutboxStore } from './outbox-db';
import { createOutbox } from './outbox';
import type { OutboxEntry } from './outbox-types';

type Reply = 'ok' | 'offline' | 'server-down' | 'refused' | 'unauthorized';

/** An outbox against a fake server whose next answers the test decides. */
function harness({ online = true, member = 7 as number | null } = {}) {
  const store = memoryOutboxStore();
  const state = { online, member, clock: 1_000_000, replies: [] as Reply[] };
  const sent: Array<{ orderId: number; kind: string; key: string }> = [];
  const onlineListeners = new Set<(online: boolean) => void>();
  let keys = 0;
  const outbox = createOutbox({
    store,
    async send(entry: OutboxEntry) {
      const reply = state.replies.shift() ?? 'ok';
      if (reply === 'offline') throw new ApiError(0, 'Cannot reach the server.', {}, 'network');
      if (reply === 'server-down') throw new ApiError(503, 'Try again later');
      if (reply === 'refused') throw new ApiError(409, 'Order #00000001 is Cancelled now');
      if (reply === 'unauthorized') throw new ApiError(401, 'Sign in again');
      sent.push({ orderId: entry.orderId, kind: entry.step.kind, key: entry.key });
      return { id: entry.orderId, status: entry.step.kind };
    },
    isOnline: () => state.online,
    subscribeOnline(listener) {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    currentMember: () => state.member,
    subscribeMember: () => () => undefined,
    now: () => state.clock,
    random: () => 0,
    newKey: () => `key-${++keys}`,
  });
  const goOnline = async () => {
    state.online = true;
    onlineListeners.forEach((listener) => listener(true));
    await outbox.drain();
  };
  return { outbox, store, state, sent, goOnline };
}

describe('the driver outbox', () => {
  it('sends at once when online and answers with the server answer', async () => {
    const { outbox, store, sent } = harness();
    const result = await outbox.submit(1, { kind: 'accepted' });
    expect(result).toEqual({ status: 'sent', answer: { id: 1, status: 'accepted' } });
    expect(sent).toEqual([{ orderId: 1, kind: 'accepted', key: 'key-1' }]);
    expect(await store.list(7)).toEqual([]);
  });

  it('keeps actions taken offline, shows them, and sends them in order when the network returns', async () => {
    const { outbox, store, sent, goOnline } = harness({ online: false });
    expect((await outbox.submit(1, { kind: 'accepted' })).status).toBe('queued');
    expect((await outbox.submit(1, { kind: 'moving' })).status).toBe('queued');
    expect((await outbox.submit(2, { kind: 'photo', blob: new Blob(['x'], { type: 'image/jpeg' }), name: 'a.jpg' })).status).toBe('queued');
    expect(outbox.getSnapshot().entries.map((e) => e.step.kind)).toEqual(['accepted', 'moving', 'photo']);
    expect(sent).toEqual([]);
    await goOnline();
    expect(sent.map((s) => `${s.orderId}:${s.kind}`)).toEqual(['1:accepted', '1:moving', '2:photo']);
    expect(await store.list(7)).toEqual([]);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it('a try without an answer waits with a backoff and keeps the same key, and later actions do not overtake it', async () => {
    const { outbox, store, state, sent } = harness();
    state.replies = ['server-down'];
    expect((await outbox.submit(1, { kind: 'accepted' })).status).toBe('queued');
    expect((await outbox.submit(1, { kind: 'moving' })).status).toBe('queued');
    const [first] = await store.list(7);
    expect(first).toMatchObject({ attempts: 1, lastError: 'Try again later', refusal: null });
    expect(first!.nextAttemptAt).toBeGreaterThan(state.clock);
    expect(sent).toEqual([]);
    state.clock = first!.nextAttemptAt;
    await outbox.drain();
    expect(sent).toEqual([
      { orderId: 1, kind: 'accepted', key: 'key-1' },
      { orderId: 1, kind: 'moving', key: 'key-2' },
    ]);
  });

  it('a refusal of a first try goes back to the screen and leaves nothing behind', async () => {
    const { outbox, store, state } = harness();
    state.replies = ['refused'];
    await expect(outbox.submit(1, { kind: 'accepted' })).rejects.toMatchObject({ status: 409 });
    expect(await store.list(7)).toEqual([]);
  });

  it('a refusal on replay is kept, with its reason and data, until the driver discards it; the rest is still sent', async () => {
    const { outbox, store, state, sent, goOnline } = harness({ online: false });
    await outbox.submit(1, { kind: 'waiting_store', body: { details: [{ material_id: 3, weight: '12.5' }] } });
    await outbox.submit(2, { kind: 'accepted' });
    state.replies = ['refused', 'ok'];
    await goOnline();
    const [kept] = await store.list(7);
    expect(kept).toMatchObject({ orderId: 1, step: { kind: 'waiting_store', body: { details: [{ material_id: 3, weight: '12.5' }] } }, refusal: { status: 409, detail: 'Order #00000001 is Cancelled now' } });
    expect(sent.map((s) => s.orderId)).toEqual([2]);
    // Not sent again by later rounds.
    await outbox.drain();
    expect(sent).toHaveLength(1);
    await outbox.discard(kept!.seq);
    expect(await store.list(7)).toEqual([]);
  });

  it('a session that ended stops sending and keeps everything for the next sign-in', async () => {
    const { outbox, store, state, sent } = harness();
    state.replies = ['unauthorized'];
    expect((await outbox.submit(1, { kind: 'accepted' })).status).toBe('queued');
    expect(await store.list(7)).toMatchObject([{ attempts: 0, refusal: null }]);
    await outbox.drain();
    expect(sent.map((s) => s.kind)).toEqual(['accepted']);
  });

  it('keeps each member to its own entries', async () => {
    const { outbox, store, state } = harness({ online: false });
    await outbox.submit(1, { kind: 'accepted' });
    state.member = 8;
    await outbox.drain();
    expect(await store.list(8)).toEqual([]);
    expect(await store.list(7)).toHaveLength(1);
  });

  it('tells its screens only of changes: an empty outbox starting up is one new snapshot, not four', async () => {
    const { outbox } = harness();
    let published = 0;
    outbox.subscribe(() => (published += 1));
    const stop = outbox.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outbox.getSnapshot()).toMatchObject({ memberId: 7, entries: [], sending: false });
    expect(published).toBe(1);
    await outbox.drain();
    expect(published).toBe(1);
    // A real change still reaches them: the entry, then its leaving.
    await outbox.submit(1, { kind: 'accepted' });
    expect(published).toBeGreaterThan(1);
    expect(outbox.getSnapshot().entries).toEqual([]);
    stop();
  });
});

describe('what an answer means for an entry', () => {
  it('retries a key the server is still working on, refuses other conflicts', async () => {
    const { classify } = await import('./outbox-sender');
    const inProgress = new ApiError(409, 'A request with this Idempotency-Key is still in progress; retry in a moment');
    inProgress.headers = new Headers({ 'retry-after': '1' });
    expect(classify(inProgress).kind).toBe('retry');
    expect(classify(new ApiError(409, 'Order #00000001 is Cancelled now')).kind).toBe('refused');
    expect(classify(new ApiError(413, 'A photo may be at most 10 MB')).kind).toBe('refused');
    expect(classify(new ApiError(0, 'offline', {}, 'network')).kind).toBe('retry');
    expect(classify(new ApiError(503, 'down')).kind).toBe('retry');
    expect(classify(new ApiError(401, 'sign in')).kind).toBe('signed-out');
  });
});
