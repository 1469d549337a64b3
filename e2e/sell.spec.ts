import type { APIRequestContext, Page } from '@playwright/test';
import { formatCurrency } from '@app/shared/format';
import { lineAmountPaise, rupeesToPaise } from '@app/shared/money';
import { API, BESIDE_OTHERS, expect, test } from './support';

// The public /Sell page (design.md section 21) on a phone's width: prerendered like /login,
// no sign-in; a city, today's b2c rates, rough kg, the estimate, "Book a pickup". It reads
// the b2c rates of cities no other test changes (Jaipur, Kochi), so it runs beside the others.

test.use({ viewport: { width: 390, height: 844 } });

/** A city's b2c rate of each material, as the public API answers (the seed varies them by city). */
async function b2cRates(request: APIRequestContext, cityName: string): Promise<Record<string, number>> {
  const cities = (await (await request.get(`${API}/cities`)).json()) as { id: number; name: string }[];
  const city = cities.find((c) => c.name === cityName);
  if (!city) throw new Error(`No city ${cityName}`);
  const entries = (await (await request.get(`${API}/rates?city_id=${city.id}&rate_type=b2c`)).json()) as Record<string, { rate: number }>[];
  const { city: _city, state: _state, ...materials } = entries[0] ?? {};
  return Object.fromEntries(Object.entries(materials).map(([name, cell]) => [name, cell.rate]));
}

/** rate x kg, each line rounded to the paisa, summed: what the page must show. */
const rupeesOf = (lines: [rate: number, grams: number][]) => lines.reduce((sum, [rate, grams]) => sum + lineAmountPaise(rupeesToPaise(rate), grams), 0) / 100;

/** Nothing on the page is wider than the phone's screen. */
async function fitsTheScreen(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

test('in English: choose a city, see its rates, type rough kg, see the estimate, book a pickup; the city is kept', BESIDE_OTHERS, async ({ page, request }) => {
  const rates = await b2cRates(request, 'Jaipur');
  const [newspaper, iron] = [rates.Newspaper ?? 0, rates.Iron ?? 0];
  const response = await page.goto('/Sell');
  // The build's HTML of the page, not the app's empty shell.
  expect(await response?.text()).toContain('data-prerendered="sell"');
  await expect(page).toHaveTitle('Sell your scrap · Kabadi Orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Sell your scrap' })).toBeVisible();
  await expect(page.getByText('Choose your city to see today’s rates.')).toBeVisible();

  const city = page.getByLabel('Your city');
  await expect(city).toBeEnabled();
  await city.selectOption({ label: 'Jaipur, Rajasthan' });
  await expect(page.getByRole('heading', { name: 'Today’s rates in Jaipur' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Newspaper' }).getByText(`${formatCurrency(newspaper, 'en')} a kg`)).toBeVisible();
  await expect(page.getByTestId('sell-estimate')).toHaveText('0 INR');

  await page.getByLabel('kg of Newspaper').fill('2.5');
  await expect(page.getByText(`= ${formatCurrency(rupeesOf([[newspaper, 2500]]), 'en')}`)).toBeVisible();
  await page.getByLabel('kg of Iron').fill('1.25');
  await expect(page.getByTestId('sell-estimate')).toHaveText(formatCurrency(rupeesOf([[newspaper, 2500], [iron, 1250]]), 'en'));
  await page.getByLabel('kg of Iron').fill('a lot');
  await expect(page.getByText('Enter kg as a number, like 2.5')).toBeVisible();
  await expect(page.getByTestId('sell-estimate')).toHaveText(formatCurrency(rupeesOf([[newspaper, 2500]]), 'en'));
  await fitsTheScreen(page);
  await page.screenshot({ path: '/tmp/sell-en-390.png', fullPage: true });

  // The next visit starts from the same city.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Today’s rates in Jaipur' })).toBeVisible();
  // The kept city shows at once; its name in the list once the cities have come.
  await expect(page.getByLabel('Your city').locator('option:checked')).toHaveText('Jaipur, Rajasthan');

  await page.getByRole('link', { name: 'Book a pickup' }).click();
  await expect(page).toHaveURL(/\/Household\/Start$/);
});

test('in Hindi: the same on a phone, material names as the rates give them, amounts in rupees', BESIDE_OTHERS, async ({ page, request }) => {
  const rates = await b2cRates(request, 'Kochi');
  const [newspaper, iron] = [rates.Newspaper ?? 0, rates.Iron ?? 0];
  await page.goto('/Sell');
  await expect(page.locator('html')).toHaveClass(/\bkb-app\b/);
  await page.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'अपना कबाड़ बेचें' })).toBeVisible();
  await expect(page).toHaveTitle('अपना कबाड़ बेचें · कबाड़ी ऑर्डर');

  const city = page.getByLabel('आपका शहर');
  await expect(city).toBeEnabled();
  await city.selectOption({ label: 'Kochi, Kerala' });
  await expect(page.getByRole('heading', { name: 'Kochi में आज के रेट' })).toBeVisible();
  // The rates answer names its materials in English only: shown as given.
  await expect(page.getByText('Newspaper', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Newspaper' }).getByText(`${formatCurrency(newspaper, 'hi')} प्रति किलो`)).toBeVisible();
  await page.getByLabel('Newspaper कितने किलो').fill('3');
  await page.getByLabel('Iron कितने किलो').fill('.5');
  await expect(page.getByTestId('sell-estimate')).toHaveText(formatCurrency(rupeesOf([[newspaper, 3000], [iron, 500]]), 'hi'));
  await fitsTheScreen(page);
  await page.screenshot({ path: '/tmp/sell-hi-390.png', fullPage: true });

  // The device chose Hindi: the host sends the Hindi page, which the app takes over as it is.
  const again = await page.goto('/Sell');
  const html = (await again?.text()) ?? '';
  expect(html).toContain('data-prerendered="sell" lang="hi"');
  await expect(page.locator('html')).toHaveClass(/\bkb-app\b/);
  await expect(page.getByRole('heading', { name: 'Kochi में आज के रेट' })).toBeVisible();

  await page.getByRole('link', { name: 'पिकअप बुक करें' }).click();
  await expect(page).toHaveURL(/\/Household\/Start$/);
});
