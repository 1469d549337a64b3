// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocationPickerProps } from '@/components/map/map-types';
import { notify } from '@/lib/notify';
import { fakeApi, renderApp } from '@/test/render';
import { HouseholdHomeForm } from './household-home-form';

// The map kit is the map helper's (components/map): here only what the form hands it, and a
// button standing for a tap on the map.
vi.mock('@/components/map/lazy-map', () => ({
  LocationPicker: ({ value, onChange, error }: LocationPickerProps) => (
    <div data-testid="picker">
      <span>{value ? `${value.lat},${value.lng}` : 'no pin'}</span>
      <button type="button" onClick={() => onChange({ lat: 18.52, lng: 73.85 })}>
        tap the map
      </button>
      {error && <p>{error}</p>}
    </div>
  ),
}));

const home = { id: 7, name: 'Asha Devi', phone: '+919820000001', city_id: 1, address: '12 MG Road, Shivajinagar', location: { lat: 18.5308, lng: 73.8475 } };
const cities = [{ id: 1, name: 'Pune', state: { id: 1, name: 'Maharashtra' } }];

afterEach(() => vi.restoreAllMocks());

describe('/Household/Home', () => {
  it('shows the home, sends only the changed address, and says it was saved', async () => {
    const said = vi.spyOn(notify, 'success');
    const api = fakeApi({
      'GET /households/me': { body: home },
      'GET /cities': { body: cities },
      'PATCH /households/me': { body: { ...home, address: '4 FC Road, Deccan' } },
    });
    renderApp(<HouseholdHomeForm />);
    const address = await screen.findByLabelText(/Address/);
    expect((screen.getByLabelText(/Your name/) as HTMLInputElement).value).toBe('Asha Devi');
    expect((address as HTMLTextAreaElement).value).toBe('12 MG Road, Shivajinagar');
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Pune, Maharashtra'));
    expect(screen.getByText('18.5308,73.8475')).toBeTruthy();
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('+91 98200 00001');

    fireEvent.change(address, { target: { value: '4 FC Road, Deccan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(said).toHaveBeenCalledWith('Your home is saved.'));
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(await patch!.json()).toEqual({ address: '4 FC Road, Deccan' });
  });

  it("puts the server's 400 on the address under the address", async () => {
    const api = fakeApi({
      'GET /households/me': { body: home },
      'GET /cities': { body: cities },
      'PATCH /households/me': { status: 400, body: { detail: 'Check the form', errors: { address: ['Enter the address'] } } },
    });
    renderApp(<HouseholdHomeForm />);
    const address = await screen.findByLabelText(/Address/);
    fireEvent.change(address, { target: { value: '4 FC Road, Deccan' } });
    fireEvent.click(screen.getByText('tap the map'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(address.getAttribute('aria-describedby')!)?.textContent).toBe('Enter the address');
    // Every message found its field: no form-level alert repeats it.
    expect(screen.queryByRole('alert')).toBeNull();
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(await patch!.json()).toEqual({ address: '4 FC Road, Deccan', location: { lat: 18.52, lng: 73.85 } });
  });
});
