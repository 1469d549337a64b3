import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allPaths } from '@/config/paths';
import { createRoutes } from './router';

// product-spec.md section 2 and design.md section 9, letter for letter; the driver's
// notification page came with issue 17 (item 7), like the other roles', and the driver's route
// with design.md section 18, the admins' dispatch with section 19, the household's pages with section 21.
const SPEC_ROUTES = `/ /Login /login /Signup /Forgot/Password /404 /500
/Admin /Admin/Orders /Admin/Orders/OrderImage /Admin/Orders/OrderDetail /Admin/Stores /Admin/Stores/AddNew /Admin/Stores/RejectRequest
/Admin/Vendors /Admin/Vendors/store /Admin/Vendors/AddNew /Admin/Vendors/Orders /Admin/Vendors/Stores /Admin/Vendors/RejectStore
/Admin/Drivers /Admin/Drivers/Detail /Admin/Privacy /Admin/Termcondition /Admin/RateByCity /Admin/RateByCity/AddNewCity
/Admin/Escalations /Admin/Escalations/store /Admin/Escalations/IssueDetail
/Admin/Settings/Order /Admin/Settings/Password /Admin/Settings/AddAccount /Admin/Settings/Information /Admin/Settings/Notification
/Admin/Payouts /Admin/Statements /Admin/Reconciliation /Admin/Dispatch /Vendor/Wallets/Statement /Driver/Earnings/Statement
/Store/Home /Store/Staff /Store/Orders /Store/Orders/CreateOrder /Store/Privacy /Store/Termcondition
/Store/Escalations /Store/Escalations/store /Store/Escalations/CreateIssue /Store/Settings/Information /Store/Settings/Notification
/Vendor/Home /Vendor/Home/StoreInfo /Vendor/Store /Vendor/Store/Orders /Vendor/Store/StoreInfo
/Vendor/Orders /Vendor/Orders/OrderImage /Vendor/Orders/OrderDetail /Vendor/Wallets /Vendor/Privacy /Vendor/Termcondition
/Vendor/Escalations /Vendor/Escalations/store /Vendor/Escalations/CreateIssue /Vendor/Settings/Information /Vendor/Settings/Notification
/Driver/Home /Driver/Orders/OrderDetail /Driver/Route /Driver/Earnings /Driver/Settings/Information /Driver/Settings/Notification
/Household/Start /Household/Book /Household/Home /Household/Orders /Household/Orders/OrderDetail /Sell`.split(/\s+/);

const routes: RouteObject[] = createRoutes();
const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;

describe('route table', () => {
  it.each(SPEC_ROUTES)('%s has its own lazily loaded page', (path) => {
    const route = leaf(path);
    expect(route, path).toBeDefined();
    expect(route?.path, `${path} falls through to the catch-all`).not.toBe('*');
    expect(typeof route?.lazy).toBe('function');
  });

  it('ignores case', () => {
    expect(leaf('/admin/orders/orderdetail')?.path).toBe('/Admin/Orders/OrderDetail');
    expect(leaf('/FORGOT/PASSWORD')?.path).toBe('/Forgot/Password');
  });

  it('opens /Household/Start outside the household section: it is for those not signed in yet', () => {
    const matches = matchRoutes(routes, '/household/start') ?? [];
    expect(matches.at(-1)?.route.path).toBe('/Household/Start');
    expect(matches.some((match) => match.route.path === '/Household')).toBe(false);
  });

  it('sends unknown paths to the catch-all, inside a section or not', () => {
    expect(leaf('/no/such/page')?.path).toBe('*');
    expect(leaf('/Admin/No/Such')?.path).toBe('*');
  });

  it('lists in config/paths.ts exactly the routes of the spec', () => {
    expect(allPaths().map((p) => p.path).sort()).toEqual(SPEC_ROUTES.filter((p) => p !== '/login').sort());
  });

  it('gives every page of a section a title', () => {
    for (const path of SPEC_ROUTES.filter((p) => /^\/(Admin|Store|Vendor|Driver)/.test(p))) {
      const handle = matchRoutes(routes, path)?.at(-1)?.route.handle as { titleKey?: string } | undefined;
      expect(handle?.titleKey, path).toMatch(/^pages:/);
    }
  });
});
