import { describe, expect, it } from 'vitest';
import { cookieValue } from './cookies';

describe('a cookie of the request', () => {
  it('is found by its name among others, with "=" in its value, and not by a prefix of its name', () => {
    const header = 'language=hi; kb_start=a.b=c; position_choice=use';
    expect(cookieValue(header, 'kb_start')).toBe('a.b=c');
    expect(cookieValue(header, 'language')).toBe('hi');
    expect(cookieValue(header, 'position')).toBeNull();
    expect(cookieValue(undefined, 'language')).toBeNull();
    expect(cookieValue('language=', 'language')).toBe('');
  });
});
