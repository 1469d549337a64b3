import { LIVE_KEEPALIVE_SECONDS } from '@app/shared/constants';

// The tab's change feed (design.md section 12): one `GET /events` stream, opened again
// after any loss with `Last-Event-ID`, so the server replays what the tab missed. This
// file is the reconnect loop only; the wire (fetch + SSE parsing) is injected, so the
// loop is tested without a browser.

/** One server-sent event as it arrived. */
export interface RawEvent {
  id: string;
  event: string;
  data: string;
}

export interface ConnectOptions {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  /** The server accepted the stream (200, text/event-stream). */
  onOpen: () => void;
  onEvent: (event: RawEvent) => void;
  /** Any bytes arrived, keep-alive comments included. */
  onActivity: () => void;
}

/**
 * Opens one stream. Resolves when it ends (the server closed it, or `signal` aborted);
 * rejects when it fails, with a StreamHttpError when the server refused it.
 */
export type Connect = (options: ConnectOptions) => Promise<void>;

export class StreamHttpError extends Error {
  override name = 'StreamHttpError';
  constructor(readonly status: number) {
    super(`The event stream was refused (HTTP ${status})`);
  }
}

export type StreamState = 'connecting' | 'live' | 'down';

export interface EventStreamDeps {
  url: () => string;
  /** The bearer token; `force` asks for a fresh one (after a 401). Null: signed out. */
  getToken: (force: boolean) => Promise<string | null>;
  connect: Connect;
  onEvent: (event: RawEvent) => void;
  onState: (state: StreamState) => void;
  /** The stream is back after a loss: anything older than the server's replay must be refetched. */
  onReconnect: () => void;
  /**
   * The tab's first stream is open. The server replays nothing for it: what was loaded before
   * `connectingSince` (kept on the device, or loaded while the stream was not there yet) may
   * have missed a change and must be refetched.
   */
  onFirstOpen: (connectingSince: number) => void;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * The browser's network events (lib/network-status.ts). Any change cuts the stream open or
   * opening (its connection went with the network it used, however open it looks); a network
   * that comes back ends a back-off wait.
   */
  subscribeOnline?: (listener: (online: boolean) => void) => () => void;
  random: () => number;
  /** A stream silent this long is dead (the server comments every 25 s). */
  idleTimeoutMs?: number;
  now?: () => number;
}

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;
/** More than two keep-alive periods without a byte: the connection is dead, however open it looks. */
export const IDLE_TIMEOUT_MS = LIVE_KEEPALIVE_SECONDS * 1000 * 2 + 10_000;

/** Exponential back-off with jitter (half to full), so a restarted server is not hit by every tab at once. */
export function backoffMs(failures: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** Starts the loop; the answer stops it (and closes the stream). */
export function startEventStream(deps: EventStreamDeps): () => void {
  const stopper = new AbortController();
  const idleTimeoutMs = deps.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  const now = deps.now ?? Date.now;
  let lastEventId: string | null = null;
  let failures = 0;
  let everOpened = false;
  /** Ends the attempt in progress, if any. */
  let cutAttempt: (() => void) | null = null;
  /** Ends the back-off wait in progress, if any. */
  let wakeUp: (() => void) | null = null;
  /** The network came back since the last attempt began: no wait before the next. */
  let networkBack = false;
  // A stream open when the network went could otherwise look live, silent, until the idle
  // timeout (a minute), with no polling meanwhile: a screen on old data with the network there.
  const stopListening = deps.subscribeOnline?.((online) => {
    cutAttempt?.();
    if (!online) return;
    networkBack = true;
    wakeUp?.();
  });
  stopper.signal.addEventListener('abort', () => stopListening?.(), { once: true });

  async function openOnce(forceRefresh: boolean): Promise<{ opened: boolean }> {
    const token = await deps.getToken(forceRefresh);
    if (!token) throw new StreamHttpError(401);
    const attempt = new AbortController();
    const abortAttempt = () => attempt.abort();
    stopper.signal.addEventListener('abort', abortAttempt, { once: true });
    cutAttempt = abortAttempt;
    networkBack = false;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(abortAttempt, idleTimeoutMs);
    };
    let opened = false;
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    touch();
    const connectingSince = now();
    try {
      await deps.connect({
        url: deps.url(),
        headers,
        signal: attempt.signal,
        onOpen: () => {
          opened = true;
          failures = 0;
          deps.onState('live');
          if (everOpened) deps.onReconnect();
          else deps.onFirstOpen(connectingSince);
          everOpened = true;
        },
        onEvent: (event) => {
          touch();
          if (event.id) lastEventId = event.id;
          deps.onEvent(event);
        },
        onActivity: touch,
      });
      return { opened };
    } finally {
      clearTimeout(idle);
      stopper.signal.removeEventListener('abort', abortAttempt);
      cutAttempt = null;
    }
  }

  async function run() {
    deps.onState('connecting');
    let forceRefresh = false;
    while (!stopper.signal.aborted) {
      try {
        await openOnce(forceRefresh);
        forceRefresh = false;
      } catch (error) {
        if (stopper.signal.aborted) return;
        // A refused token gets one fresh token at once; a second refusal waits like any failure.
        if (error instanceof StreamHttpError && error.status === 401 && !forceRefresh) {
          forceRefresh = true;
          continue;
        }
        forceRefresh = false;
      }
      if (stopper.signal.aborted) return;
      deps.onState('down');
      failures += 1;
      await rest(backoffMs(failures, deps.random));
    }
  }

  /** Waits before the next try, unless the network came back meanwhile (then it is tried at once). */
  async function rest(ms: number): Promise<void> {
    if (networkBack) {
      networkBack = false;
      return;
    }
    const nap = new AbortController();
    const wake = () => nap.abort();
    wakeUp = wake;
    stopper.signal.addEventListener('abort', wake, { once: true });
    try {
      await deps.sleep(ms, nap.signal);
    } catch {
      // Woken early, or stopped (the loop then ends).
    } finally {
      stopper.signal.removeEventListener('abort', wake);
      wakeUp = null;
      networkBack = false;
    }
  }

  void run();
  return () => stopper.abort();
}
