import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinList } from './join-list';

describe('joinList', () => {
  it('joins as Intl.ListFormat conjunction does in English and Hindi', () => {
    for (const language of ['en', 'hi']) {
      const intl = new Intl.ListFormat(language, { type: 'conjunction' });
      fc.assert(
        fc.property(fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 6 }), (items) => {
          expect(joinList(items, language)).toBe(intl.format(items));
        }),
      );
    }
    expect(joinList(['address', 'state', 'GSTIN'], 'en')).toBe('address, state, and GSTIN');
    expect(joinList(['पता', 'GSTIN'], 'hi')).toBe('पता और GSTIN');
  });
});
