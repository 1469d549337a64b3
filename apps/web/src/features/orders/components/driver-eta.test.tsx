// @vitest-environment happy-dom
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setFormatLanguage } from '@app/shared/format';
import type { OrderEta } from '@app/shared/schemas/orders';
import { addTranslations, i18n } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { anOrder, anOrderDetail } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { ordersHi } from '../locales/hi';
import { DriverEta, DriverEtaLine } from './driver-eta';
import { OrderCard } from './order-card';
import { StoreOrderDetailDialog } from './store-order-detail-dialog';

const eta = (distance_km: number, minutes: number): OrderEta => ({ distance_km, minutes, at: '2026-12-06T07:00:00Z' });

async function inHindi() {
  addTranslations('orders', ordersHi, 'hi');
  setFormatLanguage('hi');
  await act(() => i18n.changeLanguage('hi'));
}

afterEach(async () => {
  setFormatLanguage('en');
  await act(() => i18n.changeLanguage('en'));
});

describe("the driver's way to the store", () => {
  it('says how far and how long while the order is moving, with the distance to one decimal', () => {
    render(<DriverEta order={{ status: 'moving', eta: eta(3.24, 11) }} />);
    expect(screen.getByRole('status').textContent).toBe('Driver on the way: 3.2 km, about 11 min');
    expect(screen.getByRole('status').getAttribute('aria-atomic')).toBe('true');
  });

  it('says the driver is on the way before a position came, and that it arrived', () => {
    const { rerender } = render(<DriverEta order={{ status: 'moving', eta: null }} />);
    expect(screen.getByRole('status').textContent).toBe('Driver on the way');
    rerender(<DriverEta order={{ status: 'moving' }} />);
    expect(screen.getByRole('status').textContent).toBe('Driver on the way');
    rerender(<DriverEta order={{ status: 'arrived', eta: null }} />);
    expect(screen.getByRole('status').textContent).toBe('Driver has arrived');
  });

  it('says nothing for any other status, but keeps its live region for the change to come', () => {
    const { rerender } = render(<DriverEta order={{ status: 'accepted', eta: null }} />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    // An ETA the API would not send for a finished order is not shown either.
    rerender(<DriverEta order={{ status: 'waiting_store', eta: eta(1, 2) }} />);
    expect(region.textContent).toBe('');
    rerender(<DriverEta order={{ status: 'moving', eta: eta(12.06, 41) }} />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('Driver on the way: 12.1 km, about 41 min');
  });

  it('speaks Hindi', async () => {
    await inHindi();
    const { rerender } = render(<DriverEta order={{ status: 'moving', eta: eta(3.24, 11) }} />);
    expect(screen.getByRole('status').textContent).toBe('ड्राइवर रास्ते में है: 3.2 किमी, लगभग 11 मिनट');
    rerender(<DriverEta order={{ status: 'moving', eta: eta(1234.5, 1) }} />);
    expect(screen.getByRole('status').textContent).toBe('ड्राइवर रास्ते में है: 1,234.5 किमी, लगभग 1 मिनट');
    rerender(<DriverEta order={{ status: 'moving', eta: null }} />);
    expect(screen.getByRole('status').textContent).toBe('ड्राइवर रास्ते में है');
    rerender(<DriverEta order={{ status: 'arrived', eta: null }} />);
    expect(screen.getByRole('status').textContent).toBe('ड्राइवर पहुँच गया है');
  });

  it('is one line of a card, without a live region, only while moving or arrived', () => {
    const { rerender } = render(<DriverEtaLine order={{ status: 'moving', eta: eta(0.96, 1) }} />);
    expect(screen.getByTestId('driver-eta-line').textContent).toBe('Driver on the way: 1 km, about 1 min');
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<DriverEtaLine order={{ status: 'pending', eta: null }} />);
    expect(screen.queryByTestId('driver-eta-line')).toBeNull();
  });

  it("shows on the store's order cards", () => {
    fakeApi({});
    renderApp(<OrderCard order={anOrder({ status: 'moving', status_label: 'Onmoving', eta: eta(3.2, 11) })} showStore={false} actions={{ onOpen: () => undefined }} />);
    expect(screen.getByTestId('driver-eta-line').textContent).toBe('Driver on the way: 3.2 km, about 11 min');
  });

  it("follows the order on the store's open order page when an ETA alone changes (same status, same updated_at)", async () => {
    let answer = anOrderDetail({ status: 'moving', status_label: 'Onmoving', eta: eta(5.04, 17) });
    fakeApi({ 'GET /orders/42/': () => Response.json(answer) });
    const { queryClient } = renderApp(<StoreOrderDetailDialog orderId={42} onClose={() => undefined} />, { route: '/Store/Orders?id=42' });
    const dialog = await screen.findByRole('dialog', { name: 'Order #00000042' });
    await within(dialog).findByText('Driver on the way: 5 km, about 17 min');
    const region = within(dialog).getByTestId('driver-eta');

    // What features/live does on an `order` event: the orders queries on screen refetch.
    answer = { ...answer, eta: eta(2.31, 8) };
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all, refetchType: 'active' }));
    await within(dialog).findByText('Driver on the way: 2.3 km, about 8 min');
    expect(within(dialog).getByTestId('driver-eta')).toBe(region);

    answer = { ...answer, status: 'arrived', status_label: 'Arrived', eta: null, updated_at: '2026-11-20T12:30:00Z' };
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all, refetchType: 'active' }));
    await within(dialog).findByText('Driver has arrived');
    // The order's body starts afresh on a new updated_at; the live region is the same one, so the change is read out.
    expect(within(dialog).getByTestId('driver-eta')).toBe(region);
  });
});
