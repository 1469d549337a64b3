import '@/lib/zod-jitless';
import './session-start';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { START_STATE_ELEMENT_ID } from '@app/shared/rendered-start';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { readRuntimeConfigOnce } from '@/config/runtime-config';
import { BUILD_ID } from '@/lib/build-id';
import { startBuildUpdateWatch } from '@/lib/build-update';
import { i18n } from '@/lib/i18n';
import { currentLanguage, startInLanguage } from '@/lib/language';
import { notify } from '@/lib/notify';
import { leavePrerenderedPage, prerenderedPathOf, showPrerenderedPage } from '@/lib/prerendered-login';
import { session } from '@/lib/session';
import { getTheme } from '@/lib/theme';
import { startServiceWorker } from '@/lib/service-worker';
import { registerDevanagariFont } from '@/lib/devanagari-font';
import { registerLanguagePacks } from './language-packs';
import { AppProvider } from './provider';
import { preloadMatchedRoutes } from './preload-route';
import { createAppRouter, createRoutes, type AppRouter } from './router';

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

registerLanguagePacks();
registerDevanagariFont();

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const prerendered = prerenderedPathOf(container);
  const createAppRoot = () => {
    if (prerendered !== null) leavePrerenderedPage(container);
    return createRoot(container);
  };
  // The configuration's request goes out first; its failure is read below, after the routes.
  const configError = readRuntimeConfigOnce().then(
    () => null,
    (error: unknown) => error,
  );
  // In parallel with the configuration: the first paint is already in the chosen language.
  const language = startInLanguage();
  // The page's modules are asked for one task later: matching the routes (React Router
  // flattens and ranks the whole tree) was a fifth of the modules' evaluation, a phone's
  // longest task, and the request for /config.json is already on its way.
  await nextTask();
  preloadMatchedRoutes(createRoutes(), window.location.pathname);
  const error = await configError;
  if (error !== null) {
    createAppRoot().render(
      <AppProvider>
        <ConfigError message={error instanceof Error ? error.message : String(error)} />
      </AppProvider>,
    );
    return;
  }

  await language;
  // The theme in a task of its own (decision 052): not in the evaluation of the modules, the
  // longest task of a phone's start, nor in the router's start-up that follows.
  await nextTask();
  getTheme();
  await nextTask();
  // The session is resuming already (./session-start.ts, once /config.json was read): the
  // page does not wait for it. The member is known from the device, so their section renders
  // now and its requests wait for the refresh; a refused one signs out as before
  // (lib/session.ts, `resuming`).

  const router = createAppRouter();
  let lastLocationKey = router.state.location.key;
  startBuildUpdateWatch({
    buildId: BUILD_ID,
    // Production builds only, registered once the page has loaded (decision 029).
    swap: startServiceWorker(),
    onNewBuild: () => notify.info(i18n.t('buildUpdate.available')),
    subscribeNavigation: (listener) =>
      router.subscribe((state) => {
        if (state.navigation.state === 'idle' && state.location.key !== lastLocationKey) {
          lastLocationKey = state.location.key;
          listener();
        }
      }),
  });

  // The first render waits for the router's start-up (the page's modules, its loaders) and
  // then runs as a transition: React renders in slices that yield to the browser, so a slow
  // phone's main thread is not blocked for the whole render (Total Blocking Time). Waiting
  // first matters: RouterProvider reads the router's state when it renders but subscribes
  // when it commits, and a change in between would leave the page on the loading bar.
  // Until then index.html's shell stays on screen (decision 022).
  await routerReady(router);
  // The web host drew the member's start page with its answers (decision 089): the first render uses them.
  if (document.getElementById(START_STATE_ELEMENT_ID)) (await import('./rendered-start')).adoptRenderedStart(document);
  const app = (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  // A prerendered page (/login, /Sell; decision 026) is the app's own markup for a signed-out
  // visit in the page's language: React takes it over as it is, with what was typed into it.
  const { user, lastSignOut } = session.getState();
  if (prerendered !== null && !user && !lastSignOut && currentLanguage() === container.lang && router.state.location.pathname.toLowerCase() === prerendered.toLowerCase()) {
    showPrerenderedPage();
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error(`The prerendered page ${prerendered} did not match the app`, error),
    });
    return;
  }
  const root = createAppRoot();
  startTransition(() => root.render(app));
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

void start();
