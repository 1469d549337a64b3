import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { driversRoutes } from './drivers-routes';
import { staffRoutes } from './staff-routes';
import { storesRoutes } from './stores-routes';
import { vendorsRoutes } from './vendors-routes';

/** Vendors, stores, drivers and a store's staff. */
export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(vendorsRoutes);
  await app.register(storesRoutes);
  await app.register(driversRoutes);
  await app.register(staffRoutes);
};
