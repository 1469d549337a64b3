// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from '@/test/render';
import { OrderSettingsForm } from './order-settings-form';

const stored = {
  auto_cancel_after_hours: 24,
  min_order_weight_kg: 0,
  pickup_window_start: '09:00',
  pickup_window_end: '18:00',
  escalate_after_hours: 4,
  weighing_photo_required: true,
  pickup_slots: [{ from: '09:00', to: '12:00' }],
  slot_days_ahead: 2,
  arrival_radius_m: 300,
};

const input = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement;

describe('Settings -> Order', () => {
  it('edits when waiting orders escalate and whether weighing needs a photo, and saves them with the other rules', async () => {
    const saved: unknown[] = [];
    fakeApi({
      'GET /settings/order': { body: { key: 'order', value: stored, updated_at: null } },
      'PUT /settings/order': async (request) => {
        const value = (await request.json()) as typeof stored;
        saved.push(value);
        return Response.json({ key: 'order', value, updated_at: '2026-11-23T12:00:00Z' });
      },
    });
    renderApp(<OrderSettingsForm />);
    const escalate = await screen.findByRole('spinbutton', { name: /Escalate waiting orders after/ });
    expect((escalate as HTMLInputElement).value).toBe('4');
    const photo = screen.getByRole('switch', { name: 'Photo required before weighing is submitted' }) as HTMLInputElement;
    expect(photo.checked).toBe(true);

    fireEvent.change(escalate, { target: { value: '0' } });
    fireEvent.click(photo);
    fireEvent.submit(escalate.closest('form')!);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ ...stored, escalate_after_hours: 0, weighing_photo_required: false });
  });

  it('refuses a fraction of an hour before asking the server', async () => {
    const api = fakeApi({ 'GET /settings/order': { body: { key: 'order', value: stored, updated_at: null } } });
    renderApp(<OrderSettingsForm />);
    const escalate = await screen.findByRole('spinbutton', { name: /Escalate waiting orders after/ });
    fireEvent.change(escalate, { target: { value: '1.5' } });
    fireEvent.submit(escalate.closest('form')!);
    expect(await screen.findByText('Use whole hours')).toBeTruthy();
    expect(api.calls()).toEqual(['GET /settings/order']);
  });

  it('edits the pickup slots as rows (added after the last, removed), the days ahead and the arrival distance', async () => {
    const saved: unknown[] = [];
    fakeApi({
      'GET /settings/order': { body: { key: 'order', value: stored, updated_at: null } },
      'PUT /settings/order': async (request) => {
        const value = (await request.json()) as typeof stored;
        saved.push(value);
        return Response.json({ key: 'order', value, updated_at: '2026-11-23T12:00:00Z' });
      },
    });
    renderApp(<OrderSettingsForm />);
    await screen.findByLabelText(/^Slot 1 from/);
    expect(screen.getAllByTestId('pickup-slot-row')).toHaveLength(1);
    expect(input(/^Slot 1 from/).value).toBe('09:00');

    fireEvent.click(screen.getByRole('button', { name: 'Add a slot' }));
    expect(input(/^Slot 2 from/).value).toBe('12:00');
    expect(input(/^Slot 2 until/).value).toBe('14:00');
    fireEvent.change(input(/^Slot 2 until/), { target: { value: '15:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a slot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove slot 3' }));
    fireEvent.change(input(/Days ahead a slot may be chosen/), { target: { value: '5' } });
    fireEvent.change(input(/Arrival distance/), { target: { value: '500' } });
    fireEvent.submit(input(/^Slot 1 from/).closest('form')!);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      ...stored,
      pickup_slots: [
        { from: '09:00', to: '12:00' },
        { from: '12:00', to: '15:30' },
      ],
      slot_days_ahead: 5,
      arrival_radius_m: 500,
    });
  });

  it('refuses overlapping slots under the slot, before asking the server', async () => {
    const api = fakeApi({ 'GET /settings/order': { body: { key: 'order', value: { ...stored, pickup_slots: [{ from: '09:00', to: '12:00' }, { from: '11:00', to: '13:00' }] }, updated_at: null } } });
    renderApp(<OrderSettingsForm />);
    await screen.findByLabelText(/^Slot 1 from/);
    fireEvent.submit(input(/^Slot 1 from/).closest('form')!);
    expect(await screen.findByText('List the slots from the earliest, without overlaps')).toBeTruthy();
    expect(api.calls()).toEqual(['GET /settings/order']);
  });

  it("shows the server's refusals under their fields: a slot by its row, the days ahead under theirs", async () => {
    fakeApi({
      'GET /settings/order': { body: { key: 'order', value: { ...stored, pickup_slots: [{ from: '09:00', to: '12:00' }, { from: '12:00', to: '14:00' }] }, updated_at: null } },
      'PUT /settings/order': {
        status: 400,
        body: { detail: 'Invalid request', errors: { 'pickup_slots.1': ['Keep the slot inside the pickup window (09:00-13:00)'], slot_days_ahead: ['Use at most 14 days'] } },
      },
    });
    renderApp(<OrderSettingsForm />);
    await screen.findByLabelText(/^Slot 1 from/);
    fireEvent.submit(input(/^Slot 1 from/).closest('form')!);
    const message = await screen.findByText('Keep the slot inside the pickup window (09:00-13:00)');
    expect(message.closest('[data-testid="pickup-slot-row"]')).toBe(screen.getAllByTestId('pickup-slot-row')[1]);
    expect(screen.getByText('Use at most 14 days')).toBeTruthy();
  });
});
