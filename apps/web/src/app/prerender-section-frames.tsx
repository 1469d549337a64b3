import { LANGUAGES, type Role } from '@app/shared/constants';
import { PHONE_UA, TABLET_UA } from '@app/shared/device-class';
import { START_PAGES } from '@/config/paths';
import { devanagariFontCss } from '@/lib/devanagari-font';
import { createEmotionCache } from '@/lib/emotion-cache';
import { changeLanguage, LANGUAGE_STORAGE_KEY, type Language } from '@/lib/language';
import { EARLY_REFRESH_TIMEOUT_MS, REFRESH_PATH } from '@/lib/early-refresh';
import { REFRESH_LOCK, STORAGE_KEYS } from '@/lib/session';
import { getTheme } from '@/lib/theme';
import { colorSchemeScriptCode } from './color-scheme-script';
import { bootCode } from './boot-helpers';
import { bootFrame, type FrameBootOptions } from './frame-boot';
import { registerLanguagePacks } from './language-packs';
import { renderSignedIn } from './prerender-section-styles';

// Build time only (vite-prerender-login.ts): the phone sections' start pages as their first
// render draws them on a phone, before any answer (the top bar, the headings, the greeting,
// skeletons where data will be), kept in index.html as one <template> per section and
// language. frame-boot.ts puts the signed-in member's into #root before the first paint, so
// a phone shows its page while the scripts arrive; React replaces it on its first commit with
// the same page (decision 042). Its rules are among the section styles already in index.html.

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
  /** The markup inside #root. */
  html: string;
}

let packsRegistered = false;

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
        const path = START_PAGES[role].getHref();
        // The styles are index.html's already (prerender-section-styles.tsx): this cache is thrown away.
        const markup = await renderSignedIn(path, role, createEmotionCache(), { name: MEMBER_NAME_MARK, phone: true });
        // The rules are in index.html's head already; emotion's server render repeats them inline.
        const html = markup.replace(/<style data-emotion="[^"]*">[\s\S]*?<\/style>/g, '');
        frames.push({ role, language, html });
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
    refreshPath: REFRESH_PATH,
    refreshLock: REFRESH_LOCK,
    refreshTimeoutMs: EARLY_REFRESH_TIMEOUT_MS,
  };
  return `${colorSchemeScriptCode()}\n;${bootCode(bootFrame, options)}\n`;
}

/** For index.html's <head>: the Devanagari faces, so a Hindi frame is not drawn in empty boxes before main.tsx registers them. */
export function frameHeadStyles(): string {
  return `<style>${devanagariFontCss()}</style>`;
}
