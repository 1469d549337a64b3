import { describe, expect, it } from 'vitest';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE, text } from './text';

describe('text of the wire format', () => {
  const schema = text().trim().max(10);

  it('refuses NUL and a lone surrogate, high or low, with their own messages', () => {
    expect(schema.safeParse('a\u0000').error?.issues.map((i) => i.message)).toEqual([NUL_MESSAGE]);
    for (const broken of ['\uD800', 'a\uD83Db', '\uDC00x', 'x\uDE00']) {
      expect(schema.safeParse(broken).error?.issues.map((i) => i.message), JSON.stringify(broken)).toEqual([LONE_SURROGATE_MESSAGE]);
    }
  });

  it('takes a surrogate pair (an emoji), and says what it wants for a value that is not text', () => {
    expect(schema.parse(' ok \uD83D\uDE00 ')).toBe('ok 😀');
    expect(text({ error: 'Say what is wrong' }).safeParse(undefined).error?.issues[0]?.message).toBe('Say what is wrong');
  });
});
