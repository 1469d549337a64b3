import { LANGUAGES } from '@app/shared/constants';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import createEmotionServer from '@emotion/server/create-instance';
import { paths } from '@/config/paths';
import { devanagariFontCss } from '@/lib/devanagari-font';
import { createEmotionCache } from '@/lib/emotion-cache';
import { i18n } from '@/lib/i18n';
import { changeLanguage, type Language } from '@/lib/language';
import { documentTitle } from '@/lib/use-document-title';
import { registerLanguagePacks } from './language-packs';
import { colorSchemeScriptCode } from './color-scheme-script';
import { bootCode } from './boot-helpers';
import { bootLogin } from './login-boot';
import { AppProvider } from './provider';
import { createRoutes } from './router';

// Build time only (vite.config.ts runs it after the client build): the sign-in page as
// HTML, so /login paints and takes typing before any of the app's scripts arrive
// (docs/decisions/026-prerendered-login.md). The tree is main.tsx's, so the app hydrates
// this markup instead of drawing it again.

/** index.html's phone frames and their script (decisions 042 and 076), from the same server build. */
export { frameBootScript, frameHeadStyles, prerenderSectionFrames } from './prerender-section-frames';

/** The languages to prerender the page in: all the app has. */
export { LANGUAGES } from '@app/shared/constants';

export interface PrerenderedLogin {
  /** The markup inside #root. */
  html: string;
  /** emotion's <style data-emotion> elements for <head>: the CSS that markup uses, and no more. */
  styleTags: string;
  /** A classic script: MUI's colour-scheme set-up, then the loader (login-boot.ts). */
  bootScript: string;
  /** The tab's title, as the page sets it once the app runs. */
  title: string;
  language: Language;
}

let packsRegistered = false;

/** The page in `language`: the app's texts, title and markup as they are in that language. */
export async function prerenderLogin(language: Language = 'en'): Promise<PrerenderedLogin> {
  if (!packsRegistered) {
    registerLanguagePacks();
    packsRegistered = true;
  }
  await changeLanguage(language, { remember: false });
  const handler = createStaticHandler(createRoutes());
  const context = await handler.query(new Request(`http://localhost${paths.auth.login.getHref()}`));
  if (context instanceof Response) throw new Error(`Prerendering /login answered a redirect (${context.status})`);
  if (context.errors) throw new Error(`Prerendering /login failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const cache = createEmotionCache();
  const emotion = createEmotionServer(cache);
  const html = renderToString(
    <StrictMode>
      <AppProvider styleCache={cache}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  // The page shows Devanagari (the switch's "हिन्दी", or all of it in Hindi) before main.tsx registers the font.
  const styleTags = `<style>${devanagariFontCss()}</style>${emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html))}`;

  const bootScript = `${colorSchemeScriptCode()}\n;${bootCode(bootLogin, LANGUAGES)}\n`;
  return { html, styleTags, bootScript, title: documentTitle(i18n.t('titles.login'), i18n.t('appName')), language };
}
