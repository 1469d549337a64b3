// @vitest-environment happy-dom
import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GeoPoint } from '@app/shared/geo';
import { renderApp } from '@/test/render';
import { LocationPicker } from './lazy-map';

/** The browser's geolocation answering one way. */
function stubGeolocation(answer: { lat: number; lng: number } | { code: number }) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if ('code' in answer) failure?.({ code: answer.code, message: '', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
    else success({ coords: { latitude: answer.lat, longitude: answer.lng, accuracy: 10 }, timestamp: Date.now() } as GeolocationPosition);
  });
  vi.spyOn(navigator, 'geolocation', 'get').mockReturnValue({ getCurrentPosition } as unknown as Geolocation);
  return getCurrentPosition;
}

function Picker({ initial = null, onChange }: { initial?: GeoPoint | null; onChange: (point: GeoPoint | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <LocationPicker
      value={value}
      onChange={(point) => {
        setValue(point);
        onChange(point);
      }}
      city="Pune"
    />
  );
}

describe('the location picker', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says why it asks before the browser does, then pins where the phone is, to 6 decimals', async () => {
    const ask = stubGeolocation({ lat: 18.52043219, lng: 73.85671234 });
    const onChange = vi.fn();
    renderApp(<Picker onChange={onChange} />);
    expect(await screen.findByText(/It is used once, to put the pin here, and is not kept/)).toBeTruthy();
    expect(screen.getByText('No pin yet.')).toBeTruthy();
    expect(ask).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Use where I am' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ lat: 18.520432, lng: 73.856712 }));
    expect(screen.getByTestId('location-coordinates').textContent).toBe('Latitude 18.520432, Longitude 73.856712');
  });

  it.each([
    [1, /blocked for this site/],
    [2, /could not be found/],
    [3, /took too long/],
  ])('says in words why there is no position (code %i), and keeps the pin', async (code, words) => {
    stubGeolocation({ code });
    const onChange = vi.fn();
    renderApp(<Picker initial={{ lat: 18.5204, lng: 73.8567 }} onChange={onChange} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use where I am' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(words);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('location-coordinates').textContent).toBe('Latitude 18.520400, Longitude 73.856700');
  });

  it('refuses a position outside India instead of pinning it', async () => {
    stubGeolocation({ lat: 51.5072, lng: -0.1276 });
    const onChange = vi.fn();
    renderApp(<Picker onChange={onChange} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use where I am' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/outside India/);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('removes the pin', async () => {
    const onChange = vi.fn();
    renderApp(<Picker initial={{ lat: 18.5204, lng: 73.8567 }} onChange={onChange} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove pin' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.getByText('No pin yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove pin' })).toBeNull();
  });
});
