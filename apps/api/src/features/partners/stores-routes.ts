import { createStoreRequestSchema, storeDetailSchema, storeListQuerySchema, updateStoreInfoRequestSchema } from '@app/shared/schemas/partners';
import { resourceRoutes } from '../../http/resource-kit/resource-routes';
import { locationColumns } from '../../db/store-location';
import { createStore } from './create-store';
import { storeRecords } from './stores-repository';

const SEEN_BY_ALL = ['admin', 'vendor', 'store'] as const;

// PATCH /stores/{id}/ (an admin assigning a vendor or setting the pin) belongs to the
// members feature; this one edits the store's own details at /stores/{id}/info.
export const storesRoutes = resourceRoutes({
  path: '/stores',
  tags: ['stores'],
  notFound: 'No such store',
  item: storeDetailSchema,
  records: storeRecords,
  list: { roles: SEEN_BY_ALL, summary: 'Lists stores, newest first: an admin all, a vendor its own, a store itself', query: storeListQuerySchema },
  read: { roles: SEEN_BY_ALL, summary: 'One store (admin, its vendor, or the store itself)' },
  create: {
    roles: ['admin', 'vendor'],
    summary: 'Adds a store with its account, approved at once (admin, or a vendor adding its own)',
    body: createStoreRequestSchema,
    mayConflict: true,
    run: ({ db, tenancy }, body) => createStore(db, tenancy, body),
  },
  update: {
    path: '/info',
    roles: SEEN_BY_ALL,
    summary: 'Changes a store\'s name, address, phone or pin on the map (`location`, null removes it; admin, its vendor, or the store itself)',
    body: updateStoreInfoRequestSchema,
    run: ({ db, tenancy }, id, { name, address, phone, location }) => storeRecords.update(db, tenancy, id, { name, address, phone, ...locationColumns(location) }),
  },
});
