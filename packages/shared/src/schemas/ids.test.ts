import { describe, expect, it } from 'vitest';
import { bodyId, ID_MAX, idCursorSchema, queryId, textId } from './ids';

describe('ids bounded by their column', () => {
  it('takes 1 to 2^31 - 1 for an integer column and up to 2^53 - 1 for a bigint one', () => {
    expect(bodyId('integer').parse(ID_MAX.integer)).toBe(2_147_483_647);
    expect(bodyId('integer').safeParse(2 ** 31).error?.issues[0]?.message).toBe('Unknown id');
    expect(bodyId('bigint').parse(2 ** 31)).toBe(2 ** 31);
    expect(bodyId('bigint').safeParse(2 ** 53).success).toBe(false);
    expect(textId('bigint').safeParse('9007199254740993').success).toBe(false);
    for (const wrong of [0, -1, 1.5, '1']) expect(bodyId('integer').safeParse(wrong).success, String(wrong)).toBe(false);
  });

  it('says a field\'s own words, its `invalid` one for everything when that is all it gives', () => {
    const material = bodyId('integer', { invalid: 'Choose a material' });
    expect([0, 2 ** 31, 'x'].map((v) => material.safeParse(v).error?.issues[0]?.message)).toEqual(['Choose a material', 'Choose a material', 'Choose a material']);
    expect(textId('integer').safeParse('0').error?.issues[0]?.message).toBe('Use a positive id');
  });

  it('reads a query id as text, empty meaning not given', () => {
    expect(queryId('integer').parse('42')).toBe(42);
    expect(queryId('integer').parse('')).toBeUndefined();
    expect(queryId('integer').safeParse('2147483648').success).toBe(false);
  });

  it('takes a cursor of digits within the column only', () => {
    expect(idCursorSchema('integer').parse('2147483647')).toBe('2147483647');
    for (const cursor of ['-1', '2147483648', '99999999999999999999', '1e3', 'abc']) {
      expect(idCursorSchema('integer').safeParse(cursor).error?.issues.map((i) => i.message), cursor).toEqual(["Use the cursor of the previous page's Link header"]);
    }
    expect(idCursorSchema('bigint').parse('9007199254740991')).toBe('9007199254740991');
    expect(idCursorSchema('bigint').safeParse('9007199254740992').success).toBe(false);
  });
});
