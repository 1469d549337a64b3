import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createVendorRequestSchema, updateVendorRequestSchema, vendorListQuerySchema, vendorSchema } from '@app/shared/schemas/partners';
import { resourceRoutes } from '../../http/resource-kit/resource-routes';
import { createVendor } from './create-vendor';
import { changeVendor, VENDOR_NOT_FOUND } from './vendor-gstin';
import { vendorGstinRoutes } from './vendor-gstin-routes';
import { vendorRecords } from './vendors-repository';

const ADMIN_OR_ITSELF = ['admin', 'vendor'] as const;

const vendorRoutes = resourceRoutes({
  path: '/vendors',
  tags: ['vendors'],
  notFound: VENDOR_NOT_FOUND,
  item: vendorSchema,
  records: vendorRecords,
  list: { roles: ['admin'], summary: 'Lists vendors, newest first (admin)', query: vendorListQuerySchema },
  read: { roles: ADMIN_OR_ITSELF, summary: 'One vendor (admin, or the vendor itself)' },
  create: {
    roles: ['admin'],
    summary: 'Adds a vendor with its account, approved at once (admin)',
    body: createVendorRequestSchema,
    mayConflict: true,
    run: ({ db }, body) => createVendor(db, body),
  },
  update: {
    roles: ADMIN_OR_ITSELF,
    summary: 'Changes a vendor\'s company name, address, phone or GSTIN (admin, or the vendor itself: its GSTIN then waits for an admin\'s approval)',
    body: updateVendorRequestSchema,
    // A vendor it may not see is changeVendor's 404.
    run: ({ db, auth }, id, body) => changeVendor(db, auth, id, body),
  },
});

export const vendorsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(vendorGstinRoutes);
  await app.register(vendorRoutes);
};
