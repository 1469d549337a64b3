import { useSyncExternalStore } from 'react';
import { deviceClass, type DeviceClass } from '@app/shared/device-class';

// The spec's device classes (mobile, tablet, desktop) for the current window, live.

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  window.addEventListener('orientationchange', listener);
  return () => {
    window.removeEventListener('resize', listener);
    window.removeEventListener('orientationchange', listener);
  };
}

const currentClass = (): DeviceClass => deviceClass(navigator.userAgent, window.innerWidth);
const currentWidth = (): number => window.innerWidth;

export function useDeviceClass(): DeviceClass {
  return useSyncExternalStore(subscribe, currentClass, () => 'desktop');
}

/** Below this width even a desktop browser gets the folding navigation: a permanent drawer would crowd the page. */
export const PERMANENT_DRAWER_MIN_WIDTH = 900;

/** The navigation drawer stays open on desktops; on phones, tablets and narrow windows it folds away. */
export function usePermanentDrawer(): boolean {
  const device = useDeviceClass();
  const width = useSyncExternalStore(subscribe, currentWidth, () => 1280);
  return device === 'desktop' && width >= PERMANENT_DRAWER_MIN_WIDTH;
}
