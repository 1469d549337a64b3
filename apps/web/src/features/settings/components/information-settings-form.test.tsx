// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from '@/test/render';
import { InformationSettingsForm } from './information-settings-form';

const stored = { name: 'Kabadi Orders', address: '', phone: '', email: '', gstin: '', invoice_prefix: 'INV' };

/** The text under a field (its error, else its hint). */
const helperOf = (label: string | RegExp) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('Settings -> Information', () => {
  it("puts the server's 400 field errors under their fields", async () => {
    const api = fakeApi({
      'GET /settings/information': { body: { key: 'information', value: stored, updated_at: null } },
      'PUT /settings/information': { status: 400, body: { detail: 'Check the form', errors: { gstin: ['This GSTIN belongs to another company'], invoice_prefix: ['The prefix is in use'] } } },
    });
    renderApp(<InformationSettingsForm />);
    const gstin = await screen.findByLabelText('GSTIN');
    expect(helperOf('GSTIN')).toBe('15 characters, e.g. 27AAPFU0939F1ZV. Leave empty if not registered.');
    fireEvent.change(gstin, { target: { value: '27AAPFU0939F1ZV' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf('GSTIN')).toBe('This GSTIN belongs to another company'));
    expect(gstin.getAttribute('aria-invalid')).toBe('true');
    expect(helperOf(/Invoice number prefix/)).toBe('The prefix is in use');
    // Every message found its field: no form-level alert repeats them.
    expect(screen.queryByRole('alert')).toBeNull();
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(await put!.json()).toEqual({ ...stored, gstin: '27AAPFU0939F1ZV' });
  });

  it('checks with the shared schema before anything is sent', async () => {
    const api = fakeApi({ 'GET /settings/information': { body: { key: 'information', value: stored, updated_at: null } } });
    renderApp(<InformationSettingsForm />);
    fireEvent.change(await screen.findByLabelText(/Company name/), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf(/Company name/)).toBe('Enter the company name'));
    expect(api.calls()).toEqual(['GET /settings/information']);
  });
});
