// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_ACCOUNT_FOR_NUMBER } from '@app/shared/schemas/auth';
import { providerRefresher } from '@/lib/auth-provider';
import { session } from '@/lib/session';
import { fakeApi, renderApp, type Answer } from '@/test/render';
import { HouseholdStartForm } from './household-start-form';

// /Household/Start (design.md section 21) against a fake API: a code asked with `sign_up`; the
// code alone first; "no account for this number" brings the household's details (name, city,
// address, pin), checked before anything is sent, then the same code goes with them. A
// member's number simply signs in.

const SENT = 'If this number belongs to an account, we have sent it a sign-in code by SMS.';
const NO_ACCOUNT = NO_ACCOUNT_FOR_NUMBER;
const CITIES = [{ id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } }];

const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_');
const tokensOf = (username: string) => ({
  access_token: `${base64url({ alg: 'RS256' })}.${base64url({ username, token_use: 'access' })}.sig`,
  id_token: 'id',
  refresh_token: 'r',
  expires_in: 3600,
  token_type: 'Bearer',
});
const HOUSEHOLD = { id: 31, login_id: '+919820000009', name: 'Meena', role: 'household', is_verified: true, approval_status: 'approved', store_id: 77, vendor_id: null, driver_id: null };
const STORE = { id: 9, login_id: 'store@demo.kabadi.in', name: 'Sunita', role: 'store', is_verified: true, approval_status: 'approved', store_id: 4, vendor_id: 2, driver_id: null };

const bodyOf = async (request: Request) => (await request.clone().json()) as Record<string, unknown>;

/** The API of a number of no member: the code alone is refused, with `sign_up` it makes the household. */
function newNumberApi(overrides: Record<string, Answer> = {}) {
  return fakeApi({
    'POST /auth/otp/request': { status: 202, body: { detail: SENT } },
    'POST /auth/otp/verify': async (request) => {
      const body = await bodyOf(request);
      if (!body.sign_up) return Response.json({ detail: `code: ${NO_ACCOUNT}`, errors: { code: [NO_ACCOUNT] } }, { status: 400 });
      return Response.json(tokensOf('+919820000009'));
    },
    'GET /members/%2B919820000009': { body: HOUSEHOLD },
    'GET /cities': { body: CITIES },
    'POST /auth/logout': { status: 204 },
    ...overrides,
  });
}

function stubGeolocation(lat: number, lng: number) {
  const getCurrentPosition = vi.fn((success: PositionCallback) => success({ coords: { latitude: lat, longitude: lng, accuracy: 10 }, timestamp: Date.now() } as GeolocationPosition));
  vi.spyOn(navigator, 'geolocation', 'get').mockReturnValue({ getCurrentPosition } as unknown as Geolocation);
}

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const helperOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
const verifyBodies = (api: { requests: Request[] }) => Promise.all(api.requests.filter((r) => r.url.endsWith('/auth/otp/verify')).map(bodyOf));

async function toCodeStep() {
  fireEvent.change(field(/^Mobile number/), { target: { value: '98200 00009' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByText('Enter the 6-digit code we sent to +91 98200 00009');
  fireEvent.change(field(/^Code from the SMS/), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('a household signs up with its mobile number', () => {
  beforeEach(() => session.configure(providerRefresher)); // as app/main.tsx does
  afterEach(async () => {
    await session.signOut('user');
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('asks for a code with sign_up, then for a new number the name, city, address and pin, and signs up with the same code', async () => {
    const api = newNumberApi();
    const onSigningUp = vi.fn();
    renderApp(<HouseholdStartForm onSigningUp={onSigningUp} />, { route: '/Household/Start' });
    expect(screen.getByRole('heading', { name: 'Sell your scrap from home' })).toBeTruthy();
    await toCodeStep();
    expect(await bodyOf(api.requests[0]!)).toEqual({ phone: '+919820000009', sign_up: true });

    // The right code of a number nobody has: the household's details, nothing signed in yet.
    expect(await screen.findByRole('heading', { name: 'Where should the driver come?' })).toBeTruthy();
    expect(session.getState().user).toBeNull();
    expect(screen.getByText('Choose your city first: the map then shows it.')).toBeTruthy();

    // Nothing is sent while something is missing; each field says what.
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(field(/^Your name/).getAttribute('aria-invalid')).toBe('true'));
    expect(helperOf(field(/^Address/))).toBe('Enter an address');
    expect(screen.getByText('Pick a city from the list')).toBeTruthy();
    expect(screen.getByText('Put the pin on your home')).toBeTruthy();
    expect(await verifyBodies(api)).toHaveLength(1);
    expect(onSigningUp).not.toHaveBeenCalled();

    fireEvent.change(field(/^Your name/), { target: { value: 'Meena Joshi' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^City/ }), { button: 0 });
    fireEvent.click(await screen.findByRole('option', { name: 'Pune, Maharashtra' }));
    fireEvent.change(field(/^Address/), { target: { value: '14 Lane 3, Kothrud, near the temple' } });
    // The city chosen, its map: the pin from where the phone is.
    stubGeolocation(18.50741234, 73.80771234);
    fireEvent.click(await screen.findByRole('button', { name: 'Use where I am' }));
    await waitFor(() => expect(screen.getByTestId('location-coordinates').textContent).toBe('Latitude 18.507412, Longitude 73.807712'));

    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(session.getState().user).toMatchObject({ role: 'household', loginId: '+919820000009', storeId: 77 }));
    expect(onSigningUp).toHaveBeenCalledTimes(1);
    const [first, second] = await verifyBodies(api);
    expect(first).toEqual({ phone: '+919820000009', code: '123456' });
    expect(second).toEqual({
      phone: '+919820000009',
      code: '123456',
      sign_up: { name: 'Meena Joshi', city_id: 3, address: '14 Lane 3, Kothrud, near the temple', location: { lat: 18.507412, lng: 73.807712 } },
    });
  });

  it("puts the server's refusal of a sign-up field under that field", async () => {
    const api = newNumberApi({
      'POST /auth/otp/verify': async (request) => {
        const body = await bodyOf(request);
        if (!body.sign_up) return Response.json({ detail: `code: ${NO_ACCOUNT}`, errors: { code: [NO_ACCOUNT] } }, { status: 400 });
        return Response.json({ detail: 'sign_up.address: Use at most 500 characters', errors: { 'sign_up.address': ['Use at most 500 characters'] } }, { status: 400 });
      },
    });
    renderApp(<HouseholdStartForm onSigningUp={vi.fn()} />, { route: '/Household/Start' });
    await toCodeStep();
    await screen.findByRole('heading', { name: 'Where should the driver come?' });
    fireEvent.change(field(/^Your name/), { target: { value: 'Meena' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^City/ }), { button: 0 });
    fireEvent.click(await screen.findByRole('option', { name: 'Pune, Maharashtra' }));
    fireEvent.change(field(/^Address/), { target: { value: 'Kothrud' } });
    stubGeolocation(18.5, 73.8);
    fireEvent.click(await screen.findByRole('button', { name: 'Use where I am' }));
    await waitFor(() => expect(screen.getByTestId('location-coordinates').textContent).toBe('Latitude 18.500000, Longitude 73.800000'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(field(/^Address/).getAttribute('aria-invalid')).toBe('true'));
    expect(helperOf(field(/^Address/))).toBe('Use at most 500 characters');
    expect(session.getState().user).toBeNull();
    expect(await verifyBodies(api)).toHaveLength(2);
  });

  it("signs a member's number straight in with its code: no details asked", async () => {
    const api = fakeApi({
      'POST /auth/otp/request': { status: 202, body: { detail: SENT } },
      'POST /auth/otp/verify': { body: tokensOf('store@demo.kabadi.in') },
      'GET /members/store%40demo.kabadi.in': { body: STORE },
      'POST /auth/logout': { status: 204 },
    });
    const onSigningUp = vi.fn();
    renderApp(<HouseholdStartForm onSigningUp={onSigningUp} />, { route: '/Household/Start' });
    await toCodeStep();
    await waitFor(() => expect(session.getState().user).toMatchObject({ role: 'store', loginId: 'store@demo.kabadi.in' }));
    expect(await verifyBodies(api)).toEqual([{ phone: '+919820000009', code: '123456' }]);
    expect(screen.queryByRole('heading', { name: 'Where should the driver come?' })).toBeNull();
    expect(onSigningUp).not.toHaveBeenCalled();
  });

  it('shows a wrong code at the code field, as sign-in does', async () => {
    newNumberApi({
      'POST /auth/otp/verify': { status: 400, body: { detail: 'code: The code is not right. Check the SMS and try again.', errors: { code: ['The code is not right. Check the SMS and try again.'] } } },
    });
    renderApp(<HouseholdStartForm onSigningUp={vi.fn()} />, { route: '/Household/Start' });
    await toCodeStep();
    await waitFor(() => expect(field(/^Code from the SMS/).getAttribute('aria-invalid')).toBe('true'));
    expect(helperOf(field(/^Code from the SMS/))).toBe('The code is not right. Check the SMS and try again.');
    expect(screen.queryByRole('heading', { name: 'Where should the driver come?' })).toBeNull();
  });
});
