// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { fakeApi, renderApp } from '@/test/render';
import { anOrderDetail, aStoreDetail, copper, iron, signInForTest, STORE_MEMBER } from '@/test/fixtures';
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

describe('the create-order form and pickup slots (Settings -> Order)', () => {
  const slotRules = {
    key: 'order',
    value: {
      ...rules(0).value,
      pickup_slots: [
        { from: '09:00', to: '12:00' },
        { from: '14:00', to: '17:00' },
      ],
      slot_days_ahead: 2,
      arrival_radius_m: 300,
    },
    updated_at: null,
  };

  beforeEach(() => {
    signInForTest(STORE_MEMBER);
    // 12:30 in India on 6 December: the morning slot of today has ended.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T07:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    void session.signOut('user');
  });

  const options = (select: HTMLElement) => Array.from((select as HTMLSelectElement).options, (option) => option.textContent);

  async function chooseCopper() {
    const material = (await screen.findAllByRole('combobox', { name: /Material 1/ }))[0]!;
    fireEvent.keyDown(material, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Copper' }));
  }

  it("offers today's slots that have not ended, the next days' slots, and any time", async () => {
    fakeApi({ 'GET /materials': { body: [copper, iron] }, 'GET /stores/7': { body: aStoreDetail() }, 'GET /rates': { body: [] }, 'GET /settings/order': { body: slotRules } });
    renderApp(<CreateOrderForm onCreated={() => undefined} onCancel={() => undefined} />);
    const day = await screen.findByRole('combobox', { name: 'Day' });
    expect(options(day)).toEqual(['Any time', 'Today', 'Tomorrow', '08/12/2026']);
    expect(screen.queryByRole('combobox', { name: /^Time/ })).toBeNull();
    fireEvent.change(day, { target: { value: '2026-12-06' } });
    expect(options(screen.getByRole('combobox', { name: /^Time/ }))).toEqual(['14:00-17:00']);
    fireEvent.change(day, { target: { value: '2026-12-07' } });
    expect(options(screen.getByRole('combobox', { name: /^Time/ }))).toEqual(['09:00-12:00', '14:00-17:00']);
  });

  it('sends the slot chosen', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'GET /materials': { body: [copper, iron] },
      'GET /stores/7': { body: aStoreDetail() },
      'GET /rates': { body: [] },
      'GET /settings/order': { body: slotRules },
      'POST /orders/': async (request) => {
        bodies.push(await request.json());
        return Response.json(anOrderDetail({ id: 77 }), { status: 201 });
      },
    });
    const created = vi.fn();
    renderApp(<CreateOrderForm onCreated={created} onCancel={() => undefined} />);
    await chooseCopper();
    fireEvent.change(screen.getByRole('combobox', { name: 'Day' }), { target: { value: '2026-12-07' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Time/ }), { target: { value: '14:00-17:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(bodies).toEqual([{ details: [{ material_id: copper.id }], pickup_slot: { date: '2026-12-07', from: '14:00', to: '17:00' } }]);
  });

  it("shows the server's refusal of the slot at the slot", async () => {
    fakeApi({
      'GET /materials': { body: [copper, iron] },
      'GET /stores/7': { body: aStoreDetail() },
      'GET /rates': { body: [] },
      'GET /settings/order': { body: slotRules },
      'POST /orders/': {
        status: 400,
        body: { detail: 'pickup_slot: The slot 14:00-17:00 of 2026-12-06 has ended.', errors: { pickup_slot: ['The slot 14:00-17:00 of 2026-12-06 has ended. Choose one of the slots: 09:00-12:00, 14:00-17:00, from 2026-12-07 to 2026-12-08'] } },
      },
    });
    renderApp(<CreateOrderForm onCreated={() => undefined} onCancel={() => undefined} />);
    await chooseCopper();
    fireEvent.change(screen.getByRole('combobox', { name: 'Day' }), { target: { value: '2026-12-06' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    const slot = screen.getByRole('combobox', { name: /^Time/ });
    await waitFor(() => expect(slot.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/has ended\. Choose one of the slots/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no choice when Settings define no slots', async () => {
    serve(0);
    renderApp(<CreateOrderForm onCreated={() => undefined} onCancel={() => undefined} />);
    await screen.findAllByTestId('order-line');
    expect(screen.queryByTestId('pickup-slot-choice')).toBeNull();
  });
});
