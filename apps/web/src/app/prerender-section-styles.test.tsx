import createEmotionServer from '@emotion/server/create-instance';
import { describe, expect, it } from 'vitest';
import { createEmotionCache } from '@/lib/emotion-cache';
import { prerenderSectionStyles, renderSections } from './prerender-section-styles';

// index.html carries the CSS the signed-in pages' first render writes (decision 041). These
// render the pages as the build does, outside a browser, with the app's own tree.

/** The names emotion's `<style data-emotion="css ...">` elements declare, which its cache adopts in the browser. */
function declaredNames(tags: string): string[] {
  return [...tags.matchAll(/<style data-emotion="css ([^"]+)"/g)].flatMap((match) => match[1]!.split(' '));
}

describe('the signed-in pages\' prerendered styles', () => {
  it('hold the theme\'s variables and the frames\' rules, named for emotion', async () => {
    const tags = await prerenderSectionStyles();
    expect(tags).toMatch(/<style data-emotion="css-global [^"]+"[^>]*>[^<]*--mui-palette-primary-main:/);
    const names = declaredNames(tags);
    expect(names.length).toBeGreaterThan(100);
    // The top bar and the skip link of every section's frame.
    expect(tags).toMatch(/\.css-[\w-]+\{[^}]*position:fixed;[^}]*\}/);
    expect(tags).toContain('left:-9999px');
    // A phone's lists as it draws them (cards, decision 059), and the admin's warning about the company's details.
    expect(tags).toMatch(/\{border-top:1px solid;border-color:var\(--mui-palette-divider\);\}/);
    expect(tags).toContain('--mui-palette-Alert-warningIconColor');
  }, 60_000);

  it('leave nothing for a page\'s first render to write: every rule a render asks for is declared', async () => {
    const declared = new Set(declaredNames(await prerenderSectionStyles()));
    // A fresh render, as the app's first one in the browser: each rule it writes must be one the page already has.
    const cache = createEmotionCache();
    createEmotionServer(cache);
    await renderSections(cache);
    // Global styles are left out: in the browser emotion's Global finds its element by name.
    const written = Object.keys(cache.inserted).filter((name) => cache.registered[`${cache.key}-${name}`] !== undefined);
    expect(written.length).toBeGreaterThan(100);
    expect(written.filter((name) => !declared.has(name))).toEqual([]);
  }, 60_000);
});
