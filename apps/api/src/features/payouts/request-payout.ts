import { createHash } from 'node:crypto';
import { formatCurrency } from '@app/shared/format';
import type { CreatePayoutParsed } from '@app/shared/schemas/money';
import type { AuthContext } from '../../auth/auth-context';
import type { Database } from '../../db/database';
import { payouts } from '../../db/tables/payouts.table';
import { conflict, fieldError, forbidden } from '../../http/http-error';
import { sqlState } from '../../auth/member-accounts';
import { lockWallet, moveRequested } from '../../money/ledger';
import { findByIdempotencyKey, findPayout, type PayoutWithPayee } from './payouts-repository';

export interface PayoutRequest {
  body: CreatePayoutParsed;
  idempotencyKey: string | null;
}

/** What makes two requests "the same body" for an Idempotency-Key: the parsed amount and note. */
const requestHash = (body: CreatePayoutParsed) => createHash('sha256').update(JSON.stringify([body.amount, body.note ?? null])).digest('hex');

const KEY_REUSED = 'This Idempotency-Key was used for another payout request; use a new key for a new request';

/**
 * POST /payouts/ (design.md section 10). The requester's wallet row is locked first, so
 * concurrent requests queue: each sees what the others took from `available`, and a
 * retried key finds the payout its first attempt made.
 */
export async function requestPayout(db: Database, auth: AuthContext, request: PayoutRequest): Promise<{ payout: PayoutWithPayee; replayed: boolean }> {
  const owner =
    auth.role === 'vendor' && auth.vendorId !== null
      ? { type: 'vendor' as const, id: auth.vendorId }
      : auth.role === 'driver' && auth.driverId !== null
        ? { type: 'driver' as const, id: auth.driverId }
        : null;
  if (!owner) throw forbidden('Only a vendor or a driver may request a payout');
  const hash = requestHash(request.body);
  try {
    const outcome = await db.transaction(async (tx) => {
      const wallet = await lockWallet(tx, owner.type, owner.id);
      if (request.idempotencyKey !== null) {
        const earlier = await findByIdempotencyKey(tx, auth.memberId, request.idempotencyKey);
        if (earlier) {
          if (earlier.requestHash !== hash) throw conflict(KEY_REUSED);
          return { id: earlier.id, replayed: true };
        }
      }
      const available = wallet.balancePaise - wallet.requestedPaise;
      if (request.body.amount > available) {
        throw fieldError('amount', `Amount may be at most what is available: ${formatCurrency(available / 100)}`);
      }
      const [row] = await tx
        .insert(payouts)
        .values({
          walletId: wallet.id,
          vendorId: owner.type === 'vendor' ? owner.id : null,
          driverId: owner.type === 'driver' ? owner.id : null,
          amountPaise: request.body.amount,
          note: request.body.note ?? null,
          requestedBy: auth.memberId,
          idempotencyKey: request.idempotencyKey,
          requestHash: request.idempotencyKey === null ? null : hash,
        })
        .returning({ id: payouts.id });
      await moveRequested(tx, wallet, request.body.amount);
      return { id: row!.id, replayed: false };
    });
    return { payout: (await findPayout(db, outcome.id))!, replayed: outcome.replayed };
  } catch (error) {
    // The wallet lock makes this all but impossible; should a key still collide, the winner's answer stands.
    if (request.idempotencyKey !== null && sqlState(error) === '23505') {
      const earlier = await findByIdempotencyKey(db, auth.memberId, request.idempotencyKey);
      if (earlier && earlier.requestHash === hash) return { payout: (await findPayout(db, earlier.id))!, replayed: true };
      throw conflict(KEY_REUSED);
    }
    throw error;
  }
}
