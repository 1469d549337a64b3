// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test/render';
import { CityFilter } from './city-filter';

const CITIES = [
  { id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } },
  { id: 4, name: 'Nagpur', state: { id: 1, name: 'Maharashtra' } },
];

describe("the lists' city filter", () => {
  it('asks for the cities when the field is used, not before, and reports the city chosen', async () => {
    const api = fakeApi({ 'GET /cities': { body: CITIES } });
    const onChange = vi.fn();
    renderApp(<CityFilter label="City" value={null} onChange={onChange} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls()).toEqual([]);

    // A click on the field opens its list.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'City' }), { button: 0 });
    fireEvent.click(await screen.findByRole('option', { name: 'Nagpur, Maharashtra' }));
    expect(onChange).toHaveBeenCalledWith(4);
    expect(api.calls()).toEqual(['GET /cities']);
  });

  it('names a city already chosen (a link, a saved view) without being used', async () => {
    fakeApi({ 'GET /cities': { body: CITIES } });
    renderApp(<CityFilter label="City" value={3} onChange={vi.fn()} />);
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'City' }) as HTMLInputElement).value).toBe('Pune, Maharashtra'));
  });

  it('says when the cities could not be loaded, and asks again when the list is opened again', async () => {
    let fail = true;
    const api = fakeApi({ 'GET /cities': () => (fail ? Response.json({ detail: 'down' }, { status: 500 }) : Response.json(CITIES)) });
    renderApp(<CityFilter label="City" value={null} onChange={vi.fn()} />);
    const field = screen.getByRole('combobox', { name: 'City' });
    fireEvent.mouseDown(field, { button: 0 });
    expect(await screen.findByText('The choices could not be loaded. Close the list and open it again to retry.')).toBeTruthy();
    expect(screen.queryByText('No options')).toBeNull();

    fail = false;
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText(/could not be loaded/)).toBeNull());
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(await screen.findByRole('option', { name: 'Pune, Maharashtra' })).toBeTruthy();
    expect(api.calls().filter((call) => call === 'GET /cities').length).toBeGreaterThanOrEqual(2);
  });
});
