// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { addTranslations } from '@/lib/i18n';
import { pages } from '@/locales/en/pages';
import { session } from '@/lib/session';
import { renderApp } from '@/test/render';
import { WelcomePage } from './welcome-page';

// The sections' layout adds the page titles' namespace.
addTranslations('pages', pages);

describe('WelcomePage', () => {
  afterEach(() => void session.signOut('user'));

  it('greets the member by name in its heading, and names the browser tab after the page', async () => {
    session.setTokens({ accessToken: 'driver-token', idToken: null, refreshToken: null, expiresAt: Date.now() + 3_600_000 });
    session.setUser({ memberId: 5, loginId: 'driver@example.com', name: 'Ravi', role: 'driver', storeId: null, vendorId: null, driverId: 9 });
    renderApp(
      <WelcomePage pageTitle="Pickups" subtitle="Your work for today.">
        <p>board</p>
      </WelcomePage>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Ravi');
    screen.getByText('Your work for today.');
    screen.getByText('board');
    await expect.poll(() => document.title).toBe('Pickups · Kabadi Orders');
  });
});
