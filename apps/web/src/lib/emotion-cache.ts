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
 * The attribute naming the rules of a `<style>` the build wrote (index.html, login.html), as
 * emotion's own `data-emotion="css <names>"` would. emotion takes any element of its own form as
 * its own when a cache starts, and re-inserts it at the end of <head> (both @emotion/react's
 * default cache, made when it loads, and the app's): a style sheet removed and added again, so
 * a style recalculation of the whole page in the task that starts the app. Under this name the
 * element stays where the build put it, and the app's cache learns its rules from it.
 */
export const SERVER_RULES_ATTRIBUTE = 'data-emotion-rules';

/** The style cache the app renders with (in the browser and in the prerenders). */
export function createEmotionCache(): EmotionCache {
  const cache = createCache({ key: 'css', stylisPlugins: [webkitPrefixes] });
  if (typeof document !== 'undefined') {
    for (const element of document.head.querySelectorAll(`style[${SERVER_RULES_ATTRIBUTE}]`)) {
      for (const name of element.getAttribute(SERVER_RULES_ATTRIBUTE)!.split(' ')) if (name) cache.inserted[name] = true;
    }
  }
  return cache;
}
