import type { signInCodeEn } from '@/features/auth/locales/en';
import type { dashboardsEn } from '@/features/dashboards/locales/en';
import type { dispatchEn } from '@/features/dispatch/locales/en';
import type { driverEn } from '@/features/driver/locales/en';
import type { escalationsEn } from '@/features/escalations/locales/en';
import type { householdsEn } from '@/features/households/locales/en';
import type { invoicesEn } from '@/features/invoices/locales/en';
import type { liveEn } from '@/features/live/locales/en';
import type { ordersEn } from '@/features/orders/locales/en';
import type { partnersEn } from '@/features/partners/locales/en';
import type { payoutsEn } from '@/features/payouts/locales/en';
import type { rateCardEn } from '@/features/rate-card/locales/en';
import type { reconciliationEn } from '@/features/reconciliation/locales/en';
import type { sellEn } from '@/features/sell/locales/en';
import type { settingsEn } from '@/features/settings/locales/en';
import type { statementsEn } from '@/features/statements/locales/en';
import type { walletsEn } from '@/features/wallets/locales/en';
import type { auth } from '@/locales/en/auth';
import type { common } from '@/locales/en/common';
import type { list } from '@/locales/en/list';
import type { map } from '@/locales/en/map';
import type { pages } from '@/locales/en/pages';

// Typed translation keys: every `t('...')` is checked against the English resources, so a
// misspelt or removed key is a type error, not a "Missing translation" at run time. A new
// namespace is added here with its English (the Hindi files must have the same shape).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      pages: typeof pages;
      list: typeof list;
      map: typeof map;
      orders: typeof ordersEn;
      driver: typeof driverEn;
      dashboards: typeof dashboardsEn;
      rateCard: typeof rateCardEn;
      settings: typeof settingsEn;
      partners: typeof partnersEn;
      escalations: typeof escalationsEn;
      live: typeof liveEn;
      wallets: typeof walletsEn;
      payouts: typeof payoutsEn;
      statements: typeof statementsEn;
      reconciliation: typeof reconciliationEn;
      invoices: typeof invoicesEn;
      dispatch: typeof dispatchEn;
      signInCode: typeof signInCodeEn;
      sell: typeof sellEn;
      households: typeof householdsEn;
    };
  }
}
