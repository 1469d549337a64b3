import type { z } from 'zod';
import { escalationListQuerySchema } from '@app/shared/schemas/escalations';
import { memberListQuerySchema } from '@app/shared/schemas/members';
import { orderListQuerySchema } from '@app/shared/schemas/orders';
import { driverListQuerySchema, storeListQuerySchema, vendorListQuerySchema } from '@app/shared/schemas/partners';
import type { SavedViewList } from '@app/shared/schemas/saved-views';
import { fieldError } from '../../http/http-error';

/** Each list's own query schema: a view holds only what its list would accept. */
const LIST_QUERY_SCHEMAS: Record<SavedViewList, z.ZodType> = {
  orders: orderListQuerySchema,
  vendors: vendorListQuerySchema,
  stores: storeListQuerySchema,
  drivers: driverListQuerySchema,
  members: memberListQuerySchema,
  escalations: escalationListQuerySchema,
};

/** Paging is where a person is in a list, not what the view shows. */
const PAGING = new Set(['cursor', 'limit']);

/**
 * The view's query string, checked against its list (400 naming `query` otherwise) and
 * written back in one form: parameters sorted, empty ones dropped, so equal views look equal.
 */
export function checkedViewQuery(list: SavedViewList, query: string): string {
  const params = new URLSearchParams(query);
  const kept = new URLSearchParams();
  const seen: Record<string, string> = {};
  for (const key of [...new Set(params.keys())].sort()) {
    if (PAGING.has(key)) throw fieldError('query', `A view keeps filters and sort, not "${key}"`);
    const values = params.getAll(key);
    if (values.length > 1) throw fieldError('query', `"${key}" appears more than once`);
    const value = values[0]!;
    if (value === '') continue;
    seen[key] = value;
    kept.set(key, value);
  }
  const result = LIST_QUERY_SCHEMAS[list].safeParse(seen);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw fieldError('query', `${issue.path.join('.') || list}: ${issue.message}`);
  }
  return kept.toString();
}
