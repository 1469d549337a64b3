import { paiseToRupees } from '@app/shared/money';
import type { Payout } from '@app/shared/schemas/money';
import type { PayoutWithPayee } from './payouts-repository';

export function toPayout({ payout: p, payeeName }: PayoutWithPayee): Payout {
  return {
    id: p.id,
    status: p.status,
    amount: paiseToRupees(p.amountPaise),
    vendor_id: p.vendorId,
    driver_id: p.driverId,
    payee_name: payeeName,
    note: p.note,
    reference: p.reference,
    reason: p.reason,
    created_at: p.createdAt.toISOString(),
    decided_at: p.decidedAt?.toISOString() ?? null,
  };
}
