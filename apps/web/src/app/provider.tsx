import { lazy, Suspense, type ReactNode } from 'react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { DeferredToaster } from '@/components/deferred-toaster';
import { LocalizedDefaults } from '@/components/localized-defaults';
import { createEmotionCache } from '@/lib/emotion-cache';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { getTheme } from '@/lib/theme';
import { importWhenOnline } from '@/lib/import-when-online';

// The change feed: one stream per tab, loaded only once someone is signed in (not on /login).
const LiveUpdates = lazy(() => importWhenOnline(() => import('@/features/live/components/live-updates')).then((module) => ({ default: module.LiveUpdates })));

function LiveUpdatesWhenSignedIn() {
  const { signedIn } = useSession();
  return signedIn ? (
    <Suspense fallback={null}>
      <LiveUpdates />
    </Suspense>
  ) : null;
}

// One style cache for the tab's life (lib/emotion-cache.ts); the /login prerender brings its own.
const browserStyleCache = createEmotionCache();

/**
 * What every page may rely on: the style cache, the theme (light/dark), texts, toasts (notistack
 * comes later: components/deferred-toaster.tsx). Server state
 * (TanStack Query) is provided by the section layouts and the auth pages that fetch
 * (components/providers/query-provider.tsx), so /login does not carry it.
 */
export function AppProvider({ children, styleCache = browserStyleCache }: { children: ReactNode; styleCache?: EmotionCache }) {
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={getTheme()} defaultMode="system" noSsr>
        <CssBaseline enableColorScheme />
        <I18nextProvider i18n={i18n}>
          <LocalizedDefaults>{children}</LocalizedDefaults>
          <DeferredToaster />
          <LiveUpdatesWhenSignedIn />
        </I18nextProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
