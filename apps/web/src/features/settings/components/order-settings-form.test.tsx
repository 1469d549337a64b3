// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from '@/test/render';
import { OrderSettingsForm } from './order-settings-form';

const stored = { auto_cancel_after_hours: 24, min_order_weight_kg: 0, pickup_window_start: '09:00', pickup_window_end: '18:00', escalate_after_hours: 4, weighing_photo_required: true };

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
});
