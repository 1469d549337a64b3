import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

// emotion's default cache runs every rule it inserts through stylis' prefixer, which looks
// up vendor prefixes for each declaration: about half of the style insertion in a page's
// first commit, most of it for browsers no phone of ours runs. This cache keeps only the
// prefixes that current browsers still need (Safari: user-select, backdrop-filter;
// decision 041).
const WEBKIT_ONLY = /^(user-select|backdrop-filter|text-size-adjust):/;

const webkitPrefixes: StylisPlugin = (element) => {
  if (element.type === 'decl' && !element.return && WEBKIT_ONLY.test(element.value)) element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * The style cache the app renders with (in the browser and in the build's prerender of /login).
 * In the browser, emotion adopts the prerendered page's `<style data-emotion="css <names>">`
 * elements as it starts (its own server-render hydration), so their rules are not written again.
 */
export function createEmotionCache(): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: [webkitPrefixes] });
}
