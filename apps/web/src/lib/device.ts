import { useSyncExternalStore } from 'react';
import { deviceClass, type DeviceClass } from '@app/shared/device-class';

// The spec's device classes (mobile, tablet, desktop) for the current window, live.
// The width is read when the window changes, never while React renders: reading
// window.innerWidth right after the DOM changed makes the browser lay the page out on the
// spot (a forced reflow), and React asks for the snapshot at every render of every user.

interface Viewport {
  width: number;
  device: DeviceClass;
}

const listeners = new Set<() => void>();
let viewport: Viewport | null = null;

function measure(): Viewport {
  const width = window.innerWidth;
  return { width, device: deviceClass(navigator.userAgent, width) };
}

function onWindowChange() {
  const next = measure();
  if (viewport && next.width === viewport.width && next.device === viewport.device) return;
  viewport = next;
  listeners.forEach((listener) => listener());
}

// For the app's whole life (one page): measured once now, then at each change of the window.
if (typeof window !== 'undefined') {
  viewport = measure();
  window.addEventListener('resize', onWindowChange);
  window.addEventListener('orientationchange', onWindowChange);
}

function current(): Viewport {
  viewport ??= measure();
  return viewport;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentClass = (): DeviceClass => current().device;
const currentWidth = (): number => current().width;

/** What a render outside a browser takes the window to be: a desktop's, unless the build's prerender asks for a phone's. */
let serverViewport: Viewport = { width: 1280, device: 'desktop' };

/** For the build's prerender of the phone frames (app/prerender-section-frames.tsx), which draws the pages as a phone shows them. */
export function setServerViewport(width: number, userAgent = ''): void {
  serverViewport = { width, device: deviceClass(userAgent, width) };
}

/**
 * MUI's `useMediaQuery` outside a browser (lib/theme.ts): the widths a query names, held
 * against the prerender's window, so that the build draws a phone's layout (its cards, not its
 * tables) and writes that layout's CSS. Any other feature is taken not to match, as MUI does.
 */
export function serverMatchMedia(query: string): { matches: boolean } {
  const widths = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  const { width } = serverViewport;
  return { matches: widths.length > 0 && widths.every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px))) };
}

export function useDeviceClass(): DeviceClass {
  return useSyncExternalStore(subscribe, currentClass, () => serverViewport.device);
}

/** Below this width even a desktop browser gets the folding navigation: a permanent drawer would crowd the page. */
export const PERMANENT_DRAWER_MIN_WIDTH = 900;

/** The navigation drawer stays open on desktops; on phones, tablets and narrow windows it folds away. */
export function usePermanentDrawer(): boolean {
  const device = useDeviceClass();
  const width = useSyncExternalStore(subscribe, currentWidth, () => serverViewport.width);
  return device === 'desktop' && width >= PERMANENT_DRAWER_MIN_WIDTH;
}
