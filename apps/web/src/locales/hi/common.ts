import type { common as en } from '../en/common';
import type { TranslationOf } from '../translation';

// The shell's Hindi (namespace "common"). The spec's messages in Hindi: the English stays
// letter for letter in en/common.ts.
export const common = {
  appName: 'कबाड़ी ऑर्डर',
  titles: {
    home: 'होम',
    login: 'साइन इन',
    signup: 'साइन अप',
    forgotPassword: 'पासवर्ड भूल गए',
    notFound: 'पेज नहीं मिला',
    serverError: 'सर्वर में गड़बड़ी',
  },
  sections: {
    admin: 'एडमिन',
    store: 'स्टोर',
    vendor: 'वेंडर',
    driver: 'ड्राइवर',
  },
  nav: {
    label: 'इस हिस्से के पेज',
    skipToContent: 'सीधे सामग्री पर जाएँ',
    settings: 'सेटिंग्स',
    openMenu: 'मेन्यू खोलें',
    closeMenu: 'मेन्यू बंद करें',
  },
  topBar: {
    colorMode: {
      toLight: 'हल्की थीम पर जाएँ',
      toDark: 'गहरी थीम पर जाएँ',
    },
    userMenu: 'खाता मेन्यू',
    signedInAs: '{{name}} के रूप में साइन इन',
    role: 'भूमिका: {{role}}',
    signOut: 'साइन आउट',
  },
  actions: {
    retry: 'फिर से कोशिश करें',
    goHome: 'शुरुआती पेज पर जाएँ',
    back: 'वापस जाएँ',
    reload: 'दोबारा लोड करें',
    cancel: 'रद्द करें',
    save: 'सहेजें',
  },
  states: {
    loading: 'लोड हो रहा है…',
    empty: 'यहाँ अभी कुछ नहीं है।',
    errorTitle: 'यह लोड नहीं हो सका',
  },
  errors: {
    statusCode: 'स्टेटस कोड {{status}}',
    notFoundDescription: 'आपने जो पेज माँगा वह मौजूद नहीं है या कहीं और चला गया है। पता जाँचें, या शुरुआती पेज पर जाएँ।',
    serverErrorDescription: 'यह पेज दिखाते समय कुछ गड़बड़ हो गई। फिर से कोशिश करें; बार-बार हो तो एडमिन को बताएँ कि आप क्या कर रहे थे।',
    chunkReloading: 'ऐप का नया संस्करण आ गया है। दोबारा लोड हो रहा है…',
    configTitle: 'ऐप शुरू नहीं हो सकता',
    configHint: 'साइट की सेटिंग पढ़ी नहीं जा सकी। साइट चलाने वाले व्यक्ति को बताएँ।',
  },
  buildUpdate: {
    available: 'ऐप का नया संस्करण आ गया है।',
  },
  companyInfo: {
    missing: 'इनवॉइस पर कंपनी का विवरण छपता है, पर सेटिंग्स › जानकारी में कंपनी का {{details}} नहीं है।',
    open: 'कंपनी की जानकारी पूरी करें',
    waiting_one: '{{count}} पूरा हुआ ऑर्डर अपने इनवॉइस की प्रतीक्षा में है।',
    waiting_other: '{{count}} पूरे हुए ऑर्डर अपने इनवॉइस की प्रतीक्षा में हैं; जानकारी सहेजते ही वे पूरे होने के क्रम में जारी होंगे।',
    details: { name: 'नाम', address: 'पता', state: 'राज्य (GSTIN से)', gstin: 'GSTIN' },
  },
  offline: {
    notice: 'आप ऑफ़लाइन हैं।',
    noticeSince: 'आप ऑफ़लाइन हैं। {{time}} पर लोड की गई जानकारी दिखाई जा रही है।',
    notLoadedTitle: 'यह अभी इस डिवाइस पर नहीं है',
    notLoaded: 'यह डिवाइस के ऑफ़लाइन होने से पहले लोड नहीं हुआ था। ऑनलाइन होने पर यह लोड हो जाएगा।',
    keptUpdating: '{{time}} की जानकारी दिखाई जा रही है; अपडेट हो रही है…',
    keptNotUpdated: '{{time}} की जानकारी दिखाई जा रही है; अभी अपडेट नहीं हो सकी।',
  },
  messages: {
    notVerified: 'आपका खाता अभी सत्यापित नहीं हुआ है। कृपया एडमिन की मंज़ूरी का इंतज़ार करें।',
    incorrectAccount: 'खाता या पासवर्ड गलत है',
    deleteSuccess: 'सफलतापूर्वक हटाया गया!',
    deleteFailed: 'हटाया नहीं जा सका',
    updateSuccess: 'सफलतापूर्वक अपडेट हुआ!',
    haveAnError: 'कोई गड़बड़ी हुई!',
    completeFailed: 'कोई गड़बड़ी हुई! कृपया एडमिन से संपर्क करें।',
    pageNotFound: 'पेज नहीं मिला',
    internalServerError: 'सर्वर में गड़बड़ी',
  },
  orderStatus: {
    pending: 'बाकी',
    accepted: 'स्वीकार हुआ',
    moving: 'रास्ते में',
    arrived: 'पहुँच गया',
    waiting_store: 'स्टोर के इंतज़ार में',
    waiting_admin: 'एडमिन के इंतज़ार में',
    waiting_driver: 'ड्राइवर के इंतज़ार में',
    issue: 'समस्या',
    completed: 'पूरा हुआ',
    cancelled: 'रद्द',
  },
  mui: {
    noOptions: 'कोई विकल्प नहीं',
    open: 'खोलें',
    close: 'बंद करें',
    clear: 'साफ़ करें',
  },
  language: {
    switchTo: 'English',
    switchToLabel: 'अंग्रेज़ी में बदलें: English',
    saveFailed: 'भाषा इस डिवाइस पर बदल गई, पर आपके खाते में सहेजी नहीं जा सकी।',
  },
} satisfies TranslationOf<typeof en>;
