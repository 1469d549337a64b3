import { useSyncExternalStore } from 'react';
import { paths } from '@/config/paths';

// The app's side of the prerendered pages, /login and /Sell (decision 026; the page's side is
// app/login-boot.ts, which writes these classes and the pending click).

/** The pages the build prerenders, by the name their #root carries (`data-prerendered`), and their paths. */
const PRERENDERED_PATHS: Record<string, string> = { login: paths.auth.login.path, sell: paths.public.sell.path };

declare global {
  interface Window {
    /** A button pressed on the prerendered page before the app could answer it. */
    kbPendingClick?: HTMLElement;
  }
}

/** The path of the prerendered page `container` holds (dist/login.html, dist/sell.html), or null. */
export function prerenderedPathOf(container: HTMLElement): string | null {
  const name = container.dataset.prerendered;
  return name === undefined ? null : (PRERENDERED_PATHS[name] ?? null);
}

/** The app takes the page over: shown even where the page's script hid it (someone whose session had ended). */
export function showPrerenderedPage(): void {
  document.documentElement.classList.remove('kb-boot');
}

/** The app draws the page itself instead: the start-up shell shows until its first render. */
export function leavePrerenderedPage(container: HTMLElement): void {
  delete container.dataset.prerendered;
  container.replaceChildren();
}

/**
 * Called once the page is the app's (after hydration): from then on the page's script leaves
 * submits and clicks to the app, and its CSS leaves focus to MUI.
 */
export function takeOverPage(): void {
  document.documentElement.classList.add('kb-app');
  // What has focus got it before React listened: say so now, so MUI draws its focus ring and
  // field outline as for any focus (the page's own CSS for that stops here).
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused !== document.body) focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  // A button (the language switch, the password's eye) pressed before the app could answer.
  const click = window.kbPendingClick;
  delete window.kbPendingClick;
  if (click?.isConnected) setTimeout(() => click.click(), 0);
}

export interface TakeOver<K extends string> {
  /** What was typed into the page before the app ran. */
  values: Record<K, string>;
  /** The form was sent before the app ran: send it now. */
  submit: boolean;
}

/**
 * Called once the form is the app's (after hydration): from then on the page's script leaves
 * submits to the app. Returns what the person did before, or null when they did nothing.
 */
export function takeOverForm<K extends string>(form: HTMLFormElement, names: readonly K[]): TakeOver<K> | null {
  const html = document.documentElement;
  const submit = html.classList.contains('kb-pending');
  html.classList.remove('kb-pending');
  let typed = false;
  const values = {} as Record<K, string>;
  for (const name of names) {
    const element = form.elements.namedItem(name);
    values[name] = element instanceof HTMLInputElement ? element.value : '';
    typed ||= values[name] !== '';
  }
  takeOverPage();
  return typed || submit ? { values, submit } : null;
}

const noSubscription = () => () => undefined;

/**
 * False while React hydrates prerendered markup (and on the server), true otherwise: a part
 * that depends on the device (the colour mode) renders the server's version first, so the
 * markup matches, and its own right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
