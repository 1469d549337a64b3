import type { TranslationOf } from '@/locales/translation';
import type { householdsEn } from './en';

export const householdsHi = {
  home: {
    heading: 'आपका घर',
    intro: 'जहाँ ड्राइवर आपके पिकअप के लिए आता है, पहले से बुक किए गए पिकअप के लिए भी।',
    name: 'आपका नाम',
    phone: 'फ़ोन',
    city: 'शहर',
    cityHint: 'शहर यहाँ नहीं बदला जा सकता। दूसरे शहर में जाने के लिए एडमिन को कॉल करें।',
    address: 'पता',
    addressHint: 'मकान नंबर, गली, इलाका और कोई पहचान की जगह',
    pin: 'नक्शे पर आपका घर',
    pinIntro: 'नक्शे पर वहाँ टैप करें जहाँ आपका दरवाज़ा है, या अभी जहाँ आप हैं वह लें: ड्राइवर इसी से आपको ढूँढता है।',
    pinRequired: 'अपने घर पर पिन लगाएँ',
    noChange: 'अभी कुछ नहीं बदला है।',
    save: 'सेव करें',
    reset: 'बदलाव हटाएँ',
    saved: 'आपका घर सेव हो गया।',
  },
} satisfies TranslationOf<typeof householdsEn>;
