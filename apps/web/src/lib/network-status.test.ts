// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { setBrowserOnline } from '@/test/network';
import { isOnline, subscribeOnline } from './network-status';

/** The browser's state changes without its event (a page frozen in the background, or in the back/forward cache). */
function silentlySetOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

afterEach(() => setBrowserOnline(true));

describe('the network state', () => {
  it('tells its listeners of every online and offline event', () => {
    const heard: boolean[] = [];
    const stop = subscribeOnline((online) => heard.push(online));
    setBrowserOnline(false);
    setBrowserOnline(true);
    stop();
    setBrowserOnline(false);
    expect(heard).toEqual([false, true]);
  });

  it('catches up with a change it was not told of when the page is shown or focused again', () => {
    const heard: boolean[] = [];
    const stop = subscribeOnline((online) => heard.push(online));
    setBrowserOnline(false);
    silentlySetOnline(true);
    expect(isOnline()).toBe(true);
    expect(heard).toEqual([false]);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(heard).toEqual([false, true]);
    // Nothing new: nothing told.
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('pageshow'));
    expect(heard).toEqual([false, true]);
    silentlySetOnline(false);
    window.dispatchEvent(new Event('pageshow'));
    expect(heard).toEqual([false, true, false]);
    silentlySetOnline(true);
    window.dispatchEvent(new Event('focus'));
    expect(heard).toEqual([false, true, false, true]);
    stop();
  });
});
