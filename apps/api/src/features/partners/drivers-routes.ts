import { driverListQuerySchema, driverSchema, updateDriverRequestSchema } from '@app/shared/schemas/partners';
import { forbidden } from '../../http/http-error';
import { resourceRoutes } from '../../http/resource-kit/resource-routes';
import { assertCityExists } from './new-accounts';
import { driverRecords } from './drivers-repository';

const ADMIN_OR_ITSELF = ['admin', 'driver'] as const;

// POST /drivers/ (an admin creating a driver's account) belongs to the members feature.
export const driversRoutes = resourceRoutes({
  path: '/drivers',
  tags: ['drivers'],
  notFound: 'No such driver',
  item: driverSchema,
  records: driverRecords,
  list: { roles: ['admin'], summary: 'Lists drivers, newest first (admin)', query: driverListQuerySchema },
  read: { roles: ADMIN_OR_ITSELF, summary: 'One driver with its order counts and earnings (admin, or the driver itself)' },
  update: {
    roles: ADMIN_OR_ITSELF,
    summary: 'Changes a driver\'s vehicle number or phone (admin, or the driver itself), or its city (admin)',
    body: updateDriverRequestSchema,
    async run({ db, auth, tenancy }, id, { vehicle_number, phone, city_id }) {
      // A driver's city decides which pickups it is offered: the admin decides that.
      if (city_id !== undefined && auth.role !== 'admin') throw forbidden('Only an admin moves a driver to another city');
      if (city_id !== undefined) await assertCityExists(db, city_id);
      return driverRecords.update(db, tenancy, id, { vehicleNumber: vehicle_number, phone, cityId: city_id });
    },
  },
});
