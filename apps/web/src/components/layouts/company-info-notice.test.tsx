// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { settingQuery } from '@/data/settings';
import { fakeApi, renderApp } from '@/test/render';
import { CompanyInfoNotice } from './company-info-notice';

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

  it('shows nothing once the name, address, state and GSTIN are all set', async () => {
    fakeApi({ 'GET /settings/information': answer(complete) });
    const { queryClient } = renderApp(<CompanyInfoNotice />);
    // Judged once the answer is in.
    await waitFor(() => expect(queryClient.getQueryData(settingQuery('information').queryKey)).toBeDefined());
    expect(screen.queryByTestId('company-info-notice')).toBeNull();
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
    expect(api.calls()).toEqual(['GET /settings/information']);
  });
});
