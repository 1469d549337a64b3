import { useEffect } from 'react';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { TOAST_AUTO_HIDE_MS } from '@app/shared/constants';
import { setToastSink } from '@/lib/notify';

/** notistack's container; lib/notify.ts sends it the toasts. Loaded lazily by app/provider.tsx. */
export function Toaster() {
  useEffect(() => {
    setToastSink((toast) => enqueueSnackbar(toast.message, { variant: toast.variant }));
    return () => setToastSink(null);
  }, []);
  return <SnackbarProvider maxSnack={3} autoHideDuration={TOAST_AUTO_HIDE_MS} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} />;
}
