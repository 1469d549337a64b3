// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrder } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { OrderCard } from './order-card';

describe("an order's card", () => {
  afterEach(() => vi.useRealTimers());

  it('shows the pickup slot the store chose, by its day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T07:00:00Z'));
    fakeApi({});
    renderApp(<OrderCard order={anOrder({ pickup_slot: { date: '2026-12-07', from: '14:00', to: '17:00' } })} showStore={false} actions={{ onOpen: () => undefined }} />);
    expect(screen.getByTestId('pickup-slot').textContent).toBe('Pickup slot: Tomorrow 14:00-17:00');
  });

  it('says nothing of a slot for any time', () => {
    fakeApi({});
    renderApp(<OrderCard order={anOrder({ pickup_slot: null })} showStore={false} actions={{ onOpen: () => undefined }} />);
    expect(screen.queryByTestId('pickup-slot')).toBeNull();
  });
});
