import { describe, expect, it } from 'vitest';
import { cityCentre } from './city-centres';
import { formatCoordinates, formatDegrees, samePlace } from './coordinates';
import { attributionHtml, escapeHtml } from './leaflet-html';

describe('how a pin is written', () => {
  it('shows degrees to the 6 decimals the API keeps, with a dot, whatever the value', () => {
    expect(formatDegrees(18.5204)).toBe('18.520400');
    expect(formatDegrees(73.85670049)).toBe('73.856700');
    expect(formatDegrees(8)).toBe('8.000000');
    expect(formatCoordinates({ lat: 18.5204, lng: 73.8567 })).toBe('18.520400, 73.856700');
  });

  it('counts two pins as one place when the API would keep them alike', () => {
    expect(samePlace(null, null)).toBe(true);
    expect(samePlace({ lat: 18.5204, lng: 73.8567 }, null)).toBe(false);
    expect(samePlace({ lat: 18.5204, lng: 73.8567 }, { lat: 18.5204000001, lng: 73.8567 })).toBe(true);
    expect(samePlace({ lat: 18.5204, lng: 73.8567 }, { lat: 18.520401, lng: 73.8567 })).toBe(false);
  });
});

describe("where an empty picker starts", () => {
  it('knows the cities the product ships, in any case and spacing, and nothing else', () => {
    expect(cityCentre('Pune')).toEqual({ lat: 18.5204, lng: 73.8567 });
    expect(cityCentre('  new   DELHI ')).toEqual({ lat: 28.6139, lng: 77.209 });
    expect(cityCentre('Atlantis')).toBeNull();
    expect(cityCentre(undefined)).toBeNull();
  });
});

describe("the tiles' credit", () => {
  it('links the text when the provider gave a link, and never lets either be markup', () => {
    expect(attributionHtml({ text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' })).toBe(
      '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">© OpenStreetMap contributors</a>',
    );
    expect(attributionHtml({ text: '<img src=x onerror=alert(1)>', url: null })).toBe('&#60;img src=x onerror=alert(1)&#62;');
    expect(attributionHtml({ text: 'Tiles', url: 'https://example.com/?a=1&b="2"' })).toContain('href="https://example.com/?a=1&#38;b=&#34;2&#34;"');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });
});
