// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '@app/shared/schemas/orders';
import { anOrder, anOrderDetail } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { StoreMapCard } from './store-map-card';

const store = { ...anOrder().store, name: 'Asha Scrap Point', address: '5 MG Road', location: { lat: 18.5204, lng: 73.8567 } };

function arrival(id: number, metres: number | null): OrderEvent {
  return {
    id,
    action: 'arrived',
    from_status: 'moving',
    to_status: 'arrived',
    actor: null,
    reason: null,
    lines_before: null,
    lines_after: null,
    occurred_at: '2026-11-20T10:00:00Z',
    arrived_distance_m: metres,
    created_at: '2026-11-20T10:00:00Z',
  } as OrderEvent;
}

describe("the admin's map card of an order", () => {
  it("shows the store's pin on a map", async () => {
    renderApp(<StoreMapCard order={anOrderDetail({ store })} arrivalRadiusM={300} />);
    expect(screen.getByRole('heading', { name: 'Where the store is' })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[title="Asha Scrap Point: the store\'s pin"]')).not.toBeNull());
    expect(screen.queryByTestId('store-map-arrival')).toBeNull();
  });

  it('says when no pin is set, with the way to the stores page where it is set', () => {
    renderApp(<StoreMapCard order={anOrderDetail({ store: { ...store, location: null } })} arrivalRadiusM={300} />);
    expect(screen.getByTestId('store-map-no-pin').textContent).toMatch(/^No location set for this store\./);
    expect(screen.getByRole('link', { name: 'Set it on the stores page' }).getAttribute('href')).toBe('/Admin/Stores?search=Asha+Scrap+Point');
  });

  it("names a household's home as a household's, and sends nobody to the stores page for its pin", async () => {
    const home = renderApp(<StoreMapCard order={anOrderDetail({ customer_kind: 'household', vendor_id: null, store: { ...store, name: 'Meena Joshi' } })} arrivalRadiusM={300} />);
    expect(home.getByRole('heading', { name: 'Where the household is' })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[title="Meena Joshi: the household\'s pin"]')).not.toBeNull());
    home.unmount();
    renderApp(<StoreMapCard order={anOrderDetail({ customer_kind: 'household', vendor_id: null, store: { ...store, location: null } })} arrivalRadiusM={300} />);
    expect(screen.getByTestId('store-map-no-pin').textContent).toMatch(/^The household has not put a pin/);
    expect(screen.queryByRole('link', { name: 'Set it on the stores page' })).toBeNull();
  });

  it('measures the latest arrival against Settings\' radius', () => {
    const away = renderApp(<StoreMapCard order={anOrderDetail({ store, events: [arrival(1, 40), arrival(2, 1234)] })} arrivalRadiusM={300} />);
    expect(away.getByTestId('store-map-arrival').textContent).toBe('Arrived 1.2 km from the store');
    away.unmount();
    renderApp(<StoreMapCard order={anOrderDetail({ store, events: [arrival(1, 1234), arrival(2, 250)] })} arrivalRadiusM={300} />);
    expect(screen.getByTestId('store-map-arrival').textContent).toBe('Arrived at the store');
  });
});
