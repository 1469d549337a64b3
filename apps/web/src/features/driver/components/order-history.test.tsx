// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@app/shared/format';
import type { OrderEvent } from '@app/shared/schemas/orders';
import { addTranslations } from '@/lib/i18n';
import { fakeApi, renderApp } from '@/test/render';
import { driverEn } from '../locales/en';
import { OrderHistory } from './order-history';

addTranslations('driver', driverEn);

const event = (id: number, occurredAt: string, createdAt: string): OrderEvent => ({
  id,
  action: 'moving',
  from_status: 'accepted',
  to_status: 'moving',
  actor: { id: 3, name: 'Ravi', role: 'driver' },
  reason: null,
  lines_before: null,
  lines_after: null,
  occurred_at: occurredAt,
  arrived_distance_m: null,
  created_at: createdAt,
});

describe("the driver's history of a pickup", () => {
  it('shows when each step was taken, and when it was received if the phone sent it later', () => {
    fakeApi({});
    renderApp(<OrderHistory events={[event(1, '2026-12-06T04:30:00Z', '2026-12-06T05:12:00Z'), event(2, '2026-12-06T05:20:00Z', '2026-12-06T05:20:10Z')]} />);
    const [newest, oldest] = screen.getAllByRole('listitem');
    expect(within(oldest!).getByTestId('history-time').textContent).toBe(formatDateTime('2026-12-06T04:30:00Z'));
    expect(within(oldest!).getByTestId('history-received').textContent).toBe(`Received ${formatDateTime('2026-12-06T05:12:00Z').slice(0, 5)}`);
    expect(within(newest!).getByTestId('history-time').textContent).toBe(formatDateTime('2026-12-06T05:20:00Z'));
    expect(within(newest!).queryByTestId('history-received')).toBeNull();
  });
});
