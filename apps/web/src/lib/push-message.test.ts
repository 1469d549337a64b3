import { describe, expect, it } from 'vitest';
import { GENERIC_NOTIFICATION, languageOfText, notificationFor, parsePushPayload, safeAppPath } from './push-message';

// What the service worker makes of a push (src/sw-push.ts): untrusted input, always shown.

const ORIGIN = 'https://app.kabadi.in';

describe('a push payload', () => {
  it('is read as the API sends it', () => {
    const payload = JSON.stringify({ title: 'Order #A-12 accepted', body: 'A driver is on the way.', link: '/Store/Orders/OrderDetail?id=12', tag: 'order-12' });
    expect(parsePushPayload(payload)).toEqual({ title: 'Order #A-12 accepted', body: 'A driver is on the way.', link: '/Store/Orders/OrderDetail?id=12', tag: 'order-12' });
  });

  it('tolerates a missing body, link or tag', () => {
    expect(parsePushPayload('{"title":"  Hello  "}')).toEqual({ title: 'Hello', body: '', link: null, tag: '' });
    expect(parsePushPayload('{"title":"Hello","body":7,"link":null,"tag":["x"]}')).toEqual({ title: 'Hello', body: '', link: null, tag: '' });
  });

  it('is nothing when missing, not JSON, not an object or without a title', () => {
    for (const payload of [null, undefined, '', 'hello', '[1]', '"text"', 'null', '{}', '{"title":""}', '{"title":"   "}', '{"title":3,"body":"x"}']) {
      expect(parsePushPayload(payload), String(payload)).toBeNull();
    }
  });

  it('is cut to a sensible length', () => {
    const message = parsePushPayload(JSON.stringify({ title: 'T'.repeat(500), body: 'B'.repeat(5_000) }));
    expect(message?.title).toHaveLength(200);
    expect(message?.body).toHaveLength(1_000);
  });
});

describe('the page a notification opens', () => {
  it('is a path of this app, with its query and hash', () => {
    expect(safeAppPath('/Store/Orders/OrderDetail?id=12', ORIGIN)).toBe('/Store/Orders/OrderDetail?id=12');
    expect(safeAppPath('/Driver/Home#top', ORIGIN)).toBe('/Driver/Home#top');
    expect(safeAppPath('/Store/../Admin', ORIGIN)).toBe('/Admin');
  });

  it('is never another site, whatever the payload carries', () => {
    for (const link of [
      'https://evil.example/phish',
      'http://app.kabadi.in/Store/Home',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'Store/Home',
      '',
      ' /Store/Home',
      '/Store\n/Home',
      '/x\u0000',
      `/${'a'.repeat(3_000)}`,
      null,
      42,
      { href: '/Store/Home' },
    ]) {
      expect(safeAppPath(link, ORIGIN), JSON.stringify(link)).toBeNull();
    }
  });
});

describe('the notification shown', () => {
  it('carries the message, its tag, the checked link, the icons and the text\'s language', () => {
    const shown = notificationFor({ title: 'ऑर्डर #A-12 स्वीकार हुआ', body: 'ड्राइवर आ रहा है।', link: '/Store/Orders/OrderDetail?id=12', tag: 'order-12' }, ORIGIN, 'en');
    expect(shown).toEqual({
      title: 'ऑर्डर #A-12 स्वीकार हुआ',
      options: {
        body: 'ड्राइवर आ रहा है।',
        tag: 'order-12',
        renotify: true,
        lang: 'hi',
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        data: { link: '/Store/Orders/OrderDetail?id=12' },
      },
    });
  });

  it('drops a foreign link and goes without a tag when there is none', () => {
    const { options } = notificationFor({ title: 'Hello', body: '', link: 'https://evil.example/', tag: '' }, ORIGIN, 'hi');
    expect(options.data).toEqual({ link: null });
    expect(options).not.toHaveProperty('tag');
    expect(options).not.toHaveProperty('renotify');
    expect(options.lang).toBe('en');
  });

  it('is the generic one, in the device\'s language, when the payload was unreadable', () => {
    expect(notificationFor(null, ORIGIN, 'hi')).toMatchObject({ title: GENERIC_NOTIFICATION.hi.title, options: { body: GENERIC_NOTIFICATION.hi.body, lang: 'hi', data: { link: null } } });
    expect(notificationFor(null, ORIGIN, 'en')).toMatchObject({ title: 'Kabadi Orders', options: { lang: 'en' } });
  });

  it('reads Hindi from Devanagari letters', () => {
    expect(languageOfText('नया ऑर्डर')).toBe('hi');
    expect(languageOfText('Order #12')).toBe('en');
  });
});
