import { describe, expect, it, vi } from 'vitest';
import { BACKOFF_CAP_MS, backoffMs, startEventStream, StreamHttpError, type ConnectOptions, type EventStreamDeps, type RawEvent, type StreamState } from './event-stream';

/** A scripted server: each connection attempt is handed to the test, which decides its fate. */
function harness(overrides: Partial<EventStreamDeps> = {}) {
  const attempts: ConnectOptions[] = [];
  const settle: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  const states: StreamState[] = [];
  const events: RawEvent[] = [];
  const sleeps: number[] = [];
  const tokens: boolean[] = [];
  let wake: (() => void) | null = null;
  let clock = 1_000;
  const deps: EventStreamDeps = {
    url: () => 'http://api.test/events',
    getToken: async (force) => {
      tokens.push(force);
      return force ? 'fresh-token' : 'token';
    },
    connect: (options) =>
      new Promise<void>((resolve, reject) => {
        attempts.push(options);
        settle.push({ resolve, reject });
        options.signal.addEventListener('abort', () => resolve());
      }),
    onEvent: (event) => events.push(event),
    onState: (state) => states.push(state),
    onReconnect: vi.fn(),
    onFirstOpen: vi.fn(),
    now: () => clock,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        sleeps.push(ms);
        wake = resolve;
        signal.addEventListener('abort', () => reject(signal.reason));
      }),
    random: () => 1,
    ...overrides,
  };
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    deps,
    attempts,
    states,
    events,
    sleeps,
    tokens,
    tick,
    settle: (i: number) => settle[i]!,
    /** Ends the current back-off wait. */
    wake: async () => {
      wake?.();
      await tick();
    },
    /** Ends it without waiting (under fake timers). */
    wakeNow: () => wake?.(),
    /** Moves the clock the stream reads. */
    setClock: (at: number) => {
      clock = at;
    },
  };
}

describe('startEventStream', () => {
  it('sends the bearer token, reports live on open and hands every event over', async () => {
    const h = harness();
    const stop = startEventStream(h.deps);
    await h.tick();
    expect(h.states).toEqual(['connecting']);
    const first = h.attempts[0]!;
    expect(first.url).toBe('http://api.test/events');
    expect(first.headers).toEqual({ authorization: 'Bearer token' });
    first.onOpen();
    first.onEvent({ id: '7', event: 'order', data: '{"id":1}' });
    expect(h.states).toEqual(['connecting', 'live']);
    expect(h.events).toEqual([{ id: '7', event: 'order', data: '{"id":1}' }]);
    expect(h.deps.onReconnect).not.toHaveBeenCalled();
    stop();
    expect(first.signal.aborted).toBe(true);
  });

  it('asks, on the first open, for a refetch of what was loaded before the stream began to connect', async () => {
    const h = harness();
    h.setClock(5_000);
    const stop = startEventStream(h.deps);
    await h.tick();
    // What loads while the stream connects cannot have missed a change the stream will not tell.
    h.setClock(9_000);
    h.attempts[0]!.onOpen();
    expect(h.deps.onFirstOpen).toHaveBeenCalledExactlyOnceWith(5_000);
    expect(h.deps.onReconnect).not.toHaveBeenCalled();

    // A later open is a reconnect: the server replays, and everything is refetched once.
    h.settle(0).reject(new TypeError('network error'));
    await h.tick();
    await h.wake();
    h.attempts[1]!.onOpen();
    expect(h.deps.onFirstOpen).toHaveBeenCalledTimes(1);
    expect(h.deps.onReconnect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('tries again at once when the network comes back during a back-off wait', async () => {
    const network = new Set<(online: boolean) => void>();
    const h = harness({
      subscribeOnline: (listener) => {
        network.add(listener);
        return () => network.delete(listener);
      },
    });
    const stop = startEventStream(h.deps);
    await h.tick();
    h.settle(0).reject(new TypeError('offline'));
    await h.tick();
    expect(h.sleeps).toEqual([1_000]);
    network.forEach((listener) => listener(false));
    await h.tick();
    expect(h.attempts).toHaveLength(1);
    network.forEach((listener) => listener(true));
    await h.tick();
    await h.tick();
    expect(h.attempts).toHaveLength(2);
    stop();
    expect(network.size).toBe(0);
  });

  it('cuts an open stream when the network goes, and opens it again with Last-Event-ID as soon as it is back', async () => {
    const network = new Set<(online: boolean) => void>();
    const h = harness({
      subscribeOnline: (listener) => {
        network.add(listener);
        return () => network.delete(listener);
      },
    });
    const stop = startEventStream(h.deps);
    await h.tick();
    h.attempts[0]!.onOpen();
    h.attempts[0]!.onEvent({ id: '8', event: 'order', data: '{}' });
    // However open the connection looks, it went with the network.
    network.forEach((listener) => listener(false));
    expect(h.attempts[0]!.signal.aborted).toBe(true);
    await h.tick();
    expect(h.states.at(-1)).toBe('down');
    expect(h.sleeps).toEqual([1_000]);
    network.forEach((listener) => listener(true));
    await h.tick();
    await h.tick();
    expect(h.attempts).toHaveLength(2);
    expect(h.attempts[1]!.headers['last-event-id']).toBe('8');
    h.attempts[1]!.onOpen();
    expect(h.deps.onReconnect).toHaveBeenCalledTimes(1);
    // A network that comes back while a new stream is opening: that one is cut and tried again at once.
    h.settle(1).reject(new TypeError('network changed'));
    await h.tick();
    await h.wake();
    expect(h.attempts).toHaveLength(3);
    network.forEach((listener) => listener(true));
    expect(h.attempts[2]!.signal.aborted).toBe(true);
    await h.tick();
    await h.tick();
    expect(h.attempts).toHaveLength(4);
    expect(h.sleeps).toEqual([1_000, 1_000]);
    stop();
  });

  it('counts a first open that comes only after failures (a tab that started offline) as the first', async () => {
    const h = harness();
    const stop = startEventStream(h.deps);
    await h.tick();
    h.settle(0).reject(new TypeError('offline'));
    await h.tick();
    h.setClock(60_000);
    await h.wake();
    h.attempts[1]!.onOpen();
    expect(h.deps.onFirstOpen).toHaveBeenCalledExactlyOnceWith(60_000);
    expect(h.deps.onReconnect).not.toHaveBeenCalled();
    stop();
  });

  it('reconnects after a loss with Last-Event-ID, backing off, and asks for a refetch once back', async () => {
    const h = harness();
    const stop = startEventStream(h.deps);
    await h.tick();
    h.attempts[0]!.onOpen();
    h.attempts[0]!.onEvent({ id: '41', event: 'order', data: '{}' });
    h.attempts[0]!.onEvent({ id: '42', event: 'notification', data: '{}' });
    h.settle(0).reject(new TypeError('network error'));
    await h.tick();
    expect(h.states.at(-1)).toBe('down');
    expect(h.sleeps).toEqual([1_000]);
    await h.wake();
    expect(h.attempts).toHaveLength(2);
    expect(h.attempts[1]!.headers['last-event-id']).toBe('42');
    h.attempts[1]!.onOpen();
    expect(h.states.at(-1)).toBe('live');
    expect(h.deps.onReconnect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('doubles the wait after each failure up to the cap, and starts over after an open', async () => {
    const h = harness();
    const stop = startEventStream(h.deps);
    for (let i = 0; i < 7; i += 1) {
      await h.tick();
      h.settle(i).reject(new StreamHttpError(503));
      await h.tick();
      await h.wake();
    }
    expect(h.sleeps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    h.attempts[7]!.onOpen();
    h.settle(7).resolve(); // the server closed the stream
    await h.tick();
    expect(h.sleeps.at(-1)).toBe(1_000);
    stop();
  });

  it('takes a fresh token at once when the stream is refused with 401, and waits after a second 401', async () => {
    const h = harness();
    const stop = startEventStream(h.deps);
    await h.tick();
    h.settle(0).reject(new StreamHttpError(401));
    await h.tick();
    await h.tick();
    expect(h.tokens).toEqual([false, true]);
    expect(h.attempts[1]!.headers.authorization).toBe('Bearer fresh-token');
    expect(h.sleeps).toEqual([]);
    h.settle(1).reject(new StreamHttpError(401));
    await h.tick();
    expect(h.sleeps).toEqual([1_000]);
    expect(h.states.at(-1)).toBe('down');
    stop();
  });

  it('gives up a silent stream after the idle timeout and opens a new one', async () => {
    vi.useFakeTimers();
    try {
      const h = harness({ idleTimeoutMs: 60_000 });
      const stop = startEventStream(h.deps);
      await vi.advanceTimersByTimeAsync(0);
      const first = h.attempts[0]!;
      first.onOpen();
      await vi.advanceTimersByTimeAsync(50_000);
      first.onActivity(); // a keep-alive comment
      await vi.advanceTimersByTimeAsync(50_000);
      expect(first.signal.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(10_001);
      expect(first.signal.aborted).toBe(true);
      expect(h.states.at(-1)).toBe('down');
      h.wakeNow();
      await vi.advanceTimersByTimeAsync(0);
      expect(h.attempts).toHaveLength(2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops for good: no reconnect after stop()', async () => {
    const h = harness();
    const stop = startEventStream(h.deps);
    await h.tick();
    stop();
    await h.tick();
    await h.wake();
    expect(h.attempts).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
  });

  it('waits like after any failure when no token can be had', async () => {
    const h = harness({ getToken: () => Promise.reject(new Error('offline')) });
    const stop = startEventStream(h.deps);
    await h.tick();
    await h.tick();
    expect(h.attempts).toHaveLength(0);
    expect(h.states).toEqual(['connecting', 'down']);
    stop();
  });
});

describe('backoffMs', () => {
  it('spreads the wait between half and all of the ceiling', () => {
    expect(backoffMs(1, () => 0)).toBe(500);
    expect(backoffMs(3, () => 1)).toBe(4_000);
    expect(backoffMs(50, () => 1)).toBe(BACKOFF_CAP_MS);
  });
});
