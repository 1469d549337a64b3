import { formatWeight } from '@app/shared/format';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@app/shared/order-status';
import { i18n } from '@/lib/i18n';
import { server as serverEn } from '@/locales/en/server';

// Turns the API's English sentences into the reader's language: each English text of
// locales/en/server.ts becomes a pattern (`{{x}}` matches any text), and a message that
// matches one is shown as the same key of the reader's language, its parts copied over.
// The API also writes "field: message" (http/http-error.ts fieldError): the field stays,
// the message is translated. So does a text already in the reader's language that ends in
// an English sentence of the API (a Hindi notification written with the system's English
// cancel reason before the API said it in Hindi).

interface Pattern {
  key: string;
  names: string[];
  regex: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternsOf(tree: object, prefix = ''): Pattern[] {
  return Object.entries(tree).flatMap(([name, value]): Pattern[] => {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value !== 'string') return patternsOf(value as object, key);
    const names: string[] = [];
    const source = value
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const slot = /^\{\{(\w+)\}\}$/.exec(part);
        if (!slot?.[1]) return escape(part);
        names.push(slot[1]);
        return '(.+?)';
      })
      .join('');
    return [{ key, names, regex: new RegExp(`^${source}$`) }];
  });
}

const PATTERNS = patternsOf(serverEn);
// A wire field name, or a text without Latin letters (already in the reader's language).
const KEPT_PREFIX = /^([\w.[\]-]+|[^A-Za-z]+?): (.+)$/s;
// A weight the API formatted in English (shared/format.ts formatWeight: "1,234.5 kg").
const ENGLISH_WEIGHT = /^(\d[\d,]*(?:\.\d+)?) kg$/;
// Any case: the API also writes a label inside a sentence ("has been waiting store since").
const STATUS_BY_LABEL = new Map(Object.entries(ORDER_STATUS_LABELS).map(([status, label]) => [label.toLowerCase(), status as OrderStatus]));

function lookup(language: string, key: string): string | null {
  const text: unknown = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), i18n.getResourceBundle(language, 'server'));
  return typeof text === 'string' ? text : null;
}

/**
 * A part copied into the translation, in the reader's language where it can be: a weight
 * with the reader's unit, a `{{reason}}` that is itself a sentence of the API (the
 * system's cancel reason in "Order #42 was cancelled: {{reason}}"; a person's reason
 * stays as typed), status labels (one, or a list).
 */
function part(language: string, name: string, value: string): string {
  const weight = ENGLISH_WEIGHT.exec(value);
  if (weight?.[1]) return formatWeight(Number(weight[1].replaceAll(',', '')));
  const sentence = name === 'reason' ? translateWhole(language, value) : null;
  if (sentence) return sentence;
  return value
    .split(', ')
    .map((item) => {
      const status = STATUS_BY_LABEL.get(item.toLowerCase());
      return status ? i18n.t(`orderStatus.${status}`) : item;
    })
    .join(', ');
}

function translateWhole(language: string, message: string): string | null {
  for (const pattern of PATTERNS) {
    const match = pattern.regex.exec(message);
    if (!match) continue;
    const template = lookup(language, pattern.key);
    if (!template) return null;
    return template.replace(/\{\{(\w+)\}\}/g, (_slot, name: string) => part(language, name, match[pattern.names.indexOf(name) + 1] ?? ''));
  }
  return null;
}

/** The translator a language pack installs: null (leave it) while the app speaks English. */
export function serverMessageMatcher(language: string): (message: string) => string | null {
  return (message) => {
    if (i18n.language !== language) return null;
    const text = message.trim();
    const whole = translateWhole(language, text);
    if (whole) return whole;
    const kept = KEPT_PREFIX.exec(text);
    if (!kept?.[1] || !kept[2]) return null;
    const rest = translateWhole(language, kept[2]);
    return rest ? `${kept[1]}: ${rest}` : null;
  };
}
