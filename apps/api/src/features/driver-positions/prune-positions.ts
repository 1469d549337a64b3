import type { DbOrTx } from '../../db/database';
import { prunePositionRows, type PruneResult } from './positions-repository';

/** design.md section 19: a position is deleted this long after its driver stopped holding an order on the way. */
export const POSITION_KEEP_HOURS = 24;

/**
 * The scheduler's retention of drivers' positions and ETAs (design.md section 19): notes
 * when a driver stops holding an order in `moving` or `arrived`, deletes its position
 * POSITION_KEEP_HOURS later, and deletes at once the ETAs no answer shows any more. Every
 * statement is idempotent; the scheduler runs it under its pruning lock, so with several
 * API processes one of them does it per tick.
 */
export async function prunePositions(tx: DbOrTx, now: Date = new Date()): Promise<PruneResult> {
  return prunePositionRows(tx, now, POSITION_KEEP_HOURS);
}
