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

// Build time only (vite.config.ts runs it after the client build): the sign-in page and the
// public /Sell page as HTML, so they paint (and /login takes typing) before any of the app's
// scripts arrive (docs/decisions/026-prerendered-login.md). The tree is main.tsx's, so the app
// hydrates this markup instead of drawing it again.

/** index.html's phone frames and their script (decisions 042 and 076), from the same server build. */
export { frameBootScript, frameHeadStyles, prerenderSectionFrames } from './prerender-section-frames';

/** The web host's render of a phone start page with the member's answers (decision 089), from the same server build. */
export { renderStartPage } from './render-start-page';

/** The languages to prerender the page in: all the app has. */
export { LANGUAGES } from '@app/shared/constants';

/**
 * The pages the build prerenders, by the name their file and #root carry (login.html,
 * `data-prerendered="login"`; lib/prerendered-login.ts has the same names). `waitForUse`: the
 * app loads at the page's first use (/login: a form that needs nothing else), or at once (/Sell:
 * its cities and rates come from the API).
 */
export const PRERENDERED_PAGES = {
  login: { path: paths.auth.login, titleKey: 'titles.login', waitForUse: true },
  sell: { path: paths.public.sell, titleKey: 'titles.sell', waitForUse: false },
} as const;
export type PrerenderedPageName = keyof typeof PRERENDERED_PAGES;

export interface PrerenderedLogin {
  /** Which page: its file's and #root's name. */
  name: PrerenderedPageName;
  /** The app loads at the page's first use (true) or at once. */
  waitForUse: boolean;
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

/** /login in `language`. */
export const prerenderLogin = (language: Language = 'en'): Promise<PrerenderedLogin> => prerenderPage('login', language);

/** A page in `language`: the app's texts, title and markup as they are in that language. */
export async function prerenderPage(name: PrerenderedPageName, language: Language = 'en'): Promise<PrerenderedLogin> {
  const page = PRERENDERED_PAGES[name];
  if (!packsRegistered) {
    registerLanguagePacks();
    packsRegistered = true;
  }
  await changeLanguage(language, { remember: false });
  const handler = createStaticHandler(createRoutes());
  const context = await handler.query(new Request(`http://localhost${page.path.getHref()}`));
  if (context instanceof Response) throw new Error(`Prerendering ${page.path.path} answered a redirect (${context.status})`);
  if (context.errors) throw new Error(`Prerendering ${page.path.path} failed: ${JSON.stringify(context.errors)}`);
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

  const bootScript = `${colorSchemeScriptCode()}\n;${bootCode(bootLogin, LANGUAGES, page.waitForUse)}\n`;
  return { name, waitForUse: page.waitForUse, html, styleTags, bootScript, title: documentTitle(i18n.t(page.titleKey), i18n.t('appName')), language };
}
