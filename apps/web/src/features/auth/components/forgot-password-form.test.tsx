// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FALLBACK_CONFIG, setRuntimeConfig } from '@/config/runtime-config';
import { renderApp } from '@/test/render';
import { ForgotPasswordForm } from './forgot-password-form';

// Someone who forgot the password may have a mobile number on the account: a code by SMS
// signs them in without a new password (design.md section 20).

describe('forgot password', () => {
  it('offers sign-in with a code by SMS instead', () => {
    renderApp(<ForgotPasswordForm />, { route: '/Forgot/Password' });
    expect(screen.getByText(/^Have your mobile number on your account\?/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in with a code instead' }).getAttribute('href')).toBe('/Login?with=phone');
  });

  it('does not with a Cognito pool, which would send the code itself', () => {
    setRuntimeConfig({ ...FALLBACK_CONFIG, auth: { provider: 'cognito' } });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ForgotPasswordForm />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in with a code instead' })).toBeNull();
  });
});
