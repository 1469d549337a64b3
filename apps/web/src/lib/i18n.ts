import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { auth } from '@/locales/en/auth';
import { common } from '@/locales/en/common';

// Every text a person reads goes through i18next. The shell's and sign-in's English is
// bundled; the rest arrives with the code that shows it: a module adds its namespace with
// addTranslations() (the section layout adds "pages"; a feature adds its own).

export const DEFAULT_NS = 'common';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  // Hindi's texts arrive in one lazy pack (lib/language.ts); missing ones fall back to English.
  supportedLngs: ['en', 'hi'],
  defaultNS: DEFAULT_NS,
  ns: ['common', 'auth'],
  resources: { en: { common, auth } },
  interpolation: { escapeValue: false }, // React escapes
  // A key without an English text would show as "admin.x.summary": say so loudly (the
  // browser tests fail on any console error).
  saveMissing: true,
  missingKeyHandler: (_languages, namespace, key) => console.error(`Missing translation: ${namespace}:${key}`),
  returnNull: false,
  initAsync: false,
});

/**
 * Adds a feature's namespace, e.g. addTranslations('orders', ordersEn) at the top of a route module.
 * Its Hindi (features/x/locales/hi.ts) is registered by the Hindi pack (app/hindi-pack.ts)
 * when someone switches to Hindi, for every namespace at once.
 */
export function addTranslations(namespace: string, resources: Record<string, unknown>, language = 'en'): void {
  if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, resources, true, false);
}
