// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addTranslations } from '@/lib/i18n';
import { fakeApi, renderApp } from '@/test/render';
import { rateCardEn } from '../locales/en';
import { MaterialFormDialog } from './material-form-dialog';

addTranslations('rateCard', rateCardEn);

const helperOf = (label: string | RegExp) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

// The English name's field, not "Name in Hindi".
const NAME = /^Name(?! in Hindi)/;

function fill() {
  fireEvent.change(screen.getByLabelText(NAME), { target: { value: 'Tin' } });
  fireEvent.change(screen.getByLabelText(/^Vendor rate/), { target: { value: '180' } });
  fireEvent.change(screen.getByLabelText(/^Driver rate/), { target: { value: '10' } });
  fireEvent.change(screen.getByLabelText(/^B2C rate/), { target: { value: '170.5' } });
}

describe('adding a material', () => {
  it("shows the server's 400 errors under the name and the rate they are about", async () => {
    fakeApi({ 'POST /materials': { status: 400, body: { detail: 'Check the form', errors: { name: ['A material called Tin already exists'], driver_rate: ['Rate may be at most 100000 rupees per kg'] } } } });
    const onClose = vi.fn();
    renderApp(<MaterialFormDialog material={null} onClose={onClose} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf(NAME)).toBe('A material called Tin already exists'));
    expect(helperOf(/^Driver rate/)).toBe('Rate may be at most 100000 rupees per kg');
    expect(screen.getByLabelText(/^Vendor rate/).getAttribute('aria-invalid')).toBe('false');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the rates as numbers and an empty HSN code not at all', async () => {
    const api = fakeApi({ 'POST /materials': { status: 201, body: { id: 9, name: 'Tin', vendor_rate: 180, driver_rate: 10, b2c_rate: 170.5, hsn_code: null, gst_rate: 18 } } });
    const onClose = vi.fn();
    renderApp(<MaterialFormDialog material={null} onClose={onClose} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await api.requests[0]!.json()).toEqual({ name: 'Tin', vendor_rate: 180, driver_rate: 10, b2c_rate: 170.5 });
  });

  it('sends the Hindi name when one is typed, and shows the server\'s refusal of it under its field', async () => {
    const api = fakeApi({ 'POST /materials': { status: 400, body: { detail: 'Check the form', errors: { name_hi: ['A name may have at most 80 characters'] } } } });
    renderApp(<MaterialFormDialog material={null} onClose={vi.fn()} />);
    fill();
    fireEvent.change(screen.getByLabelText(/^Name in Hindi/), { target: { value: 'टिन' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf(/^Name in Hindi/)).toBe('A name may have at most 80 characters'));
    expect(await api.requests[0]!.json()).toEqual({ name: 'Tin', name_hi: 'टिन', vendor_rate: 180, driver_rate: 10, b2c_rate: 170.5 });
  });
});
