// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setFormatLanguage } from '@app/shared/format';
import { addTranslations, i18n } from '@/lib/i18n';
import { common } from '@/locales/hi/common';
import { fakeApi, renderApp, type Answer } from '@/test/render';
import { sellHi } from '../locales/hi';
import { SellPage } from './sell-page';

// /Sell against a fake API: the city kept from the last visit, today's b2c rates, rough kg and
// the estimate, a city without rates, and failures that say what to do next.

const CITIES = [
  { id: 1, name: 'Pune', state: { id: 1, name: 'Maharashtra' } },
  { id: 2, name: 'Nashik', state: { id: 1, name: 'Maharashtra' } },
];
const PUNE = [{ city: { id: 1, name: 'Pune' }, state: { id: 1, name: 'Maharashtra' }, Newspaper: { rate: 14 }, Iron: { rate: 26.5, name_hi: 'लोहा' } }];

function api(overrides: Record<string, Answer> = {}) {
  return fakeApi({
    'GET /cities': { body: CITIES },
    'GET /rates': (request) => {
      const city = Number(new URL(request.url).searchParams.get('city_id'));
      return Response.json(city === 1 ? PUNE : []);
    },
    ...overrides,
  });
}

const cityField = () => screen.getByLabelText('Your city') as HTMLSelectElement;
const estimate = () => screen.getByTestId('sell-estimate').textContent;

describe('the /Sell page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    setFormatLanguage('en');
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the rates of the chosen city, keeps the city, and estimates rough kg in rupees', async () => {
    const fake = api();
    renderApp(<SellPage />, { route: '/Sell' });
    await waitFor(() => expect(cityField().disabled).toBe(false));
    expect(screen.getByText('Choose your city to see today’s rates.')).toBeTruthy();
    expect(fake.calls()).toEqual(['GET /cities']);

    fireEvent.change(cityField(), { target: { value: '1' } });
    await screen.findByRole('heading', { name: 'Today’s rates in Pune' });
    expect(fake.calls()).toContain('GET /rates?city_id=1&rate_type=b2c');
    expect(localStorage.getItem('sell.city')).toBe('1');
    expect(screen.getByText('14 INR a kg')).toBeTruthy();
    expect(estimate()).toBe('0 INR');
    expect(screen.getByText('Enter rough kg above to see the estimate.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('kg of Newspaper'), { target: { value: '2.5' } });
    fireEvent.change(screen.getByLabelText('kg of Iron'), { target: { value: '1.25' } });
    // 35 + 33.125 (33.13, to the paisa).
    expect(estimate()).toBe('68.13 INR');
    expect(screen.getByText('= 33.13 INR')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('kg of Iron'), { target: { value: 'lots' } });
    expect(screen.getByText('Enter kg as a number, like 2.5')).toBeTruthy();
    expect(screen.getByLabelText('kg of Iron').getAttribute('aria-invalid')).toBe('true');
    expect(estimate()).toBe('35 INR');
  });

  it('starts from the city kept on the device, asking for its rates with the cities', async () => {
    localStorage.setItem('sell.city', '1');
    const fake = api();
    renderApp(<SellPage />, { route: '/Sell' });
    await screen.findByRole('heading', { name: 'Today’s rates in Pune' });
    expect(fake.calls().slice(0, 2).sort()).toEqual(['GET /cities', 'GET /rates?city_id=1&rate_type=b2c']);
    expect(cityField().value).toBe('1');
  });

  it('says so when a city has no rates', async () => {
    api();
    renderApp(<SellPage />, { route: '/Sell' });
    await waitFor(() => expect(cityField().disabled).toBe(false));
    fireEvent.change(cityField(), { target: { value: '2' } });
    expect(await screen.findByText('There are no rates for Nashik yet. Choose another city, or look again later.')).toBeTruthy();
    expect(screen.queryByTestId('sell-estimate')).toBeNull();
  });

  it('says what to do when the rates fail, and tries again', async () => {
    let fail = true;
    api({ 'GET /rates': () => (fail ? Response.json({ detail: 'Down' }, { status: 503 }) : Response.json(PUNE)) });
    localStorage.setItem('sell.city', '1');
    renderApp(<SellPage />, { route: '/Sell' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Today’s rates could not be loaded. Check your connection, then try again.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Today’s rates in Pune' });
  });

  it('says what to do when the cities fail, and tries again', async () => {
    let fail = true;
    api({ 'GET /cities': () => (fail ? Response.json({ detail: 'Down' }, { status: 503 }) : Response.json(CITIES)) });
    renderApp(<SellPage />, { route: '/Sell' });
    expect((await screen.findByRole('alert')).textContent).toBe('The cities could not be loaded. Check your connection, then try again.');
    expect(cityField().disabled).toBe(true);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cityField().disabled).toBe(false));
    expect(within(cityField()).getByText('Pune, Maharashtra')).toBeTruthy();
  });

  it('forgets a kept city that is no longer in the list', async () => {
    localStorage.setItem('sell.city', '99');
    api({ 'GET /rates': { status: 404, body: { detail: 'City not found' } } });
    renderApp(<SellPage />, { route: '/Sell' });
    await waitFor(() => expect(cityField().disabled).toBe(false));
    expect(cityField().value).toBe('');
    expect(screen.getByText('Choose your city to see today’s rates.')).toBeTruthy();
  });

  it('links Book a pickup to the household’s start', async () => {
    api();
    renderApp(<SellPage />, { route: '/Sell' });
    expect(screen.getByRole('link', { name: 'Book a pickup' }).getAttribute('href')).toBe('/Household/Start');
  });

  it('in Hindi, names a material in Hindi where the rates give its Hindi name, and as given where not', async () => {
    addTranslations('sell', sellHi, 'hi');
    addTranslations('common', common, 'hi');
    setFormatLanguage('hi');
    await act(() => i18n.changeLanguage('hi'));
    localStorage.setItem('sell.city', '1');
    api();
    renderApp(<SellPage />, { route: '/Sell' });
    await screen.findByRole('heading', { name: 'Pune में आज के रेट' });
    expect(screen.getByText('लोहा')).toBeTruthy();
    expect(screen.getByText('Newspaper')).toBeTruthy();
    expect(screen.getByText('₹14 प्रति किलो')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('लोहा कितने किलो'), { target: { value: '2' } });
    expect(estimate()).toBe('₹53');
  });
});
