// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Vendor } from '@app/shared/schemas/partners';
import { paths } from '@/config/paths';
import { addTranslations } from '@/lib/i18n';
import { pages } from '@/locales/en/pages';
import { fakeApi, renderApp } from '@/test/render';
import { PartnerPage } from './partner-page';

// The section layout adds the page titles; here the test does.
addTranslations('pages', pages);

const vendor: Vendor = {
  id: 5,
  company_name: 'Green Metals',
  city: { id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } },
  address: '12 FC Road',
  phone: null,
  gstin: null,
  requested_gstin: null,
  gstin_requested_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  member: null,
  store_count: 1,
  order_count: 2,
  wallet_balance: 0,
};

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('a partner page read from ?id=', () => {
  it('shows the record, with a way back to the list', () => {
    fakeApi({});
    renderApp(<PartnerPage path={paths.admin.driverDetail} listHref={paths.admin.drivers.getHref()}>{(id) => <p>Driver {id}</p>}</PartnerPage>, { route: '/Admin/Drivers/Detail?id=4' });
    expect(screen.getByRole('heading', { level: 1, name: 'Driver detail' })).toBeTruthy();
    expect(screen.getByText('Driver 4')).toBeTruthy();
    expect(hrefOf('Back to the list')).toBe('/Admin/Drivers');
  });

  it('says the id is missing, and leads back to the list', () => {
    fakeApi({});
    renderApp(<PartnerPage path={paths.admin.driverDetail} listHref={paths.admin.drivers.getHref()}>{(id) => <p>Driver {id}</p>}</PartnerPage>, { route: '/Admin/Drivers/Detail?id=x' });
    expect(screen.queryByText(/^Driver \d/)).toBeNull();
    expect(screen.getByText(/This page needs a record id/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to the list' }).map((link) => link.getAttribute('href'))).toEqual(['/Admin/Drivers', '/Admin/Drivers']);
  });

  it("names the vendor whose records it lists, and leads back to the vendor's page", async () => {
    const api = fakeApi({ 'GET /vendors/5': { body: vendor } });
    renderApp(<PartnerPage path={paths.admin.vendorsStores} listHref={paths.admin.vendors.getHref()} parent="vendor">{(id) => <p>Stores of {id}</p>}</PartnerPage>, { route: '/Admin/Vendors/Stores?id=5' });
    expect(screen.getByText('Stores of 5')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Green Metals' })).toBeTruthy();
    expect(hrefOf('Green Metals')).toBe('/Admin/Vendors/store?id=5');
    expect(api.calls()).toEqual(['GET /vendors/5']);
  });

  it('asks for no parent without an id', () => {
    const api = fakeApi({});
    renderApp(<PartnerPage path={paths.vendor.storeOrders} listHref={paths.vendor.store.getHref()} parent="store">{(id) => <p>Orders of {id}</p>}</PartnerPage>, { route: '/Vendor/Store/Orders' });
    expect(hrefOf('Back to the list')).toBe('/Vendor/Store');
    expect(api.calls()).toEqual([]);
  });
});
