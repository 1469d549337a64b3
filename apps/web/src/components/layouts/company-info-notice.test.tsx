// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingQuery } from '@/data/settings';
import { fakeApi, renderApp } from '@/test/render';
import { BelowCompanyInfoNotice, COMPANY_INFO_WAIT_MS, CompanyInfoNotice } from './company-info-notice';

const complete = { name: 'Kabadi Traders', address: '1 Market Road, Mumbai', phone: '', email: '', gstin: '27AAPFU0939F1ZV', invoice_prefix: 'INV' };
const answer = (value: object) => ({ body: { key: 'information', value, updated_at: null } });

describe('the admin\'s company information warning', () => {
  it('names what invoices need and Settings -> Information lacks, with a link there', async () => {
    fakeApi({ 'GET /settings/information': answer({ ...complete, address: ' ', gstin: '' }) });
    renderApp(<CompanyInfoNotice />);
    const notice = await screen.findByTestId('company-info-notice');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain('Settings › Information lacks its address, state (read from its GSTIN), and GSTIN.');
    expect(screen.getByRole('link', { name: 'Complete the company information' }).getAttribute('href')).toBe('/Admin/Settings/Information');
  });

  it('names only the address when that alone is missing', async () => {
    fakeApi({ 'GET /settings/information': answer({ ...complete, address: '' }) });
    renderApp(<CompanyInfoNotice />);
    expect((await screen.findByTestId('company-info-notice')).textContent).toContain('lacks its address.');
  });

  it('says how many completed orders wait for their invoice', async () => {
    fakeApi({
      'GET /settings/information': answer({ ...complete, gstin: '' }),
      'GET /invoices/waiting': { body: { missing: ['state', 'gstin'], count: 3, orders: [] } },
    });
    renderApp(<CompanyInfoNotice />);
    const notice = await screen.findByTestId('company-info-notice');
    await waitFor(() => expect(notice.textContent).toContain('3 completed orders wait for their invoice'));
  });

  it('shows nothing once the name, address, state and GSTIN are all set', async () => {
    const api = fakeApi({ 'GET /settings/information': answer(complete) });
    const { queryClient } = renderApp(<CompanyInfoNotice />);
    // Judged once the answer is in.
    await waitFor(() => expect(queryClient.getQueryData(settingQuery('information').queryKey)).toBeDefined());
    expect(screen.queryByTestId('company-info-notice')).toBeNull();
    // Nothing can wait for complete information: not asked.
    expect(api.calls()).toEqual(['GET /settings/information']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks once: another admin page showing it reads the cached answer', async () => {
    const api = fakeApi({ 'GET /settings/information': answer({ ...complete, gstin: '' }) });
    const first = renderApp(<CompanyInfoNotice />);
    await screen.findByTestId('company-info-notice');
    first.unmount();
    render(
      <QueryClientProvider client={first.queryClient}>
        <MemoryRouter>
          <CompanyInfoNotice />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('company-info-notice')).toBeTruthy();
    expect(api.calls()).toEqual(['GET /settings/information', 'GET /invoices/waiting']);
  });
});

describe('the admin page under the warning', () => {
  afterEach(() => vi.useRealTimers());

  const page = () => (
    <>
      <CompanyInfoNotice />
      <BelowCompanyInfoNotice>
        <p>The orders</p>
      </BelowCompanyInfoNotice>
    </>
  );
  const below = () => screen.getByTestId('below-company-info');
  const hidden = () => getComputedStyle(below()).visibility === 'hidden';

  it('is laid out at once but shown only with the warning, so the warning moves nothing on screen', async () => {
    let answerNow!: () => void;
    const answered = new Promise<void>((resolve) => (answerNow = resolve));
    fakeApi({
      'GET /settings/information': async () => {
        await answered;
        return Response.json({ key: 'information', value: { ...complete, gstin: '' }, updated_at: null });
      },
    });
    renderApp(page());
    expect(screen.getByText('The orders')).toBeTruthy();
    expect(hidden()).toBe(true);
    expect(below().getAttribute('aria-busy')).toBe('true');
    answerNow();
    await screen.findByTestId('company-info-notice');
    expect(hidden()).toBe(false);
    expect(below().hasAttribute('aria-busy')).toBe(false);
  });

  it('shows when the information cannot be read', async () => {
    fakeApi({ 'GET /settings/information': { status: 500, body: { detail: 'Something went wrong' } } });
    renderApp(page());
    await waitFor(() => expect(hidden()).toBe(false));
    expect(screen.queryByTestId('company-info-notice')).toBeNull();
  });

  it(`shows after ${COMPANY_INFO_WAIT_MS / 1000} s when the answer does not come`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fakeApi({ 'GET /settings/information': () => new Promise<Response>(() => undefined) });
    renderApp(page());
    expect(hidden()).toBe(true);
    await act(async () => vi.advanceTimersByTime(COMPANY_INFO_WAIT_MS));
    expect(hidden()).toBe(false);
  });
});
