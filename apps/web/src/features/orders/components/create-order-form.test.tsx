// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { fakeApi, renderApp } from '@/test/render';
import { aStoreDetail, copper, iron, signInForTest, STORE_MEMBER } from '@/test/fixtures';
import { CreateOrderForm } from './create-order-form';

const rules = (minimum: number) => ({
  key: 'order',
  value: { auto_cancel_after_hours: 24, min_order_weight_kg: minimum, pickup_window_start: '09:00', pickup_window_end: '18:00', escalate_after_hours: 4, weighing_photo_required: true },
  updated_at: null,
});

function serve(minimum: number) {
  return fakeApi({
    'GET /materials': { body: [copper, iron] },
    'GET /stores/7': { body: aStoreDetail() },
    'GET /rates': { body: [] },
    'GET /settings/order': { body: rules(minimum) },
  });
}

describe('the create-order form and the minimum order weight (Settings -> Order)', () => {
  beforeEach(() => {
    signInForTest(STORE_MEMBER);
  });
  afterEach(() => void session.signOut('user'));

  it('states the minimum before anything is sent, counts the weights as needed, and says what is missing', async () => {
    const api = serve(25);
    renderApp(<CreateOrderForm onCreated={() => undefined} onCancel={() => undefined} />);
    expect((await screen.findByTestId('minimum-weight')).textContent).toContain('Minimum order: 25 kg in all');
    const weight = screen.getByRole('textbox', { name: 'Estimated weight (kg)' });
    expect(screen.queryByText(/Estimated weight.*optional/, { selector: 'label' })).toBeNull();
    expect(screen.getByTestId('below-minimum').textContent).toBe('Add 25 kg more to reach the minimum of 25 kg.');
    fireEvent.change(weight, { target: { value: '20.5' } });
    expect(screen.getByTestId('below-minimum').textContent).toBe('Add 4.5 kg more to reach the minimum of 25 kg.');
    fireEvent.change(weight, { target: { value: '25' } });
    expect(screen.queryByTestId('below-minimum')).toBeNull();
    expect(api.calls().filter((call) => !call.startsWith('GET '))).toEqual([]);
  });

  it('keeps the weights optional and says nothing of a minimum when there is none', async () => {
    serve(0);
    renderApp(<CreateOrderForm onCreated={() => undefined} onCancel={() => undefined} />);
    const line = (await screen.findAllByTestId('order-line'))[0]!;
    expect(within(line).getByRole('textbox', { name: 'Estimated weight (kg, optional)' })).toBeTruthy();
    expect(screen.queryByTestId('minimum-weight')).toBeNull();
    expect(screen.queryByTestId('below-minimum')).toBeNull();
  });
});
