import { lazy, Suspense, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { theme } from '@/lib/theme';

// notistack arrives after the first paint (toasts wait in lib/notify.ts until then).
const Toaster = lazy(() => import('@/components/toaster').then((module) => ({ default: module.Toaster })));

/**
 * What every page may rely on: the theme (light/dark), texts, toasts. Server state
 * (TanStack Query) is provided by the section layouts and the auth pages that fetch
 * (components/providers/query-provider.tsx), so /login does not carry it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme} defaultMode="system" noSsr>
      <CssBaseline enableColorScheme />
      <I18nextProvider i18n={i18n}>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </I18nextProvider>
    </ThemeProvider>
  );
}
