import { addTranslations } from '@/lib/i18n';
import { map } from '@/locales/en/map';

// The kit's texts (namespace "map"), registered by whichever of its modules loads first.
export const MAP_NS = 'map';
addTranslations(MAP_NS, map);
