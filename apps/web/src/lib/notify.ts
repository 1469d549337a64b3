// Toasts. notify.success(...) etc. work from anywhere (components, mutations' callbacks,
// plain modules). notistack renders them (components/toaster.tsx), loaded by
// components/deferred-toaster.tsx at the first toast or once the page has settled, so it
// does not weigh on the first paint; a toast asked for before it is ready waits in a
// queue. Toasts hide after TOAST_AUTO_HIDE_MS.

export type ToastVariant = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  message: string;
  variant: ToastVariant;
}

type ToastSink = (toast: Toast) => void;

let sink: ToastSink | null = null;
const pending: Toast[] = [];
const waitingListeners = new Set<() => void>();

/** Calls `listener` when a toast waits for a toaster that is not loaded yet (at once if one already waits). */
export function onToastWaiting(listener: () => void): () => void {
  if (pending.length > 0) listener();
  waitingListeners.add(listener);
  return () => waitingListeners.delete(listener);
}

/** The toaster connects itself here once it is mounted (null when it goes away). */
export function setToastSink(next: ToastSink | null): void {
  sink = next;
  if (next) pending.splice(0).forEach(next);
}

function show(variant: ToastVariant, message: string): void {
  const toast = { message, variant };
  if (sink) sink(toast);
  else {
    pending.push(toast);
    waitingListeners.forEach((listener) => listener());
  }
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
