import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatPhone,
  formatAmount,
  formatCompactRupees,
  formatCount,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDistance,
  formatDistanceMetres,
  formatInteger,
  formatOrderNumber,
  formatPeriodLabel,
  formatPickupSlot,
  formatReadableTime,
  formatSlotDay,
  formatTime,
  formatWeight,
  formatWeightValue,
  padId,
  parseOrderNumber,
  setFormatLanguage,
} from './format';

// The contract of every formatter: what Intl writes for en-IN and hi-IN (Node carries the same
// ICU data as the browsers), over generated values; where a formatter differs on purpose (a
// unit Intl spells otherwise), the part Intl writes.

const LANGUAGES = [
  { language: 'en', locale: 'en-IN' },
  { language: 'hi', locale: 'hi-IN' },
] as const;
const RUNS = { numRuns: 1500 };

const numberFormat = (locale: string, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options);
const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options);
/** An Intl date's parts by type ("day" -> "07"). */
const partsOf = (format: Intl.DateTimeFormat, at: Date) => Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));

// Amounts up to 10^13 paise (10^11 rupees), either sign; weights in grams up to 10^12; any double.
const paise = fc.integer({ min: -1e13, max: 1e13 }).map((n) => n / 100);
const grams = fc.integer({ min: -1e12, max: 1e12 }).map((n) => n / 1000);
const anyNumber = fc.double();
const amounts = fc.oneof(paise, anyNumber);
const weights = fc.oneof(grams, anyNumber);
// Instants from 1950 (India has kept +05:30 since 1945) to 2200, to the second.
const instants = fc.integer({ min: Date.UTC(1950, 0, 1) / 1000, max: Date.UTC(2200, 11, 31) / 1000 }).map((s) => new Date(s * 1000));
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

afterEach(() => setFormatLanguage('en'));

describe('money', () => {
  it('formatCurrency: en-IN grouping to 2 decimals, suffixed INR; Hindi as hi-IN currency INR', () => {
    const en = numberFormat('en-IN', { maximumFractionDigits: 2 });
    const hi = numberFormat('hi-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(amounts, (rupees) => {
        expect(formatCurrency(rupees, 'en')).toBe(`${en.format(rupees)} INR`);
        expect(formatCurrency(rupees, 'hi')).toBe(hi.format(rupees));
      }),
      RUNS,
    );
    expect(formatCurrency(1234567.891)).toBe('12,34,567.89 INR');
    expect(formatCurrency(0.5)).toBe('0.5 INR');
    expect(formatCurrency(-5, 'hi')).toBe('-₹5');
  });

  it('formatAmount: always 2 decimals, as en-IN and hi-IN with 2 fraction digits', () => {
    for (const { locale } of LANGUAGES) {
      const intl = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      fc.assert(fc.property(amounts, (rupees) => { expect(formatAmount(rupees)).toBe(intl.format(rupees)); }), RUNS);
      for (const rupees of [0, -0, -0.001, 0.5, 2.675, 999.995, 1e21, NaN, Infinity, -Infinity]) expect(formatAmount(rupees), String(rupees)).toBe(intl.format(rupees));
    }
    expect(formatAmount(123456.5)).toBe('1,23,456.50');
  });

  it('formatCompactRupees: every figure below ₹1,000 crore as en-IN compact notation', () => {
    const intl = numberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
    fc.assert(fc.property(fc.oneof(paise.filter((v) => Math.abs(v) < 9.99e9), fc.double({ min: -9.99e9, max: 9.99e9, noNaN: true })), (value) => { expect(formatCompactRupees(value)).toBe(intl.format(value)); }), { numRuns: 3000 });
    // Where each unit ends, rounding carries into the next.
    for (const value of [0, 0.05, 999.94, 999.95, 1049, 1050, 99_949, 99_950, 1e5, 9_999_949, 9_999_950, 1.5e7, 9.99e9]) {
      expect(formatCompactRupees(value), String(value)).toBe(intl.format(value));
    }
    expect(formatCompactRupees(99_950)).toBe('1L');
  });
});

describe('weights, counts and distances', () => {
  it('formatWeight: en-IN kilograms to 3 decimals; Hindi the hi-IN number with "किलो"', () => {
    const en = numberFormat('en-IN', { style: 'unit', unit: 'kilogram', maximumFractionDigits: 3 });
    const hi = numberFormat('hi-IN', { maximumFractionDigits: 3 });
    fc.assert(
      fc.property(weights, (kg) => {
        expect(formatWeight(kg, 'en')).toBe(en.format(kg));
        expect(formatWeight(kg, 'hi')).toBe(`${hi.format(kg)} किलो`);
      }),
      RUNS,
    );
    expect(formatWeight(12.3456)).toBe('12.346 kg');
  });

  it("formatWeightValue: the number alone, as en-IN's and hi-IN's 3 decimals", () => {
    for (const { locale } of LANGUAGES) {
      const intl = numberFormat(locale, { maximumFractionDigits: 3 });
      fc.assert(fc.property(weights, (kg) => { expect(formatWeightValue(kg)).toBe(intl.format(kg)); }), RUNS);
    }
    expect(formatWeightValue(1234.5)).toBe('1,234.5');
  });

  it('formatInteger: whole numbers with Indian grouping, as en-IN and hi-IN without decimals', () => {
    for (const { locale } of LANGUAGES) {
      const intl = numberFormat(locale, { maximumFractionDigits: 0 });
      fc.assert(fc.property(fc.oneof(fc.integer({ min: -1e15, max: 1e15 }), anyNumber), (value) => { expect(formatInteger(value)).toBe(intl.format(value)); }), RUNS);
    }
    expect(formatInteger(1234567)).toBe('12,34,567');
  });

  it("formatCount: every count as Intl's English compact notation, in lower case with British billions and trillions (short of 999.95tn, where Intl stops grouping)", () => {
    const intl = numberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
    const british = (count: number) => intl.format(count).toLowerCase().replace(/b$/, 'bn').replace(/t$/, 'tn');
    const edges = [0, 999, 1000, 1049, 1050, 9999, 99_950, 999_949, 999_950, 999_949_999, 999_950_000, 1e9, 123_456_789_012, 999_949_999_999, 999_950_000_000, 1e12, 12_345_678_901_234];
    for (const count of edges) expect(formatCount(count), String(count)).toBe(british(count));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_949_999_999_999 }), fc.boolean(), (count, estimated) => {
        expect(formatCount(count, estimated)).toBe(`${estimated ? '~' : ''}${british(count)}`);
      }),
      { numRuns: 3000 },
    );
    expect(formatCount(1234)).toBe('1.2k');
    expect(formatCount(1_234_567, true)).toBe('~1.2m');
  });

  it('formatDistance: en-IN kilometres to 1 decimal; Hindi the hi-IN number with "किमी"', () => {
    const en = numberFormat('en-IN', { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
    const hi = numberFormat('hi-IN', { maximumFractionDigits: 1 });
    const km = fc.oneof(fc.integer({ min: 0, max: 1e9 }).map((m) => m / 1000), anyNumber);
    fc.assert(
      fc.property(km, (value) => {
        expect(formatDistance(value, 'en')).toBe(en.format(value));
        expect(formatDistance(value, 'hi')).toBe(`${hi.format(value)} किमी`);
      }),
      RUNS,
    );
    expect(formatDistance(2.449)).toBe('2.4 km');
  });

  it('formatDistanceMetres: whole metres under 1 km as en-IN metres, else as formatDistance', () => {
    const enMetres = numberFormat('en-IN', { style: 'unit', unit: 'meter', maximumFractionDigits: 0 });
    const enKm = numberFormat('en-IN', { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
    const hi = (places: number) => numberFormat('hi-IN', { maximumFractionDigits: places });
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.double({ min: 0, max: 1e8, noNaN: true })), (metres) => {
        const under = Math.round(metres) < 1000;
        expect(formatDistanceMetres(metres, 'en')).toBe(under ? enMetres.format(Math.round(metres)) : enKm.format(metres / 1000));
        expect(formatDistanceMetres(metres, 'hi')).toBe(under ? `${hi(0).format(Math.round(metres))} मीटर` : `${hi(1).format(metres / 1000)} किमी`);
      }),
      RUNS,
    );
    expect(formatDistanceMetres(999.5)).toBe('1 km');
  });
});

describe('dates and times, India time', () => {
  const ist = (locale: string) => dateFormat(locale, { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

  it('formatDateTime and formatTime: "HH:MM DD/MM/YYYY" and "HH:MM", the fields en-IN and hi-IN write in Asia/Kolkata', () => {
    for (const { locale } of LANGUAGES) {
      const intl = ist(locale);
      fc.assert(
        fc.property(instants, (at) => {
          const p = partsOf(intl, at);
          const expected = `${p.hour}:${p.minute} ${p.day}/${p.month}/${p.year}`;
          expect(formatDateTime(at)).toBe(expected);
          expect(formatDateTime(at.toISOString())).toBe(expected);
          expect(formatDateTime(at.getTime())).toBe(expected);
          expect(formatTime(at)).toBe(`${p.hour}:${p.minute}`);
          expect(formatTime(at.toISOString())).toBe(`${p.hour}:${p.minute}`);
        }),
        RUNS,
      );
    }
    // 18:30 UTC is the next day's midnight in India.
    expect(formatDateTime('2026-03-31T18:30:00Z')).toBe('00:00 01/04/2026');
    expect(formatTime('not a time')).toBe('Invalid Date');
  });

  it('formatDate: a calendar day as en-IN and hi-IN write it with 2-digit day and month', () => {
    for (const { locale } of LANGUAGES) {
      const intl = dateFormat(locale, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
      fc.assert(fc.property(instants, (at) => { expect(formatDate(dayOf(at))).toBe(intl.format(at)); }), RUNS);
    }
  });

  it('formatReadableTime: English exactly as en-IN writes it; Hindi the fields hi-IN writes', () => {
    const options = { timeZone: 'Asia/Kolkata', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true } as const;
    const en = dateFormat('en-IN', { ...options, month: 'short' });
    const hi = dateFormat('hi-IN', { ...options, month: 'long' });
    fc.assert(
      fc.property(instants, (at) => {
        expect(formatReadableTime(at)).toBe(en.format(at));
        const p = partsOf(hi, at);
        expect(formatReadableTime(at, 'hi')).toBe(`${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod}`);
      }),
      RUNS,
    );
    expect(formatReadableTime(new Date('2026-12-06T09:34:00Z'))).toBe('6 Dec 2026, 3:04 pm');
    expect(formatReadableTime(new Date('2026-12-06T09:34:00Z'), 'hi')).toBe('6 दिसंबर 2026, 3:04 pm');
    expect(formatReadableTime(new Date('2026-03-31T18:30:00Z'))).toBe('1 Apr 2026, 12:00 am');
  });

  it("formatPeriodLabel: a chart's month and day as en-IN and hi-IN write them", () => {
    for (const { language, locale } of LANGUAGES) {
      const month = dateFormat(locale, { timeZone: 'UTC', month: 'short', year: '2-digit' });
      const day = dateFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short' });
      fc.assert(
        fc.property(instants, (at) => {
          expect(formatPeriodLabel(dayOf(at).slice(0, 7), 'month', language)).toBe(month.format(at));
          expect(formatPeriodLabel(dayOf(at), 'day', language)).toBe(day.format(at));
        }),
        RUNS,
      );
    }
    expect(formatPeriodLabel('2026-05', 'month')).toBe('May 26');
    setFormatLanguage('hi');
    expect(formatPeriodLabel('2026-05-17', 'day')).toBe('17 मई');
  });

  it("formatSlotDay and formatPickupSlot: today and tomorrow as Intl's relative days, other days as formatDate", () => {
    for (const { language, locale } of LANGUAGES) {
      const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
      const word = (days: number) => relative.format(days, 'day').replace(/^./, (c) => c.toUpperCase());
      const date = dateFormat(locale, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
      const times = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
      fc.assert(
        fc.property(instants, fc.integer({ min: -400, max: 400 }), times, times, (today, offset, from, to) => {
          const slotDay = new Date(today.getTime() + offset * 86_400_000);
          const expected = offset === 0 || offset === 1 ? word(offset) : date.format(slotDay);
          expect(formatSlotDay(dayOf(slotDay), dayOf(today), language)).toBe(expected);
          expect(formatPickupSlot({ date: dayOf(slotDay), from, to }, dayOf(today), language)).toBe(`${expected} ${from}-${to}`);
        }),
        RUNS,
      );
    }
    expect(formatPickupSlot({ date: '2027-01-01', from: '09:00', to: '12:00' }, '2026-12-31')).toBe('Tomorrow 09:00-12:00');
  });

  it('setFormatLanguage: the web page language becomes every formatter default', () => {
    setFormatLanguage('hi');
    const hi = numberFormat('hi-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });
    fc.assert(fc.property(paise, (rupees) => { expect(formatCurrency(rupees)).toBe(hi.format(rupees)); }), { numRuns: 200 });
    expect(formatWeight(2)).toBe('2 किलो');
    expect(formatSlotDay('2026-12-06', '2026-12-06')).toBe('आज');
    setFormatLanguage('en');
    expect(formatWeight(2)).toBe('2 kg');
  });
});

describe('phone numbers', () => {
  it('formatPhone: an Indian mobile in two groups of five, its digits kept; anything else as it is', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[6-9]\d{9}$/), (digits) => {
        const shown = formatPhone(`+91${digits}`);
        expect(shown).toMatch(/^\+91 \d{5} \d{5}$/);
        expect(shown.replace(/ /g, '')).toBe(`+91${digits}`);
      }),
      { numRuns: 200 },
    );
    expect(formatPhone('+919820000001')).toBe('+91 98200 00001');
    expect(formatPhone('+14155550100')).toBe('+14155550100');
    expect(formatPhone('020 2567 1234')).toBe('020 2567 1234');
  });
});

describe('identifiers', () => {
  const ids = fc.integer({ min: 1, max: 999_999_999_999 });

  it('padId and formatOrderNumber: zero-padded as Intl writes a minimum number of integer digits', () => {
    fc.assert(
      fc.property(ids, fc.integer({ min: 1, max: 21 }), (id, width) => {
        const eight = numberFormat('en-IN', { minimumIntegerDigits: 8, useGrouping: false }).format(id);
        expect(padId(id)).toBe(eight);
        expect(padId(String(id))).toBe(eight);
        expect(padId(id, width)).toBe(numberFormat('en-IN', { minimumIntegerDigits: width, useGrouping: false }).format(id));
        expect(formatOrderNumber(id)).toBe(`#${eight}`);
      }),
      { numRuns: 500 },
    );
    expect(formatOrderNumber(42)).toBe('#00000042');
  });

  it('parseOrderNumber reads back what Intl pads, with or without "#", and nothing else', () => {
    const intl = numberFormat('en-IN', { minimumIntegerDigits: 8, useGrouping: false });
    fc.assert(
      fc.property(ids, (id) => {
        expect(parseOrderNumber(`#${intl.format(id)}`)).toBe(id);
        expect(parseOrderNumber(` ${intl.format(id)} `)).toBe(id);
        expect(parseOrderNumber(String(id))).toBe(id);
      }),
      RUNS,
    );
    for (const text of ['Sharma Store', '#0', '', '#', '12a', '1,234', '-5']) expect(parseOrderNumber(text), text).toBeNull();
  });
});
