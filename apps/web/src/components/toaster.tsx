import { useEffect } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { enqueueSnackbar, SnackbarProvider, type SnackbarOrigin } from 'notistack';
import { TOAST_AUTO_HIDE_MS } from '@app/shared/constants';
import { setToastSink } from '@/lib/notify';

// On a phone the bottom of the screen is where the page's own buttons are (the driver's
// "Take or add a photo", a form's submit): a toast there covers them. The top is the fixed
// app bar, which already hides whatever scrolls beneath it, so phones get their toasts
// over it, compact and from the very top edge. Wider screens keep them at the bottom
// centre, where they cover nothing. Decision 067.
const PHONE_ORIGIN: SnackbarOrigin = { vertical: 'top', horizontal: 'center' };
const WIDE_ORIGIN: SnackbarOrigin = { vertical: 'bottom', horizontal: 'center' };
const PHONE_CLASS = 'kabadi-toasts-phone';
const PHONE_QUERY = '(max-width:599.95px)';
// Two classes beat notistack's one. Near the top edge (notistack's sits 14 px down), and
// tighter than its 68 px for two lines, so a message of up to two lines (about 90
// characters) stays within the 56 px app bar and covers nothing of the page.
const PHONE_CONTAINER = `.notistack-SnackbarContainer.${PHONE_CLASS}`;
const phoneStyles = (
  <GlobalStyles
    styles={{
      [PHONE_CONTAINER]: { top: 4 },
      [`${PHONE_CONTAINER} .notistack-MuiContent`]: { padding: '2px 12px', fontSize: '0.8125rem', lineHeight: 1.3 },
      [`${PHONE_CONTAINER} .notistack-MuiContent > [id="notistack-snackbar"]`]: { padding: '3px 0' },
    }}
  />
);

/** notistack's container; lib/notify.ts sends it the toasts. Loaded lazily by app/provider.tsx. */
export function Toaster() {
  // notistack's own phone width, so its full-width layout and ours agree (no theme needed).
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  useEffect(() => {
    setToastSink((toast) => enqueueSnackbar(toast.message, { variant: toast.variant }));
    return () => setToastSink(null);
  }, []);
  return (
    <>
      {phone && phoneStyles}
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={TOAST_AUTO_HIDE_MS}
        anchorOrigin={phone ? PHONE_ORIGIN : WIDE_ORIGIN}
        dense={phone}
        classes={phone ? { containerAnchorOriginTopCenter: PHONE_CLASS } : undefined}
      />
    </>
  );
}
