import 'dayjs/locale/hi';
import { signInCodeHi } from '@/features/auth/locales/hi';
import { dashboardsHi } from '@/features/dashboards/locales/hi';
import { dispatchHi } from '@/features/dispatch/locales/hi';
import { driverHi } from '@/features/driver/locales/hi';
import { escalationsHi } from '@/features/escalations/locales/hi';
import { householdsHi } from '@/features/households/locales/hi';
import { invoicesHi } from '@/features/invoices/locales/hi';
import { liveHi } from '@/features/live/locales/hi';
import { ordersHi } from '@/features/orders/locales/hi';
import { partnersHi } from '@/features/partners/locales/hi';
import { payoutsHi } from '@/features/payouts/locales/hi';
import { rateCardHi } from '@/features/rate-card/locales/hi';
import { reconciliationHi } from '@/features/reconciliation/locales/hi';
import { sellHi } from '@/features/sell/locales/hi';
import { settingsHi } from '@/features/settings/locales/hi';
import { statementsHi } from '@/features/statements/locales/hi';
import { walletsHi } from '@/features/wallets/locales/hi';
import type { LanguagePack } from '@/lib/language';
import { setServerMessageTranslator } from '@/lib/server-messages';
import { auth } from '@/locales/hi/auth';
import { common } from '@/locales/hi/common';
import { list } from '@/locales/hi/list';
import { map } from '@/locales/hi/map';
import { pages } from '@/locales/hi/pages';
import { server } from '@/locales/hi/server';
import { serverMessageMatcher } from './server-message-matcher';

// Every Hindi text of the app in one lazy chunk, with dayjs's Hindi months and days:
// main.tsx registers it, lib/language.ts loads it when someone chooses Hindi. Namespaces
// as the English ones (src/i18next.d.ts); app/translations.test.ts checks that every
// English namespace has its Hindi here, key for key.
export const hindiResources = {
  common,
  auth,
  pages,
  list,
  map,
  server,
  orders: ordersHi,
  driver: driverHi,
  dashboards: dashboardsHi,
  rateCard: rateCardHi,
  settings: settingsHi,
  partners: partnersHi,
  escalations: escalationsHi,
  live: liveHi,
  wallets: walletsHi,
  payouts: payoutsHi,
  statements: statementsHi,
  reconciliation: reconciliationHi,
  invoices: invoicesHi,
  dispatch: dispatchHi,
  signInCode: signInCodeHi,
  sell: sellHi,
  households: householdsHi,
};

export const hindiPack: LanguagePack = {
  resources: hindiResources,
  // The matcher answers only while Hindi is on, so it can stay installed after a switch back.
  install: () => setServerMessageTranslator(serverMessageMatcher('hi')),
};
