import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import type { TransitionInput } from '@/data/orders';
import { memoryOutboxStore } from './outbox-db';
import { createOutbox } from './outbox';
import { transitionRequest } from './outbox-request';
import type { OutboxEntry } from './outbox-types';

type Reply = 'ok' | 'offline' | 'server-down' | 'refused' | 'unauthorized' | 'time-refused' | 'time-and-weight-refused';

const iso = (ms: number) => new Date(ms).toISOString();

/** An outbox against a fake server whose next answers the test decides. */
function harness({ online = true, member = 7 as number | null } = {}) {
  const store = memoryOutboxStore();
  const state = { online, member, clock: 1_000_000, replies: [] as Reply[] };
  const sent: Array<{ orderId: number; kind: string; key: string }> = [];
  /** Every try, answered or not: its key and the request it made (what the server would hash). */
  const tries: Array<{ key: string; request: TransitionInput | null }> = [];
  /** What the app is told after each answer (it warns of a step sent with the time received). */
  const settled: Array<{ kind: string; outcome: string; retimed: boolean }> = [];
  const onlineListeners = new Set<(online: boolean) => void>();
  let keys = 0;
  const outbox = createOutbox({
    store,
    async send(entry: OutboxEntry) {
      tries.push({ key: entry.key, request: entry.step.kind === 'photo' ? null : transitionRequest(entry.orderId, entry.step, entry.takenAt) });
      const reply = state.replies.shift() ?? 'ok';
      if (reply === 'time-refused') throw new ApiError(400, 'occurred_at: A step cannot be in the future', { occurred_at: ['A step cannot be in the future'] });
      if (reply === 'time-and-weight-refused') throw new ApiError(400, 'Invalid request', { occurred_at: ['A step cannot be in the future'], 'details.0.weight': ['Weight must be greater than 0'] });
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
    onSettled: (entry, outcome) => settled.push({ kind: entry.step.kind, outcome, retimed: entry.retimed === true }),
  });
  const goOnline = async () => {
    state.online = true;
    onlineListeners.forEach((listener) => listener(true));
    await outbox.drain();
  };
  return { outbox, store, state, sent, tries, settled, goOnline };
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

  it('tells its screens only of changes: an empty outbox of the member it knew starting up is no new snapshot', async () => {
    const { outbox } = harness();
    let published = 0;
    outbox.subscribe(() => (published += 1));
    const stop = outbox.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outbox.getSnapshot()).toMatchObject({ memberId: 7, entries: [], sending: false });
    expect(published).toBe(0);
    await outbox.drain();
    expect(published).toBe(0);
    // A real change still reaches them: the entry, then its leaving.
    await outbox.submit(1, { kind: 'accepted' });
    expect(published).toBeGreaterThan(1);
    expect(outbox.getSnapshot().entries).toEqual([]);
    stop();
  });

  it('tells its screens of a member it did not know when it was made', async () => {
    const { outbox, state } = harness({ member: null });
    let published = 0;
    outbox.subscribe(() => (published += 1));
    state.member = 7;
    const stop = outbox.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outbox.getSnapshot()).toMatchObject({ memberId: 7, entries: [] });
    expect(published).toBe(1);
    stop();
  });
});

describe('the time a step was taken', () => {
  it('is sent with each step as taken, not as sent, however long the phone was offline', async () => {
    const { outbox, state, tries, goOnline } = harness({ online: false });
    const acceptedAt = state.clock;
    await outbox.submit(1, { kind: 'accepted' });
    state.clock += 7 * 60_000;
    const movingAt = state.clock;
    await outbox.submit(1, { kind: 'moving' });
    state.clock += 12 * 60_000;
    await outbox.submit(1, { kind: 'arrived', position: { lat: 18.52, lng: 73.85, accuracy_m: 12 } }, { takenAt: state.clock - 3_000 });
    const arrivedAt = state.clock - 3_000;
    state.clock += 60 * 60_000;
    await goOnline();
    expect(tries.map((t) => t.request)).toEqual([
      { action: 'accepted', id: 1, body: { occurred_at: iso(acceptedAt) } },
      { action: 'moving', id: 1, body: { occurred_at: iso(movingAt) } },
      { action: 'arrived', id: 1, body: { position: { lat: 18.52, lng: 73.85, accuracy_m: 12 }, occurred_at: iso(arrivedAt) } },
    ]);
  });

  it('goes with the weighed lines and an issue too, but not with a photo', async () => {
    const { outbox, state, tries } = harness();
    await outbox.submit(1, { kind: 'waiting_store', body: { details: [{ material_id: 3, weight: '12.5' }] } });
    await outbox.submit(2, { kind: 'issue', body: { reason: 'Gate locked' } });
    await outbox.submit(2, { kind: 'photo', blob: new Blob(['x'], { type: 'image/jpeg' }), name: 'a.jpg' });
    expect(tries.map((t) => t.request)).toEqual([
      { action: 'waiting_store', id: 1, body: { details: [{ material_id: 3, weight: '12.5' }], occurred_at: iso(state.clock) } },
      { action: 'issue', id: 2, body: { reason: 'Gate locked', occurred_at: iso(state.clock) } },
      null,
    ]);
  });

  it('a retry after no answer sends the same body under the same key', async () => {
    const { outbox, store, state, tries, goOnline } = harness({ online: false });
    const takenAt = state.clock;
    await outbox.submit(1, { kind: 'accepted' });
    state.replies = ['offline', 'server-down'];
    await goOnline();
    for (let round = 0; round < 2; round += 1) {
      state.clock = (await store.list(7))[0]!.nextAttemptAt + 1;
      await outbox.drain();
    }
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((t) => JSON.stringify(t)))).toEqual(new Set([JSON.stringify({ key: 'key-1', request: { action: 'accepted', id: 1, body: { occurred_at: iso(takenAt) } } })]));
    expect(await store.list(7)).toEqual([]);
  });

  it('refused alone (a wrong phone clock), the step goes on at once without it, under a new key, and says so', async () => {
    const { outbox, state, tries, sent, settled, goOnline } = harness({ online: false });
    await outbox.submit(1, { kind: 'accepted' });
    await outbox.submit(1, { kind: 'moving' });
    state.replies = ['time-refused', 'ok', 'time-refused', 'ok'];
    await goOnline();
    expect(tries.map((t) => [t.key, t.request?.body])).toEqual([
      ['key-1', { occurred_at: iso(state.clock) }],
      ['key-3', {}],
      ['key-2', { occurred_at: iso(state.clock) }],
      ['key-4', {}],
    ]);
    // Both steps were done, in order: the chain of offline steps is not broken by the clock.
    expect(sent.map((s) => s.kind)).toEqual(['accepted', 'moving']);
    expect(settled).toEqual([
      { kind: 'accepted', outcome: 'sent', retimed: true },
      { kind: 'moving', outcome: 'sent', retimed: true },
    ]);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it('answers the screen waiting for a first try with the step done', async () => {
    const { outbox, state, settled } = harness();
    state.replies = ['time-refused'];
    expect(await outbox.submit(1, { kind: 'accepted' })).toEqual({ status: 'sent', answer: { id: 1, status: 'accepted' } });
    expect(settled).toEqual([{ kind: 'accepted', outcome: 'sent', retimed: true }]);
  });

  it('a refusal that names more than the time is kept for the driver, with the time as taken', async () => {
    const { outbox, store, state, tries, goOnline } = harness({ online: false });
    await outbox.submit(1, { kind: 'waiting_store', body: { details: [{ material_id: 3, weight: '0' }] } });
    state.replies = ['time-and-weight-refused'];
    await goOnline();
    expect(tries).toHaveLength(1);
    expect(await store.list(7)).toMatchObject([{ key: 'key-1', takenAt: iso(state.clock), refusal: { status: 400 } }]);
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
