import type { TranslationOf } from '@/locales/translation';
import type { liveEn } from './en';

// Live updates in Hindi (the top bar's connection indicator).
export const liveHi = {
  indicator: {
    reconnecting: 'फिर से जुड़ रहा है…',
    offline: 'ऑफ़लाइन',
    reconnectingHint: 'लाइव अपडेट रुके हैं। कनेक्शन लौटने तक यह पेज हर 5 सेकंड में ताज़ा होगा।',
    offlineHint: 'यह डिवाइस ऑफ़लाइन है। कनेक्शन लौटने पर बदलाव दिखेंगे।',
  },
} satisfies TranslationOf<typeof liveEn>;
