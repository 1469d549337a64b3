import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { idempotencyKeys } from '../db/tables/idempotency.table';

// Queries only: idempotent.ts holds the rules.

export interface KeyOwner {
  memberId: number;
  key: string;
}

/** How old a stored key may grow before the scheduler removes it (design.md asks at least 24 hours). */
export const KEEP_KEYS_HOURS = 48;

const ownedBy = (owner: KeyOwner) => and(eq(idempotencyKeys.memberId, owner.memberId), eq(idempotencyKeys.key, owner.key));

// The class id of the per-member advisory locks of the cap (pg_advisory_xact_lock(class, member)).
const KEY_CAP_LOCK_CLASS = 4_201_039;

/**
 * Claims the key for one request (state `running`); false when the member already used it.
 * With `keepPerMember`, the member's oldest keys beyond that many go in the same
 * transaction. The member's advisory lock makes concurrent claims of one member take turns,
 * so each sees the others' rows and the count never passes the cap; other members' claims
 * do not wait.
 */
export async function claimKey(db: DbOrTx, owner: KeyOwner, claim: { route: string; requestHash: string; claimToken: string }, keepPerMember?: number): Promise<boolean> {
  const insert = (tx: DbOrTx) =>
    tx.insert(idempotencyKeys).values({ ...owner, ...claim, state: 'running' }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (keepPerMember === undefined) return (await insert(db)).length > 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_CAP_LOCK_CLASS}, ${owner.memberId})`);
    const claimed = (await insert(tx)).length > 0;
    if (claimed) await dropOldestKeys(tx, owner, keepPerMember);
    return claimed;
  });
}

/** Keeps the member's `keep` newest keys, the new one among them; the primary key's member prefix finds them. */
async function dropOldestKeys(tx: DbOrTx, owner: KeyOwner, keep: number): Promise<void> {
  const beyond = tx
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.memberId, owner.memberId), ne(idempotencyKeys.key, owner.key)))
    .orderBy(desc(idempotencyKeys.createdAt), desc(idempotencyKeys.key))
    .offset(Math.max(keep - 1, 0));
  await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.memberId, owner.memberId), inArray(idempotencyKeys.key, beyond)));
}

/** The key's row, and whether a running claim is older than `staleSeconds` (judged by the database's clock, the same for every process). */
export async function findKey(db: DbOrTx, owner: KeyOwner, staleSeconds: number) {
  const [row] = await db
    .select({
      route: idempotencyKeys.route,
      requestHash: idempotencyKeys.requestHash,
      state: idempotencyKeys.state,
      claimToken: idempotencyKeys.claimToken,
      statusCode: idempotencyKeys.statusCode,
      body: idempotencyKeys.body,
      stale: sql<boolean>`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${staleSeconds})`,
    })
    .from(idempotencyKeys)
    .where(ownedBy(owner));
  return row;
}
export type KeyRow = NonNullable<Awaited<ReturnType<typeof findKey>>>;

/** Whether the member has used this key at all (one primary-key lookup). */
export async function keyExists(db: DbOrTx, owner: KeyOwner): Promise<boolean> {
  const [row] = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(ownedBy(owner));
  return row !== undefined;
}

/** Takes a stale running claim over; of several takers exactly one gets true. */
export async function takeOverClaim(db: DbOrTx, owner: KeyOwner, staleToken: string, claimToken: string, staleSeconds: number): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ claimToken, createdAt: sql`now()` })
    .where(
      and(
        ownedBy(owner),
        eq(idempotencyKeys.state, 'running'),
        eq(idempotencyKeys.claimToken, staleToken),
        sql`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${staleSeconds})`,
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** Stores the answer of the claim; false when the claim was taken over meanwhile (the taker's answer stands). */
export async function storeAnswer(db: DbOrTx, owner: KeyOwner, claimToken: string, answer: { statusCode: number; body: unknown }): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ state: 'done', statusCode: answer.statusCode, body: answer.body })
    .where(and(ownedBy(owner), eq(idempotencyKeys.claimToken, claimToken), eq(idempotencyKeys.state, 'running')))
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** Gives the claim up, so that a retry with the key runs the work again. */
export async function releaseClaim(db: DbOrTx, owner: KeyOwner, claimToken: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(ownedBy(owner), eq(idempotencyKeys.claimToken, claimToken), eq(idempotencyKeys.state, 'running')));
}

/** The scheduler's pruning: keys older than KEEP_KEYS_HOURS, through idempotency_keys_created_at_idx. */
export async function pruneKeys(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${KEEP_KEYS_HOURS})`)
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
