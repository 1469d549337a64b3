import type { z } from 'zod';
import { OCCURRED_AT_GRACE_MS, type driverPositionBodySchema } from '@app/shared/schemas/geo';
import type { AuthContext } from '../../auth/auth-context';
import type { Database } from '../../db/database';
import { conflict, fieldError, forbidden, HttpError } from '../../http/http-error';
import { estimateArrival } from './eta';
import { insertEtaEvents, readPostingClock, saveEtas, savePosition, secondsUntilNextPost, type EtaAudience, type NewEta } from './positions-repository';

/** A position as the route validated it (degrees rounded, `at` checked). */
export type PositionPost = z.output<typeof driverPositionBodySchema>;

/** 429 with the seconds to wait, which the route sends as Retry-After. */
export class TooSoon extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Positions are taken at most every 5 seconds: send the next one in ${retryAfterSeconds} s`);
  }
}

export interface RecordPositionOptions {
  /** ROUTING_URL: an OSRM server for the ETA; unset, the formula. */
  routingUrl: string | undefined;
  /** Told when the routing server failed and the formula answered instead. */
  onRoutingFailure?: (orderId: number) => void;
}

/**
 * POST /drivers/me/position (design.md section 19): keeps the driver's position, then the
 * ETA of each of its moving orders whose store has a pin, and writes an `order` event for
 * each ETA whose figures changed. Answers the orders whose event was written (the route
 * moves this process's answer caches for them at once; NOTIFY does so everywhere).
 */
export async function recordPosition(db: Database, auth: AuthContext, body: PositionPost, options: RecordPositionOptions): Promise<EtaAudience[]> {
  const driverId = auth.driverId;
  if (auth.role !== 'driver' || driverId === null) throw forbidden('Only a driver sends its position');
  const clock = await readPostingClock(db, driverId, body.at, OCCURRED_AT_GRACE_MS);
  if (clock.future) throw fieldError('at', `This time is in the future: a position may be at most ${OCCURRED_AT_GRACE_MS / 60_000} minutes ahead of the server's clock`);
  if (clock.orders.length === 0) throw conflict('You have no order on the way (moving): positions are taken only while you drive to a pickup');
  const saved = await savePosition(db, driverId, { lat: body.lat, lng: body.lng, accuracyM: body.accuracy_m ?? null, at: body.at });
  if (!saved) throw new TooSoon(await secondsUntilNextPost(db, driverId));

  // Outside any transaction: a routing server takes its time (bounded), holding no lock meanwhile.
  const from = { lat: saved.lat, lng: saved.lng };
  const etas: NewEta[] = [];
  await Promise.all(
    clock.orders.map(async (order) => {
      if (order.store_lat === null || order.store_lng === null) return;
      const eta = await estimateArrival(options.routingUrl, from, { lat: order.store_lat, lng: order.store_lng });
      if (options.routingUrl && eta.source === 'formula') options.onRoutingFailure?.(order.id);
      etas.push({ orderId: order.id, driverId, distanceKm: eta.distanceKm, minutes: eta.minutes, atMs: saved.atMs, source: eta.source });
    }),
  );
  if (etas.length === 0) return [];
  const changed = etas
    .filter((eta) => {
      const before = clock.orders.find((o) => o.id === eta.orderId);
      return before?.eta_distance_km !== eta.distanceKm || before.eta_minutes !== eta.minutes;
    })
    .map((eta) => eta.orderId);
  return db.transaction(async (tx) => {
    await saveEtas(tx, etas);
    return insertEtaEvents(tx, changed);
  });
}
