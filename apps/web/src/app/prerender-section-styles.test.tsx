import createEmotionServer from '@emotion/server/create-instance';
import { describe, expect, it } from 'vitest';
import { createEmotionCache } from '@/lib/emotion-cache';
import { prerenderSectionStyles, renderSections } from './prerender-section-styles';

// index.html carries the CSS the signed-in pages' first render writes (decision 041). These
// render the pages as the build does, outside a browser, with the app's own tree.

/** The names `<style data-emotion-rules="...">` elements declare, as the app's style cache reads them in the browser. */
function declaredNames(tags: string): string[] {
  return [...tags.matchAll(/<style data-emotion-rules="([^"]+)"/g)].flatMap((match) => match[1]!.split(' '));
}



describe('the signed-in pages\' prerendered styles', () => {
  it('hold the theme\'s variables and the frames\' rules, named for emotion', async () => {
    const tags = await prerenderSectionStyles();
    expect(tags).toMatch(/<style data-s="" data-emotion="css-global [^"]+"[^>]*>[^<]*--mui-palette-primary-main:/);
    const names = declaredNames(tags);
    expect(names.length).toBeGreaterThan(100);
    // The top bar and the skip link of every section's frame.
    expect(tags).toMatch(/\.css-[\w-]+\{[^}]*position:fixed;[^}]*\}/);
    expect(tags).toContain('left:-9999px');
    // A phone's lists as it draws them (cards, decision 059), and the admin's warning about the company's details.
    expect(tags).toMatch(/\{border-top:1px solid;border-color:var\(--mui-palette-divider\);\}/);
    expect(tags).toContain('--mui-palette-Alert-warningIconColor');
  }, 60_000);

  it('leave nothing for a page\'s first render to write: a second render finds every rule in place', async () => {
    const names = declaredNames(await prerenderSectionStyles());
    // As the browser's cache starts on index.html: every declared rule is already in the page.
    const cache = createEmotionCache();
    createEmotionServer(cache);
    for (const name of names) cache.inserted[name] = true;
    await renderSections(cache);
    // Global styles are left out: in the browser emotion's Global finds its element by name, not in this record.
    const written = Object.entries(cache.inserted).filter(([name, css]) => typeof css === 'string' && cache.registered[`${cache.key}-${name}`] !== undefined);
    expect(written.map(([name]) => name)).toEqual([]);
  }, 60_000);
});
