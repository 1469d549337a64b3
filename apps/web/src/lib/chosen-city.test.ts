// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chosenCityId, keepChosenCity } from './chosen-city';

describe('the city chosen on /Sell', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('is kept on the device and forgotten on request', () => {
    expect(chosenCityId()).toBeNull();
    keepChosenCity(7);
    expect(chosenCityId()).toBe(7);
    keepChosenCity(null);
    expect(chosenCityId()).toBeNull();
  });

  it('ignores what is not a city id, and storage that throws', () => {
    localStorage.setItem('sell.city', 'pune');
    expect(chosenCityId()).toBeNull();
    localStorage.setItem('sell.city', '-3');
    expect(chosenCityId()).toBeNull();
    // A browser that blocks storage throws on reading window.localStorage itself.
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(() => keepChosenCity(4)).not.toThrow();
    expect(chosenCityId()).toBeNull();
  });
});
