import type { TranslationOf } from '@/locales/translation';
import type { sellEn } from './en';

export const sellHi = {
  heading: 'अपना कबाड़ बेचें',
  intro: 'अपने शहर के आज के रेट देखें, अंदाज़े से वज़न डालें, और देखें कि आपको कितना मिलेगा। ड्राइवर आपके दरवाज़े से कबाड़ उठाता है और वहीं भुगतान करता है।',
  city: 'आपका शहर',
  cityLoading: 'शहर लोड हो रहे हैं…',
  cityChoose: 'अपना शहर चुनें',
  chooseFirst: 'आज के रेट देखने के लिए अपना शहर चुनें।',
  citiesFailed: 'शहर लोड नहीं हो सके। अपना कनेक्शन जाँचें, फिर दोबारा कोशिश करें।',
  retry: 'दोबारा कोशिश करें',
  ratesHeading: '{{city}} में आज के रेट',
  ratesLoading: 'आज के रेट लोड हो रहे हैं…',
  ratesFailed: 'आज के रेट लोड नहीं हो सके। अपना कनेक्शन जाँचें, फिर दोबारा कोशिश करें।',
  noRates: '{{city}} के लिए अभी कोई रेट नहीं है। कोई दूसरा शहर चुनें, या बाद में फिर देखें।',
  perKg: '{{rate}} प्रति किलो',
  kgLabel: '{{material}} कितने किलो',
  kgPlaceholder: 'किलो',
  kgInvalid: 'किलो संख्या में लिखें, जैसे 2.5',
  lineAmount: '= {{amount}}',
  estimate: 'अनुमान',
  estimateNone: 'अनुमान देखने के लिए ऊपर अंदाज़े से किलो डालें।',
  estimateNote: 'ड्राइवर आपके दरवाज़े पर कबाड़ तौलता है; आपको तौले गए किलो का भुगतान उस दिन के रेट पर मिलता है।',
  book: 'पिकअप बुक करें',
} satisfies TranslationOf<typeof sellEn>;
