import type { FastifyInstance } from 'fastify';
import { LIVE_KEEPALIVE_SECONDS } from '@app/shared/constants';
import { AuthCache } from '../../auth/auth-cache';
import { loadAuthContextsById } from '../../auth/auth-context';
import { isApproved } from '../../auth/guards';
import { describeError } from '../../http/database-unavailable';
import { eventsWrittenSince, latestEventId } from './event-replay';
import { LiveDelivery } from './live-delivery';
import { LiveHub, type LiveSubscriber } from './live-hub';
import { startLiveListener } from './live-listener';
import { TenantVersions } from './tenant-versions';

/** What the rest of the app uses of the change feed. */
export interface LiveFeed {
  hub: LiveHub;
  versions: TenantVersions;
  /** Streams end themselves when their member is no longer allowed; this runs the check now. */
  recheckSubscribers(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveFeed;
  }
  interface FastifyContextConfig {
    /**
     * A write that changes nothing its sender reads back and no one's access, whose changes
     * reach the caches through their own events (a driver's position, many a minute):
     * answering it does not start every cached sign-in and answer of this process over.
     */
    keepsCaches?: boolean;
  }
}

const RECHECK_EVERY_MS = 30_000;
const FIRST_LISTEN_WAIT_MS = 10_000;

/**
 * The change feed of this process: LISTEN for events and for changed members, hand events
 * to the open streams and move the tenants' versions, keep streams alive, and end the
 * stream of a member who lost access. Decorates `app.live` and `app.authCache`.
 */
export function registerLiveFeed(app: FastifyInstance): void {
  const hub = new LiveHub();
  const versions = new TenantVersions();
  const authCache = new AuthCache();
  app.decorate('authCache', authCache);

  let recheckTimer: NodeJS.Timeout | null = null;
  const recheckSubscribers = async () => {
    const subscribers = [...hub.all()];
    const fresh = await loadAuthContextsById(app.db, [...new Set(subscribers.map((s) => s.auth.memberId))]);
    for (const subscriber of subscribers) {
      const auth = fresh.get(subscriber.auth.memberId);
      if (!auth || auth.disabled || !isApproved(auth) || passwordChangedSince(subscriber, auth.passwordChangedAt)) subscriber.end();
      else subscriber.auth = auth;
    }
  };
  const recheckSoon = () => {
    if (recheckTimer || hub.size === 0) return;
    recheckTimer = setTimeout(() => {
      recheckTimer = null;
      recheckSubscribers().catch((error: unknown) => app.log.warn({ err: error, reason: describeError(error) }, 'could not re-check event streams'));
    }, 200);
  };

  app.decorate('live', { hub, versions, recheckSubscribers } satisfies LiveFeed);
  const delivery = new LiveDelivery({ hub, load: (since, limit) => eventsWrittenSince(app.db, since, limit), latestId: () => latestEventId(app.db), log: app.log });

  const listener = startLiveListener(
    app.db,
    app.dbKind,
    {
      event(event) {
        if (event.kind === 'order') versions.orderChanged(event);
        delivery.publish(event);
      },
      authChanged() {
        authCache.clear();
        // A store renamed or moved shows in its orders' answers too.
        versions.bumpAll();
        recheckSoon();
      },
      reset() {
        authCache.clear();
        versions.bumpAll();
      },
      resumed(heardUntil) {
        delivery.resume(heardUntil).catch((error: unknown) => app.log.error({ err: error, reason: describeError(error) }, 'change feed catch-up failed'));
      },
    },
    app.log,
  );

  // Streams open only once this process hears what is committed. A database that does not
  // let it LISTEN in time delays nothing else: streams opened before then are closed at the
  // first LISTEN, and their clients replay with Last-Event-ID (live-delivery.ts).
  app.addHook('onReady', async () => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([listener.listening, new Promise((resolve) => (timer = setTimeout(resolve, FIRST_LISTEN_WAIT_MS)))]);
    clearTimeout(timer);
  });

  const keepAlive = setInterval(() => hub.broadcast(': keep-alive\n\n'), LIVE_KEEPALIVE_SECONDS * 1000);
  keepAlive.unref();
  const recheck = setInterval(recheckSoon, RECHECK_EVERY_MS);
  recheck.unref();

  // A write answered by this process is seen by its next read here, before the NOTIFY
  // of the write comes back: cached sign-ins and answers start over.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS' && reply.statusCode < 400 && request.routeOptions.config.keepsCaches !== true) {
      versions.bumpAll();
      authCache.clear();
    }
    done(null, payload);
  });

  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    clearInterval(keepAlive);
    clearInterval(recheck);
    if (recheckTimer) clearTimeout(recheckTimer);
    hub.endAll();
  });
  app.addHook('onClose', async () => listener.close());
}

function passwordChangedSince(subscriber: LiveSubscriber, changedAt: Date | null): boolean {
  if (!changedAt || subscriber.issuedAt === undefined) return false;
  return subscriber.issuedAt * 1000 < changedAt.getTime() - 1000;
}
