// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aStoreDetail } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { StoreInfo } from './store-info';

const store = aStoreDetail({
  id: 3,
  name: 'Sunita Kabadi Store',
  address: '5 MG Road',
  vendor: { id: 5, company_name: 'Green Metals' },
  member: { id: 9, login_id: 'sunita@example.com', name: 'Sunita', phone: null, role: 'store', is_verified: true, approval_status: 'approved', rejection_reason: null },
  order_count: 12,
  staff_count: 2,
});

/** The value shown under a label of the details card. */
const detailOf = (label: string) => within(screen.getByRole('heading', { name: 'Store details' }).closest('div')!.parentElement!).getByText(label).nextElementSibling as HTMLElement;

describe("a store's page", () => {
  it('shows its numbers, its details beside its account, and the way to its orders', async () => {
    fakeApi({ 'GET /stores/3': { body: store } });
    renderApp(<StoreInfo id={3} ordersHref="/Vendor/Store/Orders?id=3" />);
    expect(await screen.findByText('12')).toBeTruthy();
    expect(screen.getByText('Green Metals')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View orders' }).getAttribute('href')).toBe('/Vendor/Store/Orders?id=3');
    expect(detailOf('City').textContent).toBe('Pune, Maharashtra');
    expect(detailOf('Phone').textContent).toBe('Not given');
    expect(screen.getByText('sunita@example.com')).toBeTruthy();
  });

  it('edits its details through the edit dialog', async () => {
    const api = fakeApi({ 'GET /stores/3': { body: store }, 'PATCH /stores/3/info': { body: { ...store, address: '7 MG Road' } } });
    renderApp(<StoreInfo id={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit store details' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Address/ }), { target: { value: '7 MG Road' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls()).toContain('PATCH /stores/3/info'));
    expect(await api.requests.find((r) => r.method === 'PATCH')!.json()).toMatchObject({ address: '7 MG Road' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
