import { LANGUAGES, type Language } from '@app/shared/constants';
import { cookieValue } from './cookies';

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/**
 * The language of the prerendered sign-in page to send (decision 026), chosen as the web
 * app chooses at start (apps/web/src/lib/language.ts): the choice kept on the device (the
 * `language` cookie the app writes beside its localStorage), else the browser's first
 * language that the app has (Accept-Language, by weight), else English.
 */
export function loginLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): Language {
  const chosen = cookieValue(cookieHeader, 'language');
  if (chosen && isLanguage(chosen)) return chosen;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { base: tag.toLowerCase().split('-')[0] ?? '', weight: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.weight > 0 && !Number.isNaN(entry.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? 'en';
}
