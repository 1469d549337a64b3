// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@app/shared/format';
import type { OrderEvent } from '@app/shared/schemas/orders';
import { fakeApi, renderApp } from '@/test/render';
import { OrderHistory } from './order-history';

const driver = { id: 3, name: 'Ravi', role: 'driver' as const };

function step(id: number, action: 'accepted' | 'moving' | 'arrived', occurredAt: string, createdAt: string, arrivedDistance: number | null = null): OrderEvent {
  // The driver's steps each lead to the status of the same name.
  return { id, action, from_status: null, to_status: action as OrderEvent['to_status'], actor: driver, reason: null, lines_before: null, lines_after: null, occurred_at: occurredAt, arrived_distance_m: arrivedDistance, created_at: createdAt };
}

const localClock = (iso: string) => formatDateTime(iso).slice(0, 5);

describe("an order's history", () => {
  it('shows when each step was taken, and when it was received when the phone sent it more than a minute later', () => {
    fakeApi({});
    renderApp(
      <OrderHistory
        events={[
          step(1, 'accepted', '2026-12-06T04:30:00Z', '2026-12-06T05:12:00Z'),
          step(2, 'moving', '2026-12-06T05:20:00Z', '2026-12-06T05:20:30Z'),
        ]}
      />,
    );
    const [moving, accepted] = screen.getAllByTestId('order-event');
    expect(within(accepted!).getByTestId('order-event-time').textContent).toBe(formatDateTime('2026-12-06T04:30:00Z'));
    expect(within(accepted!).getByTestId('order-event-received').textContent).toBe(`Received ${localClock('2026-12-06T05:12:00Z')}`);
    expect(within(moving!).getByTestId('order-event-time').textContent).toBe(formatDateTime('2026-12-06T05:20:00Z'));
    expect(within(moving!).queryByTestId('order-event-received')).toBeNull();
  });

  it('says how far from the store an arrival was beyond the radius, at the store within it, and nothing without a distance', () => {
    fakeApi({});
    const at = '2026-12-06T05:20:00Z';
    renderApp(<OrderHistory arrivalRadiusM={300} events={[step(1, 'arrived', at, at, 1234), step(2, 'arrived', at, at, 640), step(3, 'arrived', at, at, 120), step(4, 'arrived', at, at, null)]} />);
    expect(screen.getAllByTestId('order-event-title').map((title) => title.textContent)).toEqual(['Arrived', 'Arrived at the store', 'Arrived 640 m from the store', 'Arrived 1.2 km from the store']);
  });

  it('says nothing of the distance without the radius (the vendor, or Settings not loaded)', () => {
    fakeApi({});
    const at = '2026-12-06T05:20:00Z';
    renderApp(<OrderHistory events={[step(1, 'arrived', at, at, 1234)]} />);
    expect(screen.getByTestId('order-event-title').textContent).toBe('Arrived');
  });
});
