import dayjs from 'dayjs';
import { setFormatLanguage } from '@app/shared/format';
// From constants, not schemas/settings: that module would bring zod to /login.
import { LANGUAGES, type Language } from '@app/shared/constants';
import { i18n } from './i18n';
import { keepStartPageInNewLanguage } from './start-cookie';

// Which language the app speaks (design.md section 13): the member's saved choice, else
// the one picked on this device, else the browser's. English is bundled; every other
// language arrives as one lazy "pack" (all its texts, its dayjs locale and its server
// messages), so /login never carries Hindi for people who do not use it. The app module
// registers the packs (src/lib may not import features, whose texts a pack holds).

export { LANGUAGES, type Language };

/** A pack: the language's texts by namespace, and what else it must switch on. */
export interface LanguagePack {
  resources: Record<string, object>;
  /** Runs once, after the texts are registered (dayjs locale, server-message matcher). */
  install?: () => void;
}

/** Where the device keeps its language (login.html's script reads it too, app/login-boot.ts). */
export const LANGUAGE_STORAGE_KEY = 'language';
const STORAGE_KEY = LANGUAGE_STORAGE_KEY;
// Set while a choice made on this device (signed out, on the sign-in page) still has to
// reach the member's settings at the next sign-in.
const PENDING_KEY = 'language.unsaved';

// The web host sends the prerendered sign-in page in the language of this cookie, a copy of
// the device's choice (decision 026): a script cannot tell the host what localStorage holds.
const COOKIE = 'language';
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

function tellTheHost(language: Language): void {
  if (typeof document !== 'undefined') document.cookie = `${COOKIE}=${language}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

const packLoaders = new Map<Language, () => Promise<LanguagePack>>();
const installed = new Set<Language>(['en']);

export function registerLanguagePack(language: Language, load: () => Promise<LanguagePack>): void {
  packLoaders.set(language, load);
}

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // blocked storage: the choice lasts for this page only
  }
}

/** The language picked on this device, if any. */
export function deviceLanguage(): Language | null {
  const stored = storage()?.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

/** Hindi when the browser puts Hindi before English, else English. */
export function browserLanguage(): Language {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export const startLanguage = (): Language => deviceLanguage() ?? browserLanguage();

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

/** True while a choice made signed out waits to be saved for the member. */
export const hasUnsavedChoice = (): boolean => storage()?.getItem(PENDING_KEY) === '1';
export const markChoiceSaved = (): void => storage()?.removeItem(PENDING_KEY);

async function install(language: Language): Promise<void> {
  if (installed.has(language)) return;
  const load = packLoaders.get(language);
  if (!load) throw new Error(`No texts registered for language "${language}"`);
  const pack = await load();
  for (const [namespace, resources] of Object.entries(pack.resources)) i18n.addResourceBundle(language, namespace, resources, true, true);
  pack.install?.();
  installed.add(language);
}

function follow(language: Language): void {
  // Screen readers pick their voice from <html lang>; fonts and hyphenation follow it too.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  setFormatLanguage(language);
  dayjs.locale(language); // its pack loaded the dayjs locale
}

/**
 * Switches the app to `language` (loading its pack first). `remember` keeps it on this
 * device; `unsaved` marks it for the member's settings at the next sign-in.
 */
export async function changeLanguage(language: Language, { remember = true, unsaved = false } = {}): Promise<void> {
  await install(language);
  follow(language);
  const changed = i18n.language !== language;
  await i18n.changeLanguage(language);
  const store = storage();
  if (remember) {
    store?.setItem(STORAGE_KEY, language);
    tellTheHost(language);
    if (changed) keepStartPageInNewLanguage();
  }
  if (unsaved) store?.setItem(PENDING_KEY, '1');
}

/** At start: the device's or browser's language, before the first render (no English flash). */
export async function startInLanguage(): Promise<void> {
  const language = startLanguage();
  // A choice kept before the cookie existed reaches the host too.
  const kept = deviceLanguage();
  if (kept) tellTheHost(kept);
  try {
    await changeLanguage(language, { remember: false });
  } catch (error) {
    // A pack that fails to load (offline during a deploy) must not keep the app from starting.
    console.warn('Language pack failed to load; staying in English', error);
    follow('en');
  }
}
