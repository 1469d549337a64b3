import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import createEmotionServer from '@emotion/server/create-instance';
import { LANGUAGES, type Role } from '@app/shared/constants';
import { PHONE_UA, TABLET_UA } from '@app/shared/device-class';
import { RENDERED_PAGE_ATTRIBUTE } from '@app/shared/rendered-start';
import { START_PAGES } from '@/config/paths';
import { FALLBACK_CONFIG, setRuntimeConfig } from '@/config/runtime-config';
import { setServerViewport } from '@/lib/device';
import { devanagariFontCss } from '@/lib/devanagari-font';
import { createEmotionCache } from '@/lib/emotion-cache';
import { changeLanguage, LANGUAGE_STORAGE_KEY, type Language } from '@/lib/language';
import { session, STORAGE_KEYS } from '@/lib/session';
import { getTheme } from '@/lib/theme';
import { colorSchemeScriptCode } from './color-scheme-script';
import { bootCode } from './boot-helpers';
import { bootFrame, type FrameBootOptions } from './frame-boot';
import { registerLanguagePacks } from './language-packs';
import { AppProvider } from './provider';
import { createRoutes } from './router';

// Build time only (vite-prerender-login.ts): the phone sections' start pages as their first
// render draws them on a phone, before any answer (the top bar, the headings, the greeting,
// skeletons where data will be), kept in index.html as one <template> per section and
// language, with the styles emotion's server render wrote for it. frame-boot.ts puts the
// signed-in member's into #root before the first paint, so a phone shows its page while the
// scripts arrive; React replaces it on its first commit with the same page, and emotion adopts
// its styles (decisions 042 and 076).

/** The sections people use on a phone. The admin's start page is a desktop list. */
export const FRAME_ROLES = ['store', 'driver', 'vendor'] as const satisfies readonly Role[];
export type FrameRole = (typeof FRAME_ROLES)[number];

/**
 * Stands for the member's name in the markup; the boot script puts the name known on the
 * device in its place, as text. Letters only, so no escaping or text transform changes it.
 */
export const MEMBER_NAME_MARK = 'KbMemberNameMark';

export interface SectionFrame {
  role: FrameRole;
  language: Language;
  /** What goes inside #root: emotion's style elements, then the markup. */
  html: string;
}

let packsRegistered = false;

/**
 * The app's tree at `path` as a phone draws it with the session and query cache as they are
 * now: its markup, with emotion's style elements before it. The frames render it before any
 * answer; render-start-page.tsx with the member's first answers in the cache, and `beside` it
 * what only the rendered page has.
 */
export async function renderPhonePage(path: string, beside?: ReactNode): Promise<string> {
  setServerViewport(390, 'Mozilla/5.0 (Linux; Android 14) Mobile');
  try {
    const handler = createStaticHandler(createRoutes());
    const context = await handler.query(new Request(`http://localhost${path}`));
    if (context instanceof Response) throw new Error(`Rendering ${path} answered a redirect (${context.status})`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const cache = createEmotionCache();
    const emotion = createEmotionServer(cache);
    // The static renderer waits for the lazy parts (the section's frame, the page) to render.
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppProvider styleCache={cache}>
          {beside}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );
    let html = '';
    const decoder = new TextDecoder();
    for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, { stream: true });
    html += decoder.decode();
    return emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) + html;
  } finally {
    setServerViewport(1280);
  }
}

/** The first render of `role`'s start page on a phone, before any answer: its markup, with emotion's style elements before it. */
async function renderFrame(role: FrameRole): Promise<string> {
  // Read while rendering (the section guard); no request is made and no effect runs.
  setRuntimeConfig({ ...FALLBACK_CONFIG, env: 'production' });
  // The section's guard lets a member of its role in; the name is the mark the boot script replaces.
  session.setTokens({ accessToken: 'prerender', idToken: null, refreshToken: null, expiresAt: Number.MAX_SAFE_INTEGER });
  session.setUser({ memberId: 0, loginId: 'prerender', name: MEMBER_NAME_MARK, role, storeId: role === 'store' ? 0 : null, vendorId: role === 'vendor' ? 0 : null, driverId: role === 'driver' ? 0 : null });
  try {
    return await renderPhonePage(START_PAGES[role].getHref());
  } finally {
    session.markUnauthorized();
  }
}

/** Every phone section's frame in every language. */
export async function prerenderSectionFrames(): Promise<SectionFrame[]> {
  if (!packsRegistered) {
    registerLanguagePacks();
    packsRegistered = true;
  }
  const frames: SectionFrame[] = [];
  try {
    for (const language of LANGUAGES) {
      await changeLanguage(language, { remember: false });
      for (const role of FRAME_ROLES) {
        frames.push({ role, language, html: await renderFrame(role) });
      }
    }
  } finally {
    await changeLanguage('en', { remember: false });
  }
  return frames;
}

/** The boot file: MUI's colour-scheme set-up, then the frame (frame-boot.ts) with what it needs to know. */
export function frameBootScript(): string {
  const options: FrameBootOptions = {
    userKey: STORAGE_KEYS.user,
    languageKey: LANGUAGE_STORAGE_KEY,
    languages: LANGUAGES,
    nameMark: MEMBER_NAME_MARK,
    phoneUserAgent: PHONE_UA.source,
    tabletUserAgent: TABLET_UA.source,
    // The frames are drawn at a phone's width; from the theme's `sm` on, pages lay out otherwise.
    maxWidth: getTheme().breakpoints.values.sm,
    framePaths: Object.fromEntries(FRAME_ROLES.map((role) => [role, START_PAGES[role].getHref()])),
    renderedAttribute: RENDERED_PAGE_ATTRIBUTE,
  };
  return `${colorSchemeScriptCode()}\n;${bootCode(bootFrame, options)}\n`;
}

/** For index.html's <head>: the Devanagari faces, so a Hindi frame is not drawn in empty boxes before main.tsx registers them. */
export function frameHeadStyles(): string {
  return `<style>${devanagariFontCss()}</style>`;
}
