import { createStaffRequestSchema, staffListQuerySchema, staffSchema, updateStaffRequestSchema } from '@app/shared/schemas/partners';
import type { Tenancy } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/database';
import { fieldError, forbidden } from '../../http/http-error';
import { resourceRoutes } from '../../http/resource-kit/resource-routes';
import { insertStaff, staffRecords, storeExists } from './staff-repository';

const READERS = ['admin', 'vendor', 'store'] as const;
const WRITERS = ['admin', 'store'] as const;

/** The store a new staff member joins: a store's own; the one an admin names. */
async function targetStore(db: DbOrTx, tenancy: Tenancy, requested: number | undefined): Promise<number> {
  if (tenancy.kind === 'store') {
    if (requested !== undefined && requested !== tenancy.storeId) throw fieldError('store_id', 'A store adds staff of its own only');
    return tenancy.storeId;
  }
  if (tenancy.kind !== 'all') throw forbidden('Your role may not do this');
  if (requested === undefined) throw fieldError('store_id', 'Choose the store the person works at');
  if (!(await storeExists(db, requested))) throw fieldError('store_id', 'Unknown store: choose one from the list');
  return requested;
}

export const staffRoutes = resourceRoutes({
  path: '/staff',
  tags: ['staff'],
  notFound: 'No such staff member',
  item: staffSchema,
  records: staffRecords,
  list: { roles: READERS, summary: 'Lists staff, newest first: a store its own, a vendor its stores\', an admin all', query: staffListQuerySchema },
  read: { roles: READERS, summary: 'One staff member' },
  create: {
    roles: WRITERS,
    summary: 'Adds a staff member: a store to itself, an admin to the store named by store_id',
    body: createStaffRequestSchema,
    async run({ db, tenancy }, { name, phone, position, store_id }) {
      const storeId = await targetStore(db, tenancy, store_id);
      return insertStaff(db, { storeId, name, phone, position: position || null });
    },
  },
  update: {
    roles: WRITERS,
    summary: 'Changes a staff member (its store, or an admin)',
    body: updateStaffRequestSchema,
    run: ({ db, tenancy }, id, { name, phone, position }) => staffRecords.update(db, tenancy, id, { name, phone, position: position === '' ? null : position }),
  },
  remove: { roles: WRITERS, summary: 'Removes a staff member (its store, or an admin)' },
});
