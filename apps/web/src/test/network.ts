// Component tests (happy-dom): the browser goes off- or online, as lib/network-status.ts hears it.
export function setBrowserOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
