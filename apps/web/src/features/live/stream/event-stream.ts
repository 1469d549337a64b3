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
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
  /** A stream silent this long is dead (the server comments every 25 s). */
  idleTimeoutMs?: number;
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
  let lastEventId: string | null = null;
  let failures = 0;
  let everOpened = false;

  async function openOnce(forceRefresh: boolean): Promise<{ opened: boolean }> {
    const token = await deps.getToken(forceRefresh);
    if (!token) throw new StreamHttpError(401);
    const attempt = new AbortController();
    const abortAttempt = () => attempt.abort();
    stopper.signal.addEventListener('abort', abortAttempt, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(abortAttempt, idleTimeoutMs);
    };
    let opened = false;
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    touch();
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
      try {
        await deps.sleep(backoffMs(failures, deps.random), stopper.signal);
      } catch {
        return; // stopped while waiting
      }
    }
  }

  void run();
  return () => stopper.abort();
}
