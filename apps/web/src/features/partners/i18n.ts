import { addTranslations } from '@/lib/i18n';
import { partnersEn } from './locales/en';

// Registers the feature's texts once; every component of the feature imports NS from here.
export const NS = 'partners';
addTranslations(NS, partnersEn);
