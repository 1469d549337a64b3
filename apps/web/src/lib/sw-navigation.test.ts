import { describe, expect, it } from 'vitest';
import { isLoginPath, loginLanguage, looksLikeFile, pagesForNavigation } from './sw-navigation';

// The service worker answers navigations as the web host does (apps/api/src/web-host/).

describe('what the service worker answers a navigation with', () => {
  it('gives /login, in any case and with a trailing slash, the sign-in page in the chosen language', () => {
    for (const path of ['/login', '/Login', '/LOGIN/']) {
      expect(isLoginPath(path), path).toBe(true);
      expect(pagesForNavigation(path, 'en'), path).toEqual(['/login.html', '/index.html']);
      expect(pagesForNavigation(path, 'hi'), path).toEqual(['/login.hi.html', '/login.html', '/index.html']);
    }
  });

  it('gives /Sell its prerendered page the same way (design.md section 21)', () => {
    for (const path of ['/Sell', '/sell', '/SELL/']) {
      expect(pagesForNavigation(path, 'en'), path).toEqual(['/sell.html', '/index.html']);
      expect(pagesForNavigation(path, 'hi'), path).toEqual(['/sell.hi.html', '/sell.html', '/index.html']);
    }
  });

  it('gives every other client route index.html', () => {
    for (const path of ['/', '/Store/Home', '/Driver/Orders/OrderDetail', '/login/extra', '/loginx', '/Signup', '/Sell/x', '/Household/Start']) {
      expect(pagesForNavigation(path, 'hi'), path).toEqual(['/index.html']);
    }
  });

  it('leaves a path that names a file to the network (the file or a 404, never the page)', () => {
    for (const path of ['/favicon.png', '/assets/index-abc.js', '/config.json', '/build-id.json', '/sw.js']) {
      expect(looksLikeFile(path), path).toBe(true);
      expect(pagesForNavigation(path, 'en'), path).toEqual([]);
    }
  });
});

describe('the sign-in page\'s language', () => {
  it('is the device\'s choice first, else the browser\'s first language the app has, else English', () => {
    expect(loginLanguage('hi', ['en-IN'])).toBe('hi');
    expect(loginLanguage('en', ['hi-IN'])).toBe('en');
    expect(loginLanguage(null, ['hi-IN', 'en'])).toBe('hi');
    expect(loginLanguage(undefined, ['fr-FR', 'en-GB', 'hi'])).toBe('en');
    expect(loginLanguage('xx', ['fr'])).toBe('en');
    expect(loginLanguage(null, [])).toBe('en');
  });
});
