import { describe, expect, it } from 'vitest';
import { deviceClass } from './device-class';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X700) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

describe('deviceClass', () => {
  it('knows phones by user agent', () => {
    expect(deviceClass(IPHONE, 390)).toBe('mobile');
    expect(deviceClass(ANDROID_PHONE, 412)).toBe('mobile');
  });
  it('knows tablets by user agent or by a width of 768 to 1024', () => {
    expect(deviceClass(IPAD, 1024)).toBe('tablet');
    expect(deviceClass(ANDROID_TABLET, 1280)).toBe('tablet');
    expect(deviceClass(DESKTOP, 768)).toBe('tablet');
    expect(deviceClass(DESKTOP, 1024)).toBe('tablet');
  });
  it('calls everything else desktop', () => {
    expect(deviceClass(DESKTOP, 1025)).toBe('desktop');
    expect(deviceClass(DESKTOP, 767)).toBe('desktop');
  });
});
