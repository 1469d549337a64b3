import type { AnyColumn } from 'drizzle-orm';
import type { OrderingValue } from '@app/shared/schemas/list';
import type { SortKey } from '../keyset';

/** How a list may be sorted (design.md section 13): a key for each `ordering` field, and the one used when none is asked for. */
export interface Sorting<F extends string> {
  keys: Record<F, SortKey>;
  fallback: OrderingValue<F>;
}

/** The fields a list's query string may sort by: `created_at` of `ordering=-created_at`. */
export type OrderingField<Q> = Q extends { ordering?: infer O } ? Exclude<O, undefined | `-${string}`> & string : never;

/**
 * The sorting of most lists: by when each record was added, newest first unless the query
 * asks otherwise, or by one of the text columns named (`{ name: stores.name }`).
 */
export function newestFirst<F extends string>(createdAt: AnyColumn, byText: Record<F, AnyColumn>): Sorting<'created_at' | F> {
  const textKeys = Object.fromEntries(Object.entries<AnyColumn>(byText).map(([field, expr]) => [field, { expr, type: 'text' } satisfies SortKey]));
  return { keys: { created_at: { expr: createdAt, type: 'timestamptz' }, ...textKeys } as Record<'created_at' | F, SortKey>, fallback: '-created_at' };
}
