// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from '@/test/render';
import { NotificationPreferencesForm } from './notification-preferences-form';

const stored = { email_order_updates: true, email_escalations: false, in_app: true, push: true, whatsapp_order_updates: false, language: 'hi' };

describe('Settings -> Notification preferences', () => {
  it('leaves out a switch that does not apply, and keeps its saved value when another one is saved', async () => {
    const sent: unknown[] = [];
    fakeApi({
      'GET /settings/notification/me': { body: { key: 'notification', value: stored, updated_at: null } },
      'PUT /settings/notification/me': async (request) => {
        const value: unknown = await request.json();
        sent.push(value);
        return Response.json({ key: 'notification', value, updated_at: '2026-11-20T10:00:00Z' });
      },
    });
    renderApp(<NotificationPreferencesForm without={['email_escalations']} />);
    const inApp = await screen.findByRole('switch', { name: /Show notifications in the app/ });
    expect(screen.getByRole('switch', { name: /E-mail me about my orders/ })).toBeDefined();
    // The three that apply, and push notifications on this phone (for every role).
    expect(screen.getAllByRole('switch')).toHaveLength(4);
    fireEvent.click(inApp);
    await waitFor(() => expect(sent).toEqual([{ ...stored, in_app: false }]));
  });

  it('shows every switch by default', async () => {
    fakeApi({ 'GET /settings/notification/me': { body: { key: 'notification', value: stored, updated_at: null } } });
    renderApp(<NotificationPreferencesForm />);
    await screen.findByRole('switch', { name: /Show notifications in the app/ });
    expect(screen.getAllByRole('switch')).toHaveLength(5);
  });

  it('leaves WhatsApp off until the member turns it on, saying why and which number it uses', async () => {
    const sent: unknown[] = [];
    fakeApi({
      'GET /settings/notification/me': { body: { key: 'notification', value: stored, updated_at: null } },
      'PUT /settings/notification/me': async (request) => {
        const value: unknown = await request.json();
        sent.push(value);
        return Response.json({ key: 'notification', value, updated_at: '2026-12-06T10:00:00Z' });
      },
    });
    renderApp(<NotificationPreferencesForm />);
    const whatsapp = await screen.findByRole('switch', { name: /WhatsApp me about my orders/ });
    expect((whatsapp as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/WhatsApp lets us message you only if you turn this on; we use the mobile number on your account/)).toBeDefined();
    fireEvent.click(whatsapp);
    await waitFor(() => expect(sent).toEqual([{ ...stored, whatsapp_order_updates: true }]));
  });
});
