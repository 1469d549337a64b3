import type { TranslationOf } from '@/locales/translation';
import type { reconciliationEn } from './en';

// The reconciliation report in Hindi (namespace "reconciliation").
export const reconciliationHi = {
  groupLabel: 'किसके हिसाब से',
  groups: { city: 'शहर', material: 'माल', vendor: 'वेंडर' },
  from: 'से',
  to: 'तक',
  presets: {
    label: 'अवधि',
    thisMonth: 'यह महीना',
    lastMonth: 'पिछला महीना',
    financialYear: 'यह वित्त वर्ष',
    lastFinancialYear: 'पिछला वित्त वर्ष',
  },
  badRange: 'शुरू की तारीख़ आखिरी तारीख़ के बाद नहीं हो सकती।',
  exportCsv: 'CSV निकालें',
  exported: 'CSV फ़ाइल डाउनलोड हो गई।',
  exportFailed: 'निकालना नहीं हो सका: {{detail}}',
  columns: {
    orders: 'ऑर्डर',
    weight: 'वज़न',
    vendor_amount: 'वेंडर राशि',
    driver_amount: 'ड्राइवर राशि',
    b2c_value: 'B2C मूल्य',
    margin: 'मार्जिन',
  },
  totals: 'कुल',
  tableHeading: '{{group}} के हिसाब से पूरे हुए ऑर्डर',
  empty: 'इस अवधि में कोई ऑर्डर पूरा नहीं हुआ',
  emptyHint: 'दूसरी तारीख़ें चुनें, या ऑर्डर पूरे होने का इंतज़ार करें।',
  emptyStores: 'इस अवधि में स्टोर का कोई ऑर्डर पूरा नहीं हुआ',
  households: {
    heading: 'घरेलू ग्राहकों से ख़रीद',
    hint: 'शहर और माल के हिसाब से पूरे हुए घरेलू पिकअप: ड्राइवरों ने दरवाज़े पर घरेलू ग्राहकों को जो दिया (B2C राशि)। दो माल वाला पिकअप दोनों पंक्तियों में और कुल में एक बार गिना जाता है।',
    empty: 'इस अवधि में घरेलू ग्राहकों से कोई ख़रीद नहीं हुई।',
    amount: 'B2C राशि',
  },
  ledger: {
    heading: 'खाता-बही जाँच (शुरू से अब तक)',
    balanced: 'हिसाब मिलता है: हर वॉलेट अपनी प्रविष्टियों के जोड़ के बराबर है, और जमा पूरे हुए ऑर्डरों के बराबर है।',
    unbalanced: 'हिसाब नहीं मिलता। जब तक इसकी वजह पता न चले, भुगतान न करें: खाते निकालें और डेवलपर से संपर्क करें।',
    credited: 'जमा हुआ',
    paidOut: 'भुगतान हुआ',
    balances: 'बैलेंस',
  },
  chart: {
    heading: 'मूल्य कहाँ जाता है',
    description: 'हर {{group}} की वेंडर राशि, ड्राइवर राशि और मार्जिन, B2C मूल्य तक एक के ऊपर एक।',
    loading: 'चार्ट लोड हो रहा है…',
  },
} satisfies TranslationOf<typeof reconciliationEn>;
