import { describe, expect, it } from 'vitest';
import { amountInWords, numberInIndianWords } from './amount-in-words';

describe('amount in words (Indian English)', () => {
  it('says lakh and crore', () => {
    expect(amountInWords(12_000_050)).toBe('Rupees One Lakh Twenty Thousand and Fifty Paise Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(amountInWords(123_456_789_01)).toBe('Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and One Paise Only');
    expect(numberInIndianWords(1_000_000_000)).toBe('One Hundred Crore');
    expect(numberInIndianWords(100_019)).toBe('One Lakh Nineteen');
  });
});
