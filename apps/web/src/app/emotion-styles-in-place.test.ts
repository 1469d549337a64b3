// @vitest-environment happy-dom
import createCache from '@emotion/cache';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmotionCache } from '@/lib/emotion-cache';
import { keptInPlace } from './prerender-section-styles';

// The app starting on a page the build wrote styles into: @emotion/react's default cache is
// made when it loads, then the app's own. The build's style elements stay where they are
// (moving one re-adds its style sheet: a whole-page style recalculation on a phone), their
// rules count as inserted, and rules written at run time go after them.

const SERVER_TAGS = '<style data-emotion="css-global 1abc">:root{--x:1}</style>\n<style data-emotion="css 9xyz 8uvw">.css-9xyz{color:red}.css-8uvw{color:blue}</style>\n';

afterEach(() => {
  document.head.innerHTML = '';
});

/** The head's elements, each as its tag name and the names it holds. */
const headElements = () =>
  [...document.head.children].map((element) => `${element.tagName} ${element.getAttribute('data-emotion') ?? element.getAttribute('data-emotion-rules') ?? ''}`.trim());

function startOn(tags: string) {
  document.head.innerHTML = `<meta name="viewport">\n${tags}<script type="module"></script>`;
  const before = headElements();
  createCache({ key: 'css' }); // @emotion/react's default cache
  const cache = createEmotionCache();
  return { cache, before, after: headElements() };
}

describe("a page's prerendered style elements", () => {
  it('stay in place when the app starts, and the app knows their rules', () => {
    const { cache, before, after } = startOn(keptInPlace(SERVER_TAGS));
    expect(after).toEqual(before);
    expect(cache.inserted['9xyz']).toBe(true);
    expect(cache.inserted['8uvw']).toBe(true);
  });

  it('are followed by the rules written at run time', () => {
    const { cache } = startOn(keptInPlace(SERVER_TAGS));
    cache.insert('', { name: 'new1', styles: 'color:green;', next: undefined }, cache.sheet, true);
    expect(headElements()).toEqual(['META', 'STYLE css-global 1abc', 'STYLE 9xyz 8uvw', 'SCRIPT', 'STYLE css']);
  });

  it('without the mark, are moved to the end of <head> by the default cache (what the mark prevents)', () => {
    const { after } = startOn(SERVER_TAGS);
    expect(after).toEqual(['META', 'SCRIPT', 'STYLE css-global 1abc', 'STYLE css 9xyz 8uvw']);
  });
});
