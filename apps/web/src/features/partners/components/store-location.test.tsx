// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_MESSAGE } from '@app/shared/schemas/geo';
import { notify } from '@/lib/notify';
import { aStoreDetail } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { StoreInfo } from './store-info';
import { StoresTable } from './stores-table';

const pune = { id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } };
const store = aStoreDetail({ id: 3, name: 'Asha Scrap Point', city: pune, location: null });
const HERE = { lat: 18.5204, lng: 73.8567 };

beforeEach(() => {
  // "Use where I am" answers at once, from Pune.
  const getCurrentPosition = (success: PositionCallback) => success({ coords: { latitude: HERE.lat, longitude: HERE.lng, accuracy: 8 }, timestamp: Date.now() } as GeolocationPosition);
  vi.spyOn(navigator, 'geolocation', 'get').mockReturnValue({ getCurrentPosition } as unknown as Geolocation);
});
afterEach(() => vi.restoreAllMocks());

const bodyOf = async (api: ReturnType<typeof fakeApi>, method: string) => api.requests.find((r) => r.method === method)!.clone().json();

describe("a store's pin on its information page", () => {
  it('is saved through PATCH /stores/{id}/info with nothing but the location, and then shows the saved pin', async () => {
    let saved = store;
    const api = fakeApi({
      'GET /stores/3': () => Response.json(saved),
      'PATCH /stores/3/info': async (request) => {
        saved = { ...store, ...((await request.json()) as object) };
        return Response.json(saved);
      },
    });
    const said = vi.spyOn(notify, 'success');
    renderApp(<StoreInfo id={3} />);
    const section = await screen.findByRole('region', { name: 'Location' });
    const save = within(section).getByRole('button', { name: 'Save location' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(await within(section).findByRole('button', { name: 'Use where I am' }));
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(api.calls()).toContain('PATCH /stores/3/info'));
    expect(await bodyOf(api, 'PATCH')).toEqual({ location: HERE });
    await waitFor(() => expect(said).toHaveBeenCalledWith('Location saved.'));
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(within(section).getByTestId('location-coordinates').textContent).toBe('Latitude 18.520400, Longitude 73.856700');
  });

  it('follows the saved pin as the store is loaded afresh while nobody edits it', async () => {
    let saved = store;
    fakeApi({ 'GET /stores/3': () => Response.json(saved) });
    const { queryClient } = renderApp(<StoreInfo id={3} />);
    const section = await screen.findByRole('region', { name: 'Location' });
    expect(await within(section).findByText('No pin yet.')).toBeTruthy();
    // Kept data shown first, then the server's: another device set the pin meanwhile.
    saved = { ...store, location: HERE };
    await queryClient.invalidateQueries();
    await waitFor(() => expect(within(section).getByTestId('location-coordinates').textContent).toBe('Latitude 18.520400, Longitude 73.856700'));
    expect(within(section).getByRole('button', { name: 'Save location' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's refusal of `location` under the pin", async () => {
    fakeApi({
      'GET /stores/3': { body: store },
      'PATCH /stores/3/info': { status: 400, body: { detail: 'Invalid input', errors: { location: [LOCATION_MESSAGE] } } },
    });
    renderApp(<StoreInfo id={3} />);
    const section = await screen.findByRole('region', { name: 'Location' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Use where I am' }));
    const save = within(section).getByRole('button', { name: 'Save location' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect(await within(section).findByText(LOCATION_MESSAGE)).toBeTruthy();
  });

  it('removes a pin by sending null', async () => {
    const api = fakeApi({ 'GET /stores/3': { body: { ...store, location: HERE } }, 'PATCH /stores/3/info': { body: store } });
    renderApp(<StoreInfo id={3} />);
    const section = await screen.findByRole('region', { name: 'Location' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Remove pin' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save location' }));
    await waitFor(() => expect(api.calls()).toContain('PATCH /stores/3/info'));
    expect(await bodyOf(api, 'PATCH')).toEqual({ location: null });
  });
});

describe("the admin's way to a store's pin", () => {
  it("sits with the vendor assignment in the row's one Actions column", async () => {
    fakeApi({ 'GET /stores': { body: [{ ...store, vendor: null }, { ...store, id: 4, name: 'Ravi Traders', vendor: { id: 9, company_name: 'Vikram Recyclers' } }] }, 'GET /cities': { body: [pune] } });
    renderApp(<StoresTable scope="admin" />);
    const headers = (await screen.findAllByRole('columnheader')).map((header) => header.textContent);
    expect(headers.filter((text) => text === 'Actions')).toHaveLength(1);
    expect(headers).not.toContain('Pin');
    const cellOf = async (name: string) => within((await screen.findByText(name)).closest('tr') as HTMLElement).getByRole('button', { name: `Set pin: ${name}` }).closest('td') as HTMLElement;
    // Without a vendor: both actions in one cell; with one, the pin alone.
    expect(within(await cellOf('Asha Scrap Point')).getByRole('button', { name: 'Assign vendor' })).toBeTruthy();
    expect(within(await cellOf('Ravi Traders')).queryByRole('button', { name: 'Assign vendor' })).toBeNull();
  });

  it('opens from the list of stores and saves through PATCH /stores/{id}/', async () => {
    const api = fakeApi({ 'GET /stores': { body: [store] }, 'GET /cities': { body: [pune] }, 'PATCH /stores/3/': { body: { id: 3, location: HERE } } });
    renderApp(<StoresTable scope="admin" />);
    const row = (await screen.findByText('Asha Scrap Point')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Set pin: Asha Scrap Point' }));
    const dialog = screen.getByRole('dialog', { name: 'Location of Asha Scrap Point' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Use where I am' }));
    const save = within(dialog).getByRole('button', { name: 'Save location' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(api.calls()).toContain('PATCH /stores/3/'));
    expect(await bodyOf(api, 'PATCH')).toEqual({ location: HERE });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
