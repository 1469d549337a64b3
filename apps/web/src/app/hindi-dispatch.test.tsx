// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DispatchDriver } from '@app/shared/schemas/dispatch';
import type { Order } from '@app/shared/schemas/orders';
import type { PlacesMapProps } from '@/components/map/lazy-map';
import { DispatchView } from '@/features/dispatch/components/dispatch-view';
import { changeLanguage } from '@/lib/language';
import { anOrder } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { registerLanguagePacks } from './language-packs';

// The admins' dispatch page (design.md section 19) in Hindi: as app/hindi-screens.test.tsx
// checks the store's screens, any run of three Latin-letter words outside the data is text
// someone forgot to translate.

const maps = vi.hoisted(() => ({ last: null as PlacesMapProps | null }));
vi.mock('@/components/map/lazy-map', () => ({
  PlacesMap: (props: PlacesMapProps) => {
    maps.last = props;
    return <div data-testid="map" />;
  },
}));

const DATA = ['Deccan Scrap', 'Pinless Scrap', 'Road', 'Ravi', 'Meena', 'Pune', 'Maharashtra'];
const ENGLISH_RUN = /[A-Za-z][A-Za-z'’-]*(?:[\s,.:;!?()]+[A-Za-z][A-Za-z'’-]*){2,}/g;

function englishIn(element: HTMLElement): string[] {
  let text = element.textContent ?? '';
  for (const name of DATA) text = text.replaceAll(name, ' ');
  return text.match(ENGLISH_RUN) ?? [];
}

const pickup = (id: number, store: string, location: { lat: number; lng: number } | null): Order =>
  anOrder({
    id,
    status: 'pending',
    status_label: 'Pending',
    driver: null,
    created_at: '2026-12-06T02:00:00.000Z',
    pickup_slot: { date: '2026-12-06', from: '09:00', to: '12:00' },
    store: { id, name: store, address: `${store} Road`, phone: null, location, city_id: 3, vendor_id: 5 },
  });

const ravi: DispatchDriver = { driver_id: 9, name: 'Ravi', position: { lat: 18.5308, lng: 73.8475, accuracy_m: 10, at: '2026-12-06T04:30:00.000Z' }, orders: [{ id: 70, status: 'moving' }] };
const meena: DispatchDriver = { driver_id: 10, name: 'Meena', position: null, orders: [] };

function serve(orders: Order[], drivers: DispatchDriver[]) {
  fakeApi({
    'GET /cities': { body: [{ id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } }] },
    'GET /orders': { body: orders, headers: { 'x-total-count': String(orders.length) } },
    'GET /drivers/positions': { body: drivers },
  });
}

registerLanguagePacks();

describe('the dispatch page in Hindi', () => {
  beforeAll(() => changeLanguage('hi', { remember: false }));
  afterAll(() => changeLanguage('en', { remember: false }));

  it('shows the pickups, the chosen one and its drivers without English', async () => {
    serve([pickup(51, 'Deccan Scrap', { lat: 18.5204, lng: 73.8567 }), pickup(52, 'Pinless Scrap', null)], [ravi, meena]);
    const { container } = renderApp(<DispatchView />, { route: '/Admin/Dispatch?city_id=3' });
    fireEvent.click(within((await screen.findAllByTestId('dispatch-pickup'))[0]!).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'Deccan Scrap के सबसे पास के ड्राइवर' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'ड्राइवर को भेजें' })).toHaveLength(2);
    expect(screen.getByText('जगह पता नहीं')).toBeTruthy();
    expect(screen.getByText(/दूर$/)).toBeTruthy();
    expect(englishIn(container)).toEqual([]);
    expect(maps.last!.points[0]!.title).toMatch(/से इंतज़ार$/);
    expect(maps.last!.points[1]!.title).toBe('ड्राइवर Ravi: पास में #00000070');
  });

  it('says in Hindi that the city has no pickup and no driver', async () => {
    serve([], []);
    const { container } = renderApp(<DispatchView />, { route: '/Admin/Dispatch?city_id=3' });
    expect(await screen.findByText('Pune में कोई बाकी पिकअप नहीं')).toBeTruthy();
    expect(await screen.findByText('Pune में कोई ड्राइवर नहीं')).toBeTruthy();
    expect(englishIn(container)).toEqual([]);
  });
});
