// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { PlacesMap, type MapPoint } from './lazy-map';

// The dispatch view's markers (design.md section 19): pickups and drivers differ in shape and
// carry their names as text, the chosen pickup is marked, and only a pickup can be chosen.

const points: MapPoint[] = [
  { lat: 18.5204, lng: 73.8567, kind: 'pickup', id: 'order:51', label: '1', tag: 'Deccan <Scrap>', title: 'Deccan Scrap, #00000051', selected: true },
  { lat: 18.4575, lng: 73.8508, kind: 'pickup', id: 'order:53', label: '2', tag: 'Katraj Scrap', title: 'Katraj Scrap, #00000053' },
  { lat: 18.5308, lng: 73.8475, kind: 'driver', id: 'driver:9', tag: 'Ravi', title: 'Driver Ravi: holds #00000070' },
];

const marker = (title: string) => screen.getByRole('button', { name: title });

describe('pickups and drivers on the map', () => {
  it('draws each kind in its own shape with its name beside it, the chosen pickup marked', async () => {
    renderApp(<PlacesMap points={points} onSelect={() => undefined} />);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Scrap|Ravi/ })).toHaveLength(3));
    const chosen = marker('Deccan Scrap, #00000051');
    expect(chosen.className).toContain('kabadi-marker--pickup');
    expect(chosen.className).toContain('kabadi-marker--selected');
    // Names are text, escaped, never markup.
    expect(chosen.querySelector('.kabadi-marker__tag')?.textContent).toBe('Deccan <Scrap>');
    expect(chosen.querySelector('.kabadi-marker__label')?.textContent).toBe('1');
    expect(marker('Katraj Scrap, #00000053').className).not.toContain('kabadi-marker--selected');
    const driver = marker('Driver Ravi: holds #00000070');
    expect(driver.className).toContain('kabadi-marker--driver');
    expect(driver.querySelector('.kabadi-marker__driver svg')).not.toBeNull();
    expect(driver.querySelector('.kabadi-marker__tag')?.textContent).toBe('Ravi');
  });

  it('hands back the pickup clicked, and nothing for a driver', async () => {
    const onSelect = vi.fn();
    renderApp(<PlacesMap points={points} onSelect={onSelect} />);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Scrap|Ravi/ })).toHaveLength(3));
    fireEvent.click(marker('Katraj Scrap, #00000053'));
    expect(onSelect).toHaveBeenCalledWith(points[1]);
    fireEvent.click(marker('Driver Ravi: holds #00000070'));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});
