import type { AuthContext } from './auth-context';

/**
 * design.md section 6, in one place: what part of the business a caller may see.
 * Queries turn this into a WHERE clause; a record outside it is answered 404.
 */
export type Tenancy =
  | { kind: 'all' }
  | { kind: 'vendor'; vendorId: number }
  | { kind: 'store'; storeId: number }
  /** A household (design.md section 21): its orders are those of its home, a stores row of kind 'household'. */
  | { kind: 'household'; storeId: number }
  | { kind: 'driver'; driverId: number; cityId: number }
  | { kind: 'none' };

export function tenancyOf(auth: AuthContext): Tenancy {
  switch (auth.role) {
    case 'admin':
      return { kind: 'all' };
    case 'vendor':
      return auth.vendorId ? { kind: 'vendor', vendorId: auth.vendorId } : { kind: 'none' };
    case 'store':
      return auth.storeId ? { kind: 'store', storeId: auth.storeId } : { kind: 'none' };
    case 'household':
      return auth.storeId ? { kind: 'household', storeId: auth.storeId } : { kind: 'none' };
    case 'driver':
      return auth.driverId && auth.cityId ? { kind: 'driver', driverId: auth.driverId, cityId: auth.cityId } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}
