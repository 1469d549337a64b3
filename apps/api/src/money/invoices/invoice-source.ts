import { asc, eq } from 'drizzle-orm';
import { gstStateOf, gstStateOfCode } from '@app/shared/gst';
import { SETTING_DEFAULTS, informationSettingsSchema, readStoredSetting } from '@app/shared/schemas/settings';
import type { DbOrTx } from '../../db/database';
import { cities, states } from '../../db/tables/geography.table';
import { materials } from '../../db/tables/materials.table';
import { orderLines, orders } from '../../db/tables/orders.table';
import { vendors } from '../../db/tables/partners.table';
import { settings } from '../../db/tables/settings.table';
import type { TaxLineInput } from './gst-tax';

export interface PartyState {
  name: string | null;
  code: string | null;
}

export interface InvoiceParty {
  name: string;
  gstin: string | null;
  address: string;
  state: PartyState;
}

export interface InvoiceSource {
  orderId: number;
  supplier: InvoiceParty;
  recipient: InvoiceParty;
  prefix: string;
  lines: TaxLineInput[];
}

/** design.md section 11: a party's state is its GSTIN's when it has one, else its city's. */
export function partyState(gstin: string | null, cityState: { name: string; code: string } | null): PartyState {
  const byGstin = gstin ? gstStateOfCode(gstin.slice(0, 2)) : null;
  if (byGstin) return { name: byGstin.name, code: byGstin.gst };
  if (!cityState) return { name: null, code: null };
  return { name: cityState.name, code: gstStateOf(cityState)?.gst ?? null };
}

/** The company in Settings -> Information, with the defaults under what was saved. */
export async function companyInformation(db: DbOrTx) {
  const [stored] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'information')).limit(1);
  return readStoredSetting(informationSettingsSchema, SETTING_DEFAULTS.information, stored?.value).value;
}

/**
 * Everything an order's invoice says, read from the order, its vendor, its lines and the
 * company settings. `supplierGstin`: the vendor's GSTIN as it was when an invoice that
 * waited for the company information was due, instead of today's.
 */
export async function loadInvoiceSource(db: DbOrTx, orderId: number, options: { supplierGstin?: string | null } = {}): Promise<InvoiceSource | null> {
  const [head] = await db
    .select({
      vendorName: vendors.companyName,
      vendorAddress: vendors.address,
      vendorGstin: vendors.gstin,
      stateName: states.name,
      stateCode: states.code,
    })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .innerJoin(cities, eq(cities.id, vendors.cityId))
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!head) return null;
  const lineRows = await db
    .select({
      material: materials.name,
      hsnCode: materials.hsnCode,
      gstRateBp: materials.gstRateBp,
      weightGrams: orderLines.weightGrams,
      ratePaise: orderLines.vendorRatePaise,
      taxablePaise: orderLines.amountPaise,
    })
    .from(orderLines)
    .innerJoin(materials, eq(materials.id, orderLines.materialId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  const company = await companyInformation(db);
  const companyGstin = company.gstin === '' ? null : company.gstin;
  const supplierGstin = options.supplierGstin === undefined ? head.vendorGstin : options.supplierGstin;
  return {
    orderId,
    supplier: {
      name: head.vendorName,
      gstin: supplierGstin,
      address: head.vendorAddress,
      state: partyState(supplierGstin, { name: head.stateName, code: head.stateCode }),
    },
    recipient: { name: company.name, gstin: companyGstin, address: company.address, state: partyState(companyGstin, null) },
    prefix: company.invoice_prefix,
    lines: lineRows.map((l) => ({ ...l, weightGrams: l.weightGrams ?? 0 })),
  };
}
