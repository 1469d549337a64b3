import { formatCurrency } from '@app/shared/format';
import type { AuthContext } from '../../auth/auth-context';
import type { Database } from '../../db/database';
import { conflict, notFound } from '../../http/http-error';
import { notifyMember } from '../../notifications/notify';
import { appendEntry, lockWalletById, moveRequested } from '../../money/ledger';
import { decide, findPayout, type PayoutRow, type PayoutWithPayee } from './payouts-repository';

export type PayoutDecision = { action: 'approve'; reference: string } | { action: 'reject'; reason: string } | { action: 'cancel' };

const STATUS_OF = { approve: 'paid', reject: 'rejected', cancel: 'cancelled' } as const;
const payoutNotFound = (id: number) => notFound(`Payout ${id} was not found`);

/** Only the requester's own vendor or driver may cancel; to anyone else the payout does not exist. */
function mayCancel(auth: AuthContext, p: PayoutRow): boolean {
  return (auth.role === 'vendor' && p.vendorId !== null && p.vendorId === auth.vendorId) || (auth.role === 'driver' && p.driverId !== null && p.driverId === auth.driverId);
}

function decisionNote(p: PayoutRow, decision: PayoutDecision) {
  const amount = formatCurrency(p.amountPaise / 100);
  const link = p.vendorId !== null ? '/Vendor/Wallets' : '/Driver/Earnings';
  if (decision.action === 'approve') return { title: 'Payout paid', body: `Your payout of ${amount} was paid. Bank reference: ${decision.reference}`, link };
  if (decision.action === 'reject') return { title: 'Payout rejected', body: `Your payout of ${amount} was rejected: ${decision.reason}`, link };
  return null;
}

/**
 * PATCH /payouts/{id}/approve|reject|cancel/. The wallet row is locked first (as a request
 * does), then the payout leaves `requested` by a conditional update: of racing decisions
 * one matches and wins, the others find it decided and answer 409. Paying it appends one
 * `payout` entry that debits the ledger.
 */
export async function decidePayout(db: Database, auth: AuthContext, id: number, decision: PayoutDecision): Promise<PayoutWithPayee> {
  const current = await findPayout(db, id);
  if (!current) throw payoutNotFound(id);
  if (decision.action === 'cancel' && !mayCancel(auth, current.payout)) throw payoutNotFound(id);
  await db.transaction(async (tx) => {
    let wallet = await lockWalletById(tx, current.payout.walletId);
    const decided = await decide(tx, id, {
      status: STATUS_OF[decision.action],
      decidedBy: auth.memberId,
      ...(decision.action === 'approve' ? { reference: decision.reference } : {}),
      ...(decision.action === 'reject' ? { reason: decision.reason } : {}),
    });
    if (!decided) throw conflict(`Payout ${id} is no longer requested: it was already decided`);
    wallet = await moveRequested(tx, wallet, -decided.amountPaise);
    if (decision.action === 'approve') await appendEntry(tx, wallet, { kind: 'payout', amountPaise: -decided.amountPaise, payoutId: decided.id });
    const note = decisionNote(decided, decision);
    if (note && decided.requestedBy !== null) await notifyMember(tx, decided.requestedBy, note);
  });
  return (await findPayout(db, id))!;
}
