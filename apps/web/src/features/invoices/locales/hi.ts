import type { TranslationOf } from '@/locales/translation';
import type { invoicesEn } from './en';

// The GST invoice button in Hindi (namespace "invoices").
export const invoicesHi = {
  open: 'इनवॉइस',
  openHint: 'इस ऑर्डर का GST इनवॉइस PDF में नए टैब में खोलता है।',
  failed: 'इनवॉइस खुल नहीं सका: {{detail}}',
  notReady: 'ऑर्डर पूरा होने पर इनवॉइस बनता है।',
} satisfies TranslationOf<typeof invoicesEn>;
