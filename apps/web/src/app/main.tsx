import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { providerRefresher } from '@/lib/auth-provider';
import { startBuildUpdateWatch } from '@/lib/build-update';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { session } from '@/lib/session';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

// Start-up: read /config.json, wire the session to the identity provider, then render.

function ConfigError({ message }: { message: string }) {
  return (
    <Box component="main" role="alert" sx={{ p: 3, maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h1" color="error">
        {i18n.t('errors.configTitle')}
      </Typography>
      <Typography sx={{ mt: 1 }}>{i18n.t('errors.configHint')}</Typography>
      <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: 12, mt: 2 }}>
        {message}
      </Box>
    </Box>
  );
}

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  try {
    await loadRuntimeConfig();
  } catch (error) {
    root.render(
      <AppProvider>
        <ConfigError message={error instanceof Error ? error.message : String(error)} />
      </AppProvider>,
    );
    return;
  }

  session.configure(providerRefresher);

  const router = createAppRouter();
  let lastLocationKey = router.state.location.key;
  startBuildUpdateWatch({
    buildId: import.meta.env.VITE_BUILD_ID,
    onNewBuild: () => notify.info(i18n.t('buildUpdate.available')),
    subscribeNavigation: (listener) =>
      router.subscribe((state) => {
        if (state.navigation.state === 'idle' && state.location.key !== lastLocationKey) {
          lastLocationKey = state.location.key;
          listener();
        }
      }),
  });

  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

void start();
