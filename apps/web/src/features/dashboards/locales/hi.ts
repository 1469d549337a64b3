import type { TranslationOf } from '@/locales/translation';
import type { dashboardsEn } from './en';

// The dashboards in Hindi (namespace "dashboards").
export const dashboardsHi = {
  range: {
    '12m': '12 महीने',
    '6m': '6 महीने',
    '3m': '3 महीने',
    '30d': 'पिछले 30 दिन',
  },
  chart: {
    title: 'समय के साथ ऑर्डर',
    titleAmount: 'समय के साथ कमाई',
    range: 'अवधि',
    metric: 'दिखाएँ',
    metrics: { count: 'ऑर्डर', vendor_amount: 'वेंडर राशि' },
    seriesCount: 'बने ऑर्डर',
    seriesAmount: 'पूरे हुए ऑर्डरों की वेंडर राशि',
    empty: 'इस अवधि में कोई ऑर्डर नहीं',
    emptyHint: 'ऊपर लंबी अवधि चुनें, या ऑर्डर बनने के बाद फिर आएँ।',
    total: 'कुल: {{value}}',
    description: 'हर {{group}} के {{metric}} का बार चार्ट',
    group: { month: 'महीने', day: 'दिन' },
  },
  kpi: {
    ordersThisMonth: 'इस महीने के ऑर्डर',
    earningsThisMonth: 'इस महीने की कमाई',
    earningsHint: 'पूरे हुए ऑर्डरों की वेंडर राशि',
    walletBalance: 'वॉलेट बैलेंस',
    ordersWaiting: 'रुके हुए ऑर्डर',
    ordersWaitingHint: 'ड्राइवर, स्टोर या एडमिन के लिए',
    toWallet: 'वॉलेट खोलें',
    toOrders: 'ऑर्डर देखें',
  },
  admin: {
    waitingAdmin: 'आपके इंतज़ार में',
    waitingAdminHint: 'ऐसे ऑर्डर जिनके स्टोर ड्राइवर के वज़न से असहमत हैं। इन्हें सुधारकर ड्राइवर को वापस भेजें।',
    review: 'ये ऑर्डर देखें',
    byStatus: 'स्थिति के हिसाब से ऑर्डर',
    waitingList: 'एडमिन के इंतज़ार में देखते ऑर्डर',
    waitingEmpty: 'आपके लिए कुछ नहीं रुका है',
    waitingEmptyHint: 'जब कोई स्टोर किसी ऑर्डर के बारे में एडमिन को बुलाएगा, वह यहाँ दिखेगा।',
    seeAll: 'सभी {{count}} देखें',
    order: 'ऑर्डर',
    store: 'स्टोर',
    created: 'कब बना',
    weight: 'वज़न',
    amount: 'वेंडर राशि',
  },
} satisfies TranslationOf<typeof dashboardsEn>;
