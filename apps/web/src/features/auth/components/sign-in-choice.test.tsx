// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_CONFIG, setRuntimeConfig } from '@/config/runtime-config';
import { getAuthProvider } from '@/lib/auth-provider';
import { renderApp } from '@/test/render';
import { SignInChoice } from './sign-in-choice';

// /login offers sign-in with a code by SMS beside the password form (design.md section 20);
// `?with=phone` is that form, loaded when asked for.

const phoneLink = () => screen.getByRole('link', { name: 'Sign in with your mobile number' });

describe('the sign-in page', () => {
  it('links the password form to the form for a code by SMS, keeping where to go after', () => {
    renderApp(<SignInChoice />, { route: '/Login?redirectTo=%2FStore%2FOrders' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(phoneLink().getAttribute('href')).toBe('/Login?redirectTo=%2FStore%2FOrders&with=phone');
  });

  it('shows the form for a code by SMS at ?with=phone, with the way back to the password', async () => {
    const { location } = renderApp(<SignInChoice />, { route: '/Login?with=phone&redirectTo=%2FStore%2FOrders' });
    expect(await screen.findByRole('heading', { name: 'Sign in with your mobile number' })).toBeTruthy();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in with your password instead' }).getAttribute('href')).toBe('/Login?redirectTo=%2FStore%2FOrders');
    expect(location()).toBe('/Login?with=phone&redirectTo=%2FStore%2FOrders');
  });

  describe('with a Cognito pool', () => {
    beforeAll(async () => {
      // The provider is made once per page; a local one keeps Amplify out of this test.
      setRuntimeConfig({ ...FALLBACK_CONFIG, apiBaseUrl: 'http://api.test' });
      await getAuthProvider();
    });

    it('offers no code by SMS (the pool would send it; decision draft h6), even at ?with=phone', () => {
      setRuntimeConfig({ ...FALLBACK_CONFIG, apiBaseUrl: 'http://api.test', auth: { provider: 'cognito', userPoolId: 'ap-south-1_x', userPoolClientId: 'client' } });
      render(
        <MemoryRouter initialEntries={['/Login?with=phone']}>
          <SignInChoice />
        </MemoryRouter>,
      );
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Sign in with your mobile number' })).toBeNull();
    });
  });
});
