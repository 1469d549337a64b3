import { LANGUAGES, type Language } from '@app/shared/constants';

// WhatsApp's settings (design.md section 20), read from the one configuration
// (config/config.ts) and checked at start: a template name or language code the Cloud API
// would refuse stops the process with the variable named, not every message an hour later.

/** The kinds of WhatsApp message the queue carries; each is one approved template. */
export const WHATSAPP_KINDS = ['order_update'] as const;
export type WhatsAppKind = (typeof WHATSAPP_KINDS)[number];

/** WHATSAPP_TEMPLATES unset: the template name an operator creates and has approved. */
export const DEFAULT_WHATSAPP_TEMPLATES = 'order_update=kabadi_order_update';
/** WHATSAPP_LANGUAGES unset: a member reading Hindi gets the template's `hi` translation, everyone else `en`. */
export const DEFAULT_WHATSAPP_LANGUAGES = 'en=en,hi=hi';

export type WhatsAppTemplates = Record<WhatsAppKind, string>;
/** The template language code per language of the app; `en` is every other language's too. */
export type WhatsAppLanguages = Partial<Record<Language, string>> & { en: string };

// WhatsApp Manager accepts lowercase letters, digits and underscores in a template's name.
const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
// A language (`en`, `hi`) or language_REGION (`en_US`), as WhatsApp names its template languages.
const LANGUAGE_CODE = /^[a-z]{2,3}(_[A-Z]{2})?$/;

/** `a=b,c=d` as pairs; throws naming the part that is no pair or a key given twice. */
function pairsOf(text: string, variable: string): Array<[string, string]> {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^([^=\s]+)\s*=\s*(\S+)$/.exec(part);
      if (!match) throw new Error(`"${part}" is not a pair such as ${variable === 'WHATSAPP_TEMPLATES' ? 'order_update=kabadi_order_update' : 'hi=hi'}`);
      const [, key, value] = match as unknown as [string, string, string];
      if (seen.has(key)) throw new Error(`"${key}" is given twice`);
      seen.add(key);
      return [key, value];
    });
}

/** Reads WHATSAPP_TEMPLATES, `order_update=kabadi_order_update`: one approved template per kind of message, every kind named. */
export function parseWhatsAppTemplates(text: string): WhatsAppTemplates {
  const templates: Partial<WhatsAppTemplates> = {};
  for (const [kind, name] of pairsOf(text, 'WHATSAPP_TEMPLATES')) {
    if (!(WHATSAPP_KINDS as readonly string[]).includes(kind)) throw new Error(`"${kind}" is not a kind of WhatsApp message (${WHATSAPP_KINDS.join(', ')})`);
    if (!TEMPLATE_NAME.test(name)) throw new Error(`"${name}" is not a template name (lowercase letters, digits and _)`);
    templates[kind as WhatsAppKind] = name;
  }
  const missing = WHATSAPP_KINDS.filter((kind) => !templates[kind]);
  if (missing.length > 0) throw new Error(`name the template of ${missing.join(', ')}, e.g. ${DEFAULT_WHATSAPP_TEMPLATES}`);
  return templates as WhatsAppTemplates;
}

/**
 * Reads WHATSAPP_LANGUAGES, `en=en,hi=hi`: which of a template's languages a member of each
 * app language gets. `en` is required and serves every language not listed (`en=en` alone
 * when the templates have no Hindi translation approved yet; `en=en_US` for one made in
 * English (US)).
 */
export function parseWhatsAppLanguages(text: string): WhatsAppLanguages {
  const languages: Partial<Record<Language, string>> = {};
  for (const [language, code] of pairsOf(text, 'WHATSAPP_LANGUAGES')) {
    if (!(LANGUAGES as readonly string[]).includes(language)) throw new Error(`"${language}" is not a language of the app (${LANGUAGES.join(', ')})`);
    if (!LANGUAGE_CODE.test(code)) throw new Error(`"${code}" is not a template language code such as en, hi or en_US`);
    languages[language as Language] = code;
  }
  if (!languages.en) throw new Error('name the language code of en (the one every other language falls back to), e.g. en=en');
  return languages as WhatsAppLanguages;
}

/** The template language code a member reading `language` gets. */
export function templateLanguageOf(languages: WhatsAppLanguages, language: string | null): string {
  return (language && languages[language as Language]) || languages.en;
}

/** What sending on WhatsApp needs; null while WhatsApp is off. */
export interface WhatsAppSettings {
  /** `{WHATSAPP_API_URL}/{WHATSAPP_API_VERSION}/{WHATSAPP_PHONE_NUMBER_ID}/messages`. */
  messagesUrl: string;
  token: string;
  templates: WhatsAppTemplates;
  languages: WhatsAppLanguages;
}

export interface WhatsAppConfig {
  WHATSAPP_TOKEN?: string | undefined;
  WHATSAPP_PHONE_NUMBER_ID?: string | undefined;
  WHATSAPP_API_URL: string;
  WHATSAPP_API_VERSION: string;
  WHATSAPP_TEMPLATES: WhatsAppTemplates;
  WHATSAPP_LANGUAGES: WhatsAppLanguages;
}

/** WhatsApp is on with both WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID (loadConfig refuses one alone). */
export function whatsAppSettingsOf(config: WhatsAppConfig): WhatsAppSettings | null {
  if (!config.WHATSAPP_TOKEN || !config.WHATSAPP_PHONE_NUMBER_ID) return null;
  return {
    messagesUrl: `${config.WHATSAPP_API_URL}/${config.WHATSAPP_API_VERSION}/${config.WHATSAPP_PHONE_NUMBER_ID}/messages`,
    token: config.WHATSAPP_TOKEN,
    templates: config.WHATSAPP_TEMPLATES,
    languages: config.WHATSAPP_LANGUAGES,
  };
}
