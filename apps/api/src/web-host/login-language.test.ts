import { describe, expect, it } from 'vitest';
import { loginLanguage } from './login-language';

describe('loginLanguage', () => {
  it('takes the device’s choice first, then the browser’s first language the app has, else English', () => {
    expect(loginLanguage('theme=dark; language=hi', 'en-US,en;q=0.9')).toBe('hi');
    expect(loginLanguage('language=en', 'hi-IN,hi;q=0.9')).toBe('en');
    expect(loginLanguage(undefined, 'hi-IN,hi;q=0.9,en-US;q=0.8')).toBe('hi');
    expect(loginLanguage(undefined, 'fr-FR,hi;q=0.7,en;q=0.8')).toBe('en');
    expect(loginLanguage(undefined, 'en;q=0.5, hi;q=0.6')).toBe('hi');
    expect(loginLanguage('language=fr', 'ta-IN, de;q=0.9')).toBe('en');
    expect(loginLanguage(undefined, 'hi;q=0, en')).toBe('en');
    expect(loginLanguage(undefined, undefined)).toBe('en');
  });
});
