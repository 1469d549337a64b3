import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { driverListQuerySchema, driverSchema, idParamsSchema, updateDriverRequestSchema } from '@app/shared/schemas/partners';
import { authOf, requireAuth } from '../../auth/guards';
import { tenancyOf } from '../../auth/tenancy';
import { errorResponses } from '../../http/error-responses';
import { forbidden, notFound } from '../../http/http-error';
import { listEtag, setListHeaders } from '../../http/paging';
import { assertCityExists } from './new-accounts';
import { findDriver, listDrivers, updateDriver } from './drivers-repository';

const tags = ['drivers'];
const security = [{ bearer: [] }];
const NOT_FOUND = 'No such driver';

// POST /drivers/ (an admin creating a driver's account) belongs to the members feature.
export const driversRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/drivers',
    {
      onRequest: requireAuth({ roles: ['admin'] }),
      onSend: listEtag,
      schema: {
        tags,
        security,
        summary: 'Lists drivers, newest first (admin)',
        querystring: driverListQuerySchema,
        response: { 200: z.array(driverSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listDrivers(app.db, tenancyOf(authOf(request)), request.query);
      setListHeaders(request, reply, page.total, page.nextCursor);
      return page.items;
    },
  );

  app.get(
    '/drivers/:id',
    {
      onRequest: requireAuth({ roles: ['admin', 'driver'] }),
      schema: {
        tags,
        security,
        summary: 'One driver with its order counts and earnings (admin, or the driver itself)',
        params: idParamsSchema,
        response: { 200: driverSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const driver = await findDriver(app.db, tenancyOf(authOf(request)), request.params.id);
      if (!driver) throw notFound(NOT_FOUND);
      return driver;
    },
  );

  app.patch(
    '/drivers/:id',
    {
      onRequest: requireAuth({ roles: ['admin', 'driver'] }),
      schema: {
        tags,
        security,
        summary: 'Changes a driver\'s vehicle number or phone (admin, or the driver itself), or its city (admin)',
        params: idParamsSchema,
        body: updateDriverRequestSchema,
        response: { 200: driverSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const tenancy = tenancyOf(auth);
      const { vehicle_number, phone, city_id } = request.body;
      // A driver's city decides which pickups it is offered: the admin decides that.
      if (city_id !== undefined && auth.role !== 'admin') throw forbidden('Only an admin moves a driver to another city');
      if (city_id !== undefined) await assertCityExists(app.db, city_id);
      const updated = await updateDriver(app.db, tenancy, request.params.id, { vehicleNumber: vehicle_number, phone, cityId: city_id });
      if (!updated) throw notFound(NOT_FOUND);
      return (await findDriver(app.db, tenancy, request.params.id))!;
    },
  );
};
