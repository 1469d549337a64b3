import { useEffect } from 'react';
import { deviceClass } from '@app/shared/device-class';

// How many open dialogs hold the page still, and the page's own overflow to give back.
let holders = 0;
let pageOverflow = '';

/**
 * For a MUI dialog's `disableScrollLock`: on a phone or tablet the page behind an open dialog
 * is held still here, by hand, and MUI's own lock is turned off. MUI's measures whether the
 * page overflows (to pad for a desktop's scrollbar) while React commits the dialog: a layout
 * of the whole page, forced in the middle of the commit, which on a phone was a third of the
 * store's waiting-order pop-up's opening task (decision 057). A phone's or tablet's scrollbars
 * take no room, so there is nothing to pad. Known by the user agent, not the width: a narrow
 * desktop window has a scrollbar to pad for, and keeps MUI's lock.
 */
export function useTouchScrollLock(): boolean {
  const byHand = typeof navigator !== 'undefined' && deviceClass(navigator.userAgent, 0) !== 'desktop';
  useEffect(() => {
    if (!byHand) return;
    if (holders++ === 0) {
      pageOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    return () => {
      if (--holders === 0) document.body.style.overflow = pageOverflow;
    };
  }, [byHand]);
  return byHand;
}
