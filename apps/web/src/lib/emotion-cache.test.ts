// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createEmotionCache } from './emotion-cache';

/** The CSS the cache writes for one rule (the sheet is not in speedy mode under test). */
function insertedCss(declarations: string): string {
  const cache = createEmotionCache();
  cache.insert('.probe', { name: 'probe', styles: declarations, next: undefined }, cache.sheet, true);
  const css = cache.sheet.tags.map((tag) => tag.textContent ?? '').join('');
  cache.sheet.flush();
  return css;
}

describe('the app\'s style cache', () => {
  it('writes no vendor prefixes that current browsers do without', () => {
    const css = insertedCss('display:flex;transition:transform 1s;appearance:none;');
    expect(css).toContain('display:flex;');
    expect(css).toContain('transition:transform 1s;');
    expect(css).not.toMatch(/-(webkit|moz|ms)-/);
  });

  it('keeps the -webkit- prefixes Safari still needs', () => {
    const css = insertedCss('user-select:none;backdrop-filter:blur(4px);');
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).toContain('-webkit-backdrop-filter:blur(4px);backdrop-filter:blur(4px);');
  });
});
