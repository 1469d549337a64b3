import { lazy, Suspense, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { DeferredToaster } from '@/components/deferred-toaster';
import { LocalizedDefaults } from '@/components/localized-defaults';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { theme } from '@/lib/theme';

// The change feed: one stream per tab, loaded only once someone is signed in (not on /login).
const LiveUpdates = lazy(() => import('@/features/live/components/live-updates').then((module) => ({ default: module.LiveUpdates })));

function LiveUpdatesWhenSignedIn() {
  const { signedIn } = useSession();
  return signedIn ? (
    <Suspense fallback={null}>
      <LiveUpdates />
    </Suspense>
  ) : null;
}

/**
 * What every page may rely on: the theme (light/dark), texts, toasts (notistack
 * comes later: components/deferred-toaster.tsx). Server state
 * (TanStack Query) is provided by the section layouts and the auth pages that fetch
 * (components/providers/query-provider.tsx), so /login does not carry it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme} defaultMode="system" noSsr>
      <CssBaseline enableColorScheme />
      <I18nextProvider i18n={i18n}>
        <LocalizedDefaults>{children}</LocalizedDefaults>
        <DeferredToaster />
        <LiveUpdatesWhenSignedIn />
      </I18nextProvider>
    </ThemeProvider>
  );
}
