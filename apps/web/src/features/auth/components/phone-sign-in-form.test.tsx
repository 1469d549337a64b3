// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { providerRefresher } from '@/lib/auth-provider';
import { session } from '@/lib/session';
import { fakeApi, renderApp, type Answer } from '@/test/render';
import { PhoneSignInForm } from './phone-sign-in-form';

// Sign-in with a code by SMS (design.md section 20) against a fake API: the number, the code,
// the wait before a new code, the server's messages at their field, and WebOTP.

const SENT = 'If this number belongs to an account, we have sent it a sign-in code by SMS.';
const WRONG = 'The code is not right. Check the SMS and try again.';
const PHONE_MESSAGE = 'Give a mobile number, e.g. +91 98123 45678';
const WAIT = 'A code was asked for this number a moment ago. Please wait 45 seconds and ask again.';

const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_');
const ACCESS = `${base64url({ alg: 'RS256' })}.${base64url({ username: 'store@demo.kabadi.in', token_use: 'access' })}.sig`;
const TOKENS = { access_token: ACCESS, id_token: 'id', refresh_token: 'r', expires_in: 3600, token_type: 'Bearer' };
const MEMBER = { id: 9, login_id: 'store@demo.kabadi.in', name: 'Sunita', role: 'store', is_verified: true, approval_status: 'approved', store_id: 4, vendor_id: 2, driver_id: null };

function api(overrides: Record<string, Answer> = {}) {
  return fakeApi({
    'POST /auth/otp/request': { status: 202, body: { detail: SENT } },
    'POST /auth/otp/verify': { body: TOKENS },
    'GET /members/store%40demo.kabadi.in': { body: MEMBER },
    'POST /auth/logout': { status: 204 },
    ...overrides,
  });
}

const bodyOf = async (request: Request) => (await request.clone().json()) as unknown;
const phoneField = () => screen.getByLabelText(/^Mobile number/) as HTMLInputElement;
const codeField = () => screen.getByLabelText(/^Code from the SMS/) as HTMLInputElement;
const helperOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

/** Lets `seconds` pass a second at a time: each tick of the count renders before the next is set. */
async function passSeconds(seconds: number) {
  for (let i = 0; i < seconds; i += 1) await act(() => vi.advanceTimersByTimeAsync(1_000));
}

function show() {
  return renderApp(<PhoneSignInForm passwordHref="/Login" />, { route: '/Login?with=phone' });
}

async function sendCode(typed = '98200 00002') {
  fireEvent.change(phoneField(), { target: { value: typed } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByText('Enter the 6-digit code we sent to +91 98200 00002');
}

describe('sign-in with a code by SMS', () => {
  beforeEach(() => session.configure(providerRefresher)); // as app/main.tsx does
  afterEach(async () => {
    await session.signOut('user');
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('texts a code to the number as typed, then signs in with it as a password sign-in does', async () => {
    const server = api();
    show();
    expect(phoneField()).toMatchObject({ type: 'tel', autocomplete: 'tel', inputMode: 'tel' });
    await sendCode();

    const [asked] = server.requests;
    expect(await bodyOf(asked!)).toEqual({ phone: '+919820000002' });
    expect(asked!.headers.get('authorization')).toBeNull();
    // The API's answer says as little as it does: the same for any number.
    expect(screen.getByRole('status').textContent).toBe(SENT);
    expect(codeField()).toMatchObject({ autocomplete: 'one-time-code', inputMode: 'numeric', maxLength: 6 });
    expect(document.activeElement).toBe(codeField());

    fireEvent.change(codeField(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(session.getState().user).toMatchObject({ loginId: 'store@demo.kabadi.in', role: 'store', storeId: 4 }));
    const verify = server.requests.find((request) => request.url.endsWith('/auth/otp/verify'))!;
    expect(await bodyOf(verify)).toEqual({ phone: '+919820000002', code: '123456' });
    // The refresh cookie of the answer is kept, as after /auth/login.
    expect(verify.credentials).toBe('include');
    expect(server.calls()).toEqual(['POST /auth/otp/request', 'POST /auth/otp/verify', 'GET /members/store%40demo.kabadi.in']);
  });

  it('catches on the page a number that is plainly none, and shows the API’s refusal at the field', async () => {
    const server = api({
      'POST /auth/otp/request': { status: 400, body: { detail: `phone: ${PHONE_MESSAGE}`, errors: { phone: [PHONE_MESSAGE] } } },
    });
    show();
    fireEvent.change(phoneField(), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(helperOf(phoneField())).toBe('Enter a 10-digit mobile number, e.g. 98123 45678');
    expect(phoneField().getAttribute('aria-invalid')).toBe('true');
    expect(server.requests).toHaveLength(0);

    fireEvent.change(phoneField(), { target: { value: '98200 00009' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(helperOf(phoneField())).toBe(PHONE_MESSAGE));
    expect(phoneField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a wrong code at the code field, and a limit above the form', async () => {
    let answer = { status: 400, body: { detail: `code: ${WRONG}`, errors: { code: [WRONG] } } as object };
    api({ 'POST /auth/otp/verify': () => Response.json(answer.body, { status: answer.status }) });
    show();
    await sendCode();

    fireEvent.change(codeField(), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(helperOf(codeField())).toBe('Enter the 6 digits of the code');

    fireEvent.change(codeField(), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(helperOf(codeField())).toBe(WRONG));
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(session.getState().user).toBeNull();

    answer = { status: 429, body: { detail: 'Too many attempts. Please wait 12 minutes and try again.' } };
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait 12 minutes and try again.');
    expect(codeField().getAttribute('aria-invalid')).toBe('false');
  });

  it('holds "Send a new code" for 30 s, counting down, then as long as a 429’s Retry-After says', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const server = api();
    show();
    fireEvent.change(phoneField(), { target: { value: '+91 98200 00002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const resend = () => screen.getByRole('button', { name: /^Send a new code/ }) as HTMLButtonElement;
    expect(resend().textContent).toBe('Send a new code in 30 seconds');
    expect(resend().disabled).toBe(true);

    await passSeconds(29);
    expect(resend().textContent).toBe('Send a new code in 1 second');
    expect(resend().disabled).toBe(true);
    await passSeconds(1);
    expect(resend().textContent).toBe('Send a new code');
    expect(resend().disabled).toBe(false);

    fireEvent.change(codeField(), { target: { value: '99' } });
    fireEvent.click(resend());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.calls()).toEqual(['POST /auth/otp/request', 'POST /auth/otp/request']);
    // A new code: the field is empty again and the count starts afresh.
    expect(codeField().value).toBe('');
    expect(resend().textContent).toBe('Send a new code in 30 seconds');

    // Another tab or device asked meanwhile: the API says how long to wait.
    api({ 'POST /auth/otp/request': { status: 429, body: { detail: WAIT }, headers: { 'retry-after': '45' } } });
    await passSeconds(30);
    fireEvent.click(resend());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert').textContent).toBe(WAIT);
    expect(resend().textContent).toBe('Send a new code in 45 seconds');
    expect(resend().disabled).toBe(true);
  });

  describe('where the browser reads SMS codes (WebOTP)', () => {
    let get: ReturnType<typeof vi.fn>;
    beforeEach(() => {
      vi.stubGlobal('OTPCredential', class {});
      get = vi.fn();
      Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
    });
    afterEach(() => {
      delete (navigator as { credentials?: unknown }).credentials;
    });

    it('fills the code from the SMS and signs in by itself', async () => {
      get.mockResolvedValue({ type: 'otp', id: '', code: '654321' });
      const server = api();
      show();
      await sendCode();
      await waitFor(() => expect(session.getState().user?.loginId).toBe('store@demo.kabadi.in'));
      expect(get).toHaveBeenCalledWith(expect.objectContaining({ otp: { transport: ['sms'] } }));
      expect(codeField().value).toBe('654321');
      const verify = server.requests.find((request) => request.url.endsWith('/auth/otp/verify'))!;
      expect(await bodyOf(verify)).toEqual({ phone: '+919820000002', code: '654321' });
    });

    it('stops listening when the person leaves the step', async () => {
      const signals: AbortSignal[] = [];
      get.mockImplementation(({ signal }: { signal: AbortSignal }) => {
        signals.push(signal);
        return new Promise(() => undefined);
      });
      api();
      show();
      await sendCode();
      expect(signals).toHaveLength(1);
      expect(signals[0]!.aborted).toBe(false);

      fireEvent.click(screen.getByRole('button', { name: 'Use another number' }));
      expect(signals[0]!.aborted).toBe(true);
      // The number comes back to be corrected.
      expect(phoneField().value).toBe('+91 98200 00002');
    });
  });

  it('leads back to the password form', () => {
    api();
    show();
    expect(screen.getByRole('link', { name: 'Sign in with your password instead' }).getAttribute('href')).toBe('/Login');
  });
});
