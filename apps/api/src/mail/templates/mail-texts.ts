import { en, type MailTexts } from './en';
import { hi } from './hi';

/** The languages a member may choose (`language` in the notification settings). */
const DICTIONARIES: Record<string, MailTexts> = { en, hi };

/** The texts in the member's language; English when it has none (yet). */
export function textsFor(language: string | null | undefined): MailTexts {
  return (language && DICTIONARIES[language]) || en;
}
