// Toasts. notify.success(...) etc. work from anywhere (components, mutations' callbacks,
// plain modules). notistack renders them, loaded after the first paint by
// components/toaster.tsx so it does not weigh on the /login bundle; a toast asked for
// before it is ready waits in a queue. Toasts hide after TOAST_AUTO_HIDE_MS.

export type ToastVariant = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  message: string;
  variant: ToastVariant;
}

type ToastSink = (toast: Toast) => void;

let sink: ToastSink | null = null;
const pending: Toast[] = [];

/** The toaster connects itself here once it is mounted (null when it goes away). */
export function setToastSink(next: ToastSink | null): void {
  sink = next;
  if (next) pending.splice(0).forEach(next);
}

function show(variant: ToastVariant, message: string): void {
  const toast = { message, variant };
  if (sink) sink(toast);
  else pending.push(toast);
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
