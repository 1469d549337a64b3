import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { ROLES, type Role } from '@app/shared/constants';
import { paths, START_PAGES } from '@/config/paths';
import { FALLBACK_CONFIG, setRuntimeConfig } from '@/config/runtime-config';
import { setServerViewport } from '@/lib/device';
import { queryClient } from '@/lib/query-client';
import { createEmotionCache } from '@/lib/emotion-cache';
import { session } from '@/lib/session';
import { AppProvider } from './provider';
import { answerWithSamples } from './prerender-sample-answers';
import { createRoutes } from './router';

// Build time only (vite-prerender-login.ts runs it after the client build): the CSS a signed-in
// page's first render writes, ready in index.html (decision 041). emotion compiles every rule
// a component asks for the first time, and inserts it while React commits: on a phone the
// largest part of the first commit, one task that blocks the page. Rules already in the page
// as emotion's own server-rendered `<style data-emotion="css <names>">` are adopted by the
// app's style cache when it starts, so the app neither compiles nor inserts them again. Nothing
// else depends on it: a rule missing here is written at run time as before, and the class
// names are the same hashes.

/** The pages rendered: each section's start page, the phone sections' homes, the admin's orders. */
const PAGES: { role: Role; path: string }[] = [
  ...ROLES.map((role) => ({ role, path: START_PAGES[role].getHref() })),
  { role: 'admin', path: paths.admin.orders.getHref() },
];

const VIEWPORTS = [
  { width: 390, userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile' },
  { width: 1280, userAgent: '' },
];

/**
 * A session for the section guard, in this build process only: no request is made and no
 * effect runs, so the member is never asked for. `name` is what the pages greet.
 */
function signInAs(role: Role, name = '') {
  session.setTokens({ accessToken: 'prerender', idToken: null, refreshToken: null, expiresAt: Number.MAX_SAFE_INTEGER });
  session.setUser({ memberId: 0, loginId: 'prerender', name, role, storeId: role === 'store' ? 0 : null, vendorId: role === 'vendor' ? 0 : null, driverId: role === 'driver' ? 0 : null });
}

/** The markup of `path`'s first render, its styles written into `styleCache`. */
async function render(path: string, styleCache: EmotionCache): Promise<string> {
  const handler = createStaticHandler(createRoutes());
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`Prerendering the styles of ${path} answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The static renderer waits for the lazy parts (the section's frame, the page) to render.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider styleCache={styleCache}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  let html = '';
  const decoder = new TextDecoder();
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, { stream: true });
  return html + decoder.decode();
}

/**
 * `path`'s first render for `role` (as a phone draws it when `phone`), with no data: the markup
 * and the styles it wrote into `styleCache`. Leaves the session signed out.
 */
export async function renderSignedIn(path: string, role: Role, styleCache: EmotionCache, { name = '', phone = false } = {}): Promise<string> {
  setRuntimeConfig({ ...FALLBACK_CONFIG, env: 'production' });
  const viewport = phone ? VIEWPORTS[0]! : VIEWPORTS[1]!;
  setServerViewport(viewport.width, viewport.userAgent);
  try {
    signInAs(role, name);
    return await render(path, styleCache);
  } finally {
    setServerViewport(1280);
    session.markUnauthorized();
  }
}

/**
 * emotion's style elements for index.html's <head>, in the form the /login prerender writes
 * its own: the global ones (the theme's CSS variables, the baseline, keyframes) one by one,
 * then every other rule in one element that names them all. Every rule, not only those the
 * markup names: a component built on another (a Link on Typography) writes the inner one's
 * rule too, and the app would otherwise compile that one at run time.
 */
export async function prerenderSectionStyles(): Promise<string> {
  const styleCache = createEmotionCache();
  const emotion = createEmotionServer(styleCache);
  await renderSections(styleCache);
  const { key, inserted, registered } = styleCache;
  const styles: { key: string; ids: string[]; css: string }[] = [];
  const rules = { key, ids: [] as string[], css: '' };
  for (const [id, css] of Object.entries(inserted)) {
    if (typeof css !== 'string') continue;
    if (registered[`${key}-${id}`] === undefined) styles.push({ key: `${key}-global`, ids: [id], css });
    else {
      rules.ids.push(id);
      rules.css += css;
    }
  }
  return emotion.constructStyleTagsFromChunks({ html: '', styles: [...styles, rules] });
}

/** Renders every page of PAGES as a phone and as a desktop shows it, writing their styles into `styleCache`. */
export async function renderSections(styleCache: EmotionCache): Promise<void> {
  // Read while rendering (the section guard); no request is made.
  setRuntimeConfig({ ...FALLBACK_CONFIG, env: 'production' });
  try {
    for (const viewport of VIEWPORTS) {
      setServerViewport(viewport.width, viewport.userAgent);
      for (const page of PAGES) {
        signInAs(page.role);
        await render(page.path, styleCache);
        // Then as it looks once its answers are in: cards, chips, tiles, the chart (decision 057).
        if (answerWithSamples(queryClient) > 0) await render(page.path, styleCache);
        queryClient.clear();
      }
    }
  } finally {
    setServerViewport(1280);
    session.markUnauthorized();
  }
}
