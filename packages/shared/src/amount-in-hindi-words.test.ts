import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInHindiWords, HINDI_NUMBER_WORDS, numberInHindiWords } from './amount-in-hindi-words';

const DEVANAGARI_WORDS = /^[\u0900-\u097f]+(?: [\u0900-\u097f]+)*$/;

describe('Hindi numbers below a hundred', () => {
  it('has one distinct, non-empty Devanagari word for each of 0 to 99', () => {
    expect(HINDI_NUMBER_WORDS).toHaveLength(100);
    expect(new Set(HINDI_NUMBER_WORDS).size).toBe(100);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (n) => {
        const word = numberInHindiWords(n);
        expect(word).toBe(HINDI_NUMBER_WORDS[n]);
        // One word each: Hindi does not build 21 from "twenty one".
        expect(word).toMatch(/^[\u0900-\u097f]+$/);
        expect(word.normalize('NFC')).toBe(word);
      }),
    );
  });

  // The irregular ones, checked one by one against a printed table.
  it.each([
    [0, 'शून्य'], [1, 'एक'], [5, 'पाँच'], [6, 'छह'], [9, 'नौ'], [10, 'दस'], [11, 'ग्यारह'], [15, 'पंद्रह'], [19, 'उन्नीस'],
    [21, 'इक्कीस'], [28, 'अट्ठाईस'], [29, 'उनतीस'], [35, 'पैंतीस'], [38, 'अड़तीस'], [39, 'उनतालीस'], [44, 'चौवालीस'],
    [49, 'उनचास'], [51, 'इक्यावन'], [53, 'तिरपन'], [59, 'उनसठ'], [64, 'चौंसठ'], [67, 'सड़सठ'], [69, 'उनहत्तर'],
    [72, 'बहत्तर'], [79, 'उन्यासी'], [83, 'तिरासी'], [89, 'नवासी'], [90, 'नब्बे'], [92, 'बानवे'], [99, 'निन्यानवे'],
  ])('%i is %s', (n, word) => {
    expect(numberInHindiWords(n)).toBe(word);
  });
});

describe('Hindi numbers in the Indian system', () => {
  it.each([
    [100, 'एक सौ'],
    [101, 'एक सौ एक'],
    [999, 'नौ सौ निन्यानवे'],
    [1000, 'एक हज़ार'],
    [1_00_000, 'एक लाख'],
    [1_00_019, 'एक लाख उन्नीस'],
    [12_34_567, 'बारह लाख चौंतीस हज़ार पाँच सौ सड़सठ'],
    [1_00_00_000, 'एक करोड़'],
    [12_34_56_789, 'बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी'],
    [1_00_00_00_000, 'एक सौ करोड़'],
  ])('%i is %s', (n, words) => {
    expect(numberInHindiWords(n)).toBe(words);
  });

  it('says thousands, lakhs and crores as "count + word + the rest"', () => {
    const said = (n: number) => (n === 0 ? '' : ` ${numberInHindiWords(n)}`);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 0, max: 999 }), (count, rest) => {
        expect(numberInHindiWords(count * 1000 + rest)).toBe(`${HINDI_NUMBER_WORDS[count]} हज़ार${said(rest)}`);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 0, max: 99_999 }), (count, rest) => {
        expect(numberInHindiWords(count * 1_00_000 + rest)).toBe(`${HINDI_NUMBER_WORDS[count]} लाख${said(rest)}`);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999 }), fc.integer({ min: 0, max: 99_99_999 }), (count, rest) => {
        expect(numberInHindiWords(count * 1_00_00_000 + rest)).toBe(`${numberInHindiWords(count)} करोड़${said(rest)}`);
      }),
    );
  });

  it('writes only Devanagari words, one space apart, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(numberInHindiWords(n)).toMatch(DEVANAGARI_WORDS);
      }),
    );
  });

  it('refuses what is not a whole number', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(() => numberInHindiWords(bad)).toThrow();
    expect(() => amountInHindiWords(0.5)).toThrow();
  });
});

describe('Hindi amounts in rupees and paise', () => {
  it.each([
    [0, 'रुपये शून्य मात्र'],
    [100, 'रुपये एक मात्र'],
    [5, 'रुपये शून्य और पाँच पैसे मात्र'],
    [1_20_000_50, 'रुपये एक लाख बीस हज़ार और पचास पैसे मात्र'],
    [12_34_567_89, 'रुपये बारह लाख चौंतीस हज़ार पाँच सौ सड़सठ और नवासी पैसे मात्र'],
    [1_00_00_000_00, 'रुपये एक करोड़ मात्र'],
    [1_561_37, 'रुपये एक हज़ार पाँच सौ इकसठ और सैंतीस पैसे मात्र'],
  ])('%i paise: %s', (paise, words) => {
    expect(amountInHindiWords(paise)).toBe(words);
  });

  it('says the rupees and, when there are any, the paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), fc.integer({ min: 0, max: 99 }), (rupees, paise) => {
        const tail = paise === 0 ? '' : ` और ${HINDI_NUMBER_WORDS[paise]} पैसे`;
        expect(amountInHindiWords(rupees * 100 + paise)).toBe(`रुपये ${numberInHindiWords(rupees)}${tail} मात्र`);
      }),
    );
  });
});
