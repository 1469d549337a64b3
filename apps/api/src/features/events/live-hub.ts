import type { AuthContext } from '../../auth/auth-context';
import { formatSse, mayReceive, type LiveEvent } from './live-event';

/** One open stream: who is listening, and how to write to it. */
export interface LiveSubscriber {
  auth: AuthContext;
  /** An event this subscriber may see, with its SSE text. */
  send(event: LiveEvent, text: string): void;
  /** Raw text (a keep-alive comment). */
  write(chunk: string): void;
  /** Ends the stream (the member lost access, or the server closes). */
  end(): void;
  /** When the token or ticket that opened it was issued (seconds): a later password change ends it. */
  issuedAt: number | undefined;
}

/**
 * The streams open in this process. Each event is formatted once and written to every
 * subscriber that may see it; with thousands of streams that is a loop of small writes.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();

  get size(): number {
    return this.subscribers.size;
  }

  add(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  publish(event: LiveEvent): void {
    let text: string | null = null;
    for (const subscriber of this.subscribers) {
      if (!mayReceive(subscriber.auth, event)) continue;
      text ??= formatSse(event);
      subscriber.send(event, text);
    }
  }

  /** Writes the same text (a keep-alive comment) to every stream. */
  broadcast(text: string): void {
    for (const subscriber of this.subscribers) subscriber.write(text);
  }

  all(): Iterable<LiveSubscriber> {
    return this.subscribers;
  }

  /** Ends every stream; a client reconnects with Last-Event-ID and the replay gives it what it missed. */
  endAll(): void {
    for (const subscriber of [...this.subscribers]) subscriber.end();
  }
}
