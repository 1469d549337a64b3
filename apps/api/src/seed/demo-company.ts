import { SETTING_DEFAULTS } from '@app/shared/schemas/settings';
import type { Database } from '../db/database';
import { settings } from '../db/tables/settings.table';

/**
 * The demo start's company in Settings -> Information, so the demo orders get their invoices
 * (an invoice never names an empty company: design.md section 23). Written only when nobody
 * saved the information yet; an admin's own information is never replaced. The GSTIN is a
 * made-up Maharashtra one (the demo accounts work in Pune) with a valid check character.
 */
export async function ensureDemoCompany(db: Database): Promise<void> {
  await db
    .insert(settings)
    .values({
      key: 'information',
      value: {
        ...SETTING_DEFAULTS.information,
        name: 'Kabadi Orders Demo Pvt Ltd',
        address: '4 Industrial Estate, Bhosari, Pune 411026',
        gstin: '27AABCK4821M1ZD',
      },
    })
    .onConflictDoNothing({ target: settings.key });
}
