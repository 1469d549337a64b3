import type { list as en } from '../en/list';
import type { TranslationOf } from '../translation';

// The list kit in Hindi (namespace "list").
export const list = {
  filters: {
    search: 'खोजें',
    status: 'स्थिति',
    date: 'कब बना',
    any: 'कोई भी',
    clear: 'फ़िल्टर हटाएँ',
    more: 'फ़िल्टर',
    moreActive_one: 'फ़िल्टर ({{count}})',
    moreActive_other: 'फ़िल्टर ({{count}})',
    choicesFailed: 'विकल्प लोड नहीं हो सके। सूची बंद करके फिर खोलें।',
  },
  date: {
    '1m': '1 महीना',
    '3m': '3 महीने',
    '6m': '6 महीने',
    all: 'सभी',
  },
  table: {
    sortBy: '{{column}} से क्रम लगाएँ',
    loading: 'सूची लोड हो रही है',
    empty: 'इन फ़िल्टर से कुछ नहीं मिला।',
    emptyHint: 'ज़्यादा देखने के लिए फ़िल्टर बदलें या हटाएँ।',
    refresh: 'ताज़ा करें',
  },
  paging: {
    showing: '{{total}} में से {{shown}} दिख रहे हैं',
    showingEstimated: 'लगभग {{total}} में से {{shown}} दिख रहे हैं',
    count_one: '{{count}} पंक्ति',
    count_other: '{{count}} पंक्तियाँ',
    loadMore: 'और दिखाएँ',
  },
  export: {
    button: 'CSV निकालें',
    progress: '{{total}} में से {{rows}} पंक्तियाँ निकाली जा रही हैं…',
    progressUnknown: '{{rows}} पंक्तियाँ निकाली जा रही हैं…',
    cancel: 'निकालना रोकें',
    done_one: '{{count}} पंक्ति निकाली गई।',
    done_other: '{{count}} पंक्तियाँ निकाली गईं।',
    failed: 'निकालना नहीं हो सका: {{detail}}',
  },
  views: {
    label: 'सहेजे गए व्यू',
    none: 'अभी कोई सहेजा व्यू नहीं',
    pick: 'सहेजा व्यू खोलें',
    save: 'व्यू सहेजें',
    saveTitle: 'यह व्यू सहेजें',
    saveHint: 'इस सूची के फ़िल्टर और क्रम, एक नाम से जो सिर्फ़ आपको दिखेगा।',
    name: 'नाम',
    saved: 'व्यू "{{name}}" सहेजा गया।',
    delete: 'व्यू {{name}} हटाएँ',
    deleted: 'व्यू "{{name}}" हटाया गया।',
    failed: 'सहेजे गए व्यू लोड नहीं हो सके।',
  },
} satisfies TranslationOf<typeof en>;
