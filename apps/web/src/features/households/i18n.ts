import { addTranslations } from '@/lib/i18n';
import { householdsEn } from './locales/en';

// Registers the feature's texts once; every component of the feature imports NS from here.
export const NS = 'households';
addTranslations(NS, householdsEn);
