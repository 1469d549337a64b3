import { describe, expect, it } from 'vitest';
import { addressLines } from './receipt-pdf';

describe("a receipt party's address", () => {
  it('keeps a short address on one line, spaces and line breaks made single', () => {
    expect(addressLines('14 Gandhi Nagar,\n  Pune')).toEqual(['14 Gandhi Nagar, Pune']);
    expect(addressLines('   ')).toEqual([]);
  });

  it('breaks a long one between words into two lines at most, each within the column', () => {
    const address = 'Flat 12, Shanti Apartments, Plot 44, Sector 17, Near the Old Water Tank, Vashi, Navi Mumbai 400703, Maharashtra';
    const lines = addressLines(address);
    expect(lines).toEqual(['Flat 12, Shanti Apartments, Plot 44, Sector 17, Near', 'the Old Water Tank, Vashi, Navi Mumbai 400703,']);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(52);
  });
});
