// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { fakeApi, renderApp } from '@/test/render';
import { NotificationsBell } from './notifications-bell';

const note = {
  id: 31,
  title: 'Order #00000042 is ready to confirm',
  body: 'The admin corrected the weights of order #00000042.',
  link: '/Driver/Orders/OrderDetail?id=42',
  read_at: null,
  created_at: '2026-11-20T10:00:00Z',
};

describe("a driver's notifications bell", () => {
  beforeEach(() => {
    session.setTokens({ accessToken: 'driver-token', idToken: null, refreshToken: null, expiresAt: Date.now() + 3_600_000 });
    session.setUser({ memberId: 5, loginId: 'driver@example.com', name: 'Ravi', role: 'driver', storeId: null, vendorId: null, driverId: 9 });
  });
  afterEach(() => void session.signOut('user'));

  it("shows the unread count, opens a notification on the driver's order page and marks it read", async () => {
    const api = fakeApi({
      'GET /notifications': { body: [note], headers: { 'X-Total-Count': '1' } },
      'PATCH /notifications/31/read': { body: { ...note, read_at: '2026-11-20T10:05:00Z' } },
    });
    const { location } = renderApp(<NotificationsBell />, { route: '/Driver/Home' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);
    const popover = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(popover).getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe('/Driver/Settings/Notification');
    fireEvent.click(within(popover).getByText(note.title));
    await waitFor(() => expect(location()).toBe('/Driver/Orders/OrderDetail?id=42'));
    await waitFor(() => expect(api.calls()).toContain('PATCH /notifications/31/read'));
    expect(api.requests[0]!.headers.get('authorization')).toBe('Bearer driver-token');
  });
});
