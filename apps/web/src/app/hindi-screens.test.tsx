// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCurrency, formatWeight } from '@app/shared/format';
import { DriverHome } from '@/features/driver/components/driver-home';
import { WeighingForm } from '@/features/driver/components/weighing-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { adminOrders, storeOrders } from '@/features/orders/components/order-list-presets';
import { OrdersList } from '@/features/orders/components/orders-list';
import { OrderReviewDialog } from '@/features/orders/components/order-review-dialog';
import { ApiError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { changeLanguage } from '@/lib/language';
import { registerLanguagePacks } from './language-packs';
import { translateServerMessage } from '@/lib/server-messages';
import { anOrder, anOrderDetail, copper, iron } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';

// The store's pickup screens in Hindi must not show English sentences: any run of three
// or more Latin-letter words outside the data (names of people, places and materials) is
// text someone forgot to translate. The same screens in English are the control: the
// check finds English there, so it can fail.

const DATA = ['Shivaji Nagar Store', '12 FC Road', 'Copper', 'Iron', 'Ravi', 'MH12AB1234', 'Pune', 'Maharashtra'];
const ENGLISH_RUN = /[A-Za-z][A-Za-z'’-]*(?:[\s,.:;!?()]+[A-Za-z][A-Za-z'’-]*){2,}/g;

function englishIn(element: HTMLElement): string[] {
  let text = element.textContent ?? '';
  for (const name of DATA) text = text.replaceAll(name, ' ');
  return text.match(ENGLISH_RUN) ?? [];
}

registerLanguagePacks();

describe('the store\'s screens in Hindi', () => {
  beforeAll(() => changeLanguage('hi', { remember: false }));
  afterAll(() => changeLanguage('en', { remember: false }));

  it('speaks Hindi on the html element, in numbers and in plurals', () => {
    expect(document.documentElement.lang).toBe('hi');
    expect(formatCurrency(123456.78)).toBe('₹1,23,456.78');
    expect(formatWeight(1234.5)).toBe('1,234.5 किलो');
    expect(i18n.t('list:paging.count', { count: 1 })).toBe('1 पंक्ति');
    expect(i18n.t('list:paging.count', { count: 3 })).toBe('3 पंक्तियाँ');
  });

  it('shows the sign-in page without English', () => {
    const { container } = renderApp(<LoginForm />, { route: '/login' });
    expect(screen.getByRole('button', { name: 'साइन इन करें' })).toBeTruthy();
    expect(englishIn(container)).toEqual([]);
  });

  it('shows the Order detail pop-up without English', () => {
    renderApp(<OrderReviewDialog order={anOrder()} isAdmin={false} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: /ऑर्डर का विवरण/ });
    expect(within(dialog).getByRole('button', { name: 'एडमिन को बुलाएँ' })).toBeTruthy();
    expect(within(dialog).getByText('₹5,207.84')).toBeTruthy();
    expect(englishIn(dialog)).toEqual([]);
  });

  it('shows the store\'s and the admin\'s order lists without English', async () => {
    fakeApi({
      'GET /orders': { body: [anOrder({ id: 50, status: 'pending', status_label: 'Pending' }), anOrder({ id: 51, status: 'completed', status_label: 'Completed' })], headers: { 'x-total-count': '2' } },
      'GET /orders/counts': { body: { pending: 1, accepted: 0, moving: 0, arrived: 0, waiting_store: 0, waiting_admin: 0, waiting_driver: 0, issue: 0, completed: 1, cancelled: 0 } },
      'GET /saved-views/': { body: [] },
      'GET /stores': { body: [] },
      'GET /vendors': { body: [] },
      'GET /cities': { body: [] },
    });
    const store = renderApp(<OrdersList preset={storeOrders} />, { route: '/Store/Orders' });
    await screen.findByRole('button', { name: 'ऑर्डर #00000050 खोलें' });
    expect(englishIn(store.container)).toEqual([]);
    store.unmount();
    const admin = renderApp(<OrdersList preset={adminOrders} getDetailHref={(id) => `/Admin/Orders/OrderDetail?id=${id}`} />, { route: '/Admin/Orders' });
    await screen.findByRole('link', { name: 'ऑर्डर #00000050 खोलें' });
    expect(englishIn(admin.container)).toEqual([]);
  });

  it('shows the driver\'s pickups and weighing form without English, and the schema\'s messages in Hindi', async () => {
    fakeApi({
      'GET /cities': { body: [{ id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } }] },
      'GET /orders': { body: [anOrder({ id: 1, status: 'pending', status_label: 'Pending', driver: null })], headers: { 'x-total-count': '1' } },
      'GET /materials': { body: [copper, iron] },
      'GET /rates': { body: [] },
    });
    const home = renderApp(<DriverHome />);
    await screen.findByText('#00000001');
    expect(englishIn(home.container)).toEqual([]);
    home.unmount();
    const order = anOrderDetail({ status: 'arrived', status_label: 'Arrived' });
    const form = renderApp(<WeighingForm order={order} busy={false} hasPhotos photoRequired onSubmit={async () => undefined} />);
    await screen.findByRole('button', { name: 'तौली गई लाइनें भेजें' });
    const weight = screen.getAllByLabelText(/वज़न \(किलो\)/)[0]!;
    fireEvent.change(weight, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'तौली गई लाइनें भेजें' }));
    expect(await screen.findByText('वज़न 0 से ज़्यादा होना चाहिए')).toBeTruthy();
    expect(englishIn(form.container)).toEqual([]);
  });

  it('shows the server\'s English messages in Hindi, field by field', () => {
    const error = new ApiError(400, 'details.0.weight: Weight must be greater than 0', { 'details.0.weight': ['Weight must be greater than 0'] }, 'http', true);
    expect(error.detail).toBe('details.0.weight: वज़न 0 से ज़्यादा होना चाहिए');
    expect(error.errors['details.0.weight']).toEqual(['वज़न 0 से ज़्यादा होना चाहिए']);
    expect(new ApiError(409, 'Order #00000042 is Waiting store now; this step needs it to be one of: Pending, Accepted').detail).toBe(
      'ऑर्डर #00000042 की स्थिति अब "स्टोर के इंतज़ार में" है; यह कदम तभी हो सकता है जब स्थिति इनमें से कोई हो: बाकी, स्वीकार हुआ',
    );
    expect(new ApiError(409, 'Order #00000042 is Accepted now; this step needs it to be Pending').detail).toBe('ऑर्डर #00000042 की स्थिति अब "स्वीकार हुआ" है; यह कदम तभी हो सकता है जब स्थिति "बाकी" हो');
    expect(new ApiError(401, 'Incorrect account or password').detail).toBe('खाता या पासवर्ड गलत है');
    expect(new ApiError(400, 'Something nobody translated').detail).toBe('Something nobody translated');
    expect(translateServerMessage('Cancelled automatically: no driver accepted it in 24 hours')).toBe('अपने आप रद्द: 24 घंटे में किसी ड्राइवर ने स्वीकार नहीं किया');
  });

  it('shows the escalations the API opens by itself, and older notifications, in Hindi, status labels too', () => {
    const subject = translateServerMessage('Order #00000042: Waiting store for more than 4 hours');
    const description = translateServerMessage('Order #00000042 has been waiting store since 25/11/2026, 09:00 (India time) and nobody moved it.');
    const issue = translateServerMessage('Driver reported an issue with order #00000042');
    // Notifications written while the member still read English.
    const credited = translateServerMessage('Order #00000042 is completed and 1,250.50 INR was credited to your wallet.');
    const escalated = translateServerMessage('Order #00000042 has been waiting admin for more than 4 hours. Please look into it.');
    for (const text of [subject, description, issue, credited, escalated]) {
      expect(text).toContain('#00000042');
      expect(text.match(ENGLISH_RUN) ?? []).toEqual([]);
    }
    expect(subject).toContain(i18n.t('orderStatus.waiting_store'));
    expect(description).toContain(i18n.t('orderStatus.waiting_store'));
    expect(escalated).toContain(i18n.t('orderStatus.waiting_admin'));
    expect(credited).toContain('1,250.50 INR');
    expect(translateServerMessage('Terms and Conditions')).toBe('नियम और शर्तें');
  });
});

describe('the control: the same check finds English on English screens', () => {
  it('flags the English pop-up', async () => {
    await changeLanguage('en', { remember: false });
    renderApp(<OrderReviewDialog order={anOrder()} isAdmin={false} onClose={() => undefined} />);
    expect(englishIn(screen.getByRole('dialog')).length).toBeGreaterThan(0);
    expect(new ApiError(401, 'Incorrect account or password').detail).toBe('Incorrect account or password');
    expect(document.documentElement.lang).toBe('en');
  });
});
