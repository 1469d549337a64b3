import type { CustomerKind } from '@app/shared/constants';
import { lineAmountPaise } from '@app/shared/money';

// Every amount here is an integer: paise, grams, paise per kg. Rupees and kilograms exist
// only in JSON (order-serializer.ts), so no binary fraction ever touches a sum.

export interface LineRates {
  vendorRatePaise: number;
  driverRatePaise: number;
  /** The public consumer rate: what a household is paid (design.md section 21). */
  b2cRatePaise?: number;
}

export interface PricedLine extends LineRates {
  weightGrams: number | null;
  /** Vendor rate (a household's pickup: b2c rate) x weight, half up to the paisa; 0 until weighed. */
  amountPaise: number;
  driverAmountPaise: number;
}

export interface OrderTotals {
  totalWeightGrams: number;
  vendorAmountPaise: number;
  driverAmountPaise: number;
}

/** design.md section 7: the city's rate for the material when it has one, else the material's default. */
export function rateFor(cityRatePaise: number | undefined, defaultRatePaise: number): number {
  return cityRatePaise ?? defaultRatePaise;
}

/** The rate a line's amount is priced at: the vendor rate for a store's pickup, the b2c rate for a household's. */
export function amountRateOf(rates: LineRates, customer: CustomerKind): number {
  if (customer === 'store') return rates.vendorRatePaise;
  if (rates.b2cRatePaise === undefined) throw new Error('a household line needs its b2c rate');
  return rates.b2cRatePaise;
}

export function priceLine(rates: LineRates, weightGrams: number | null, customer: CustomerKind = 'store'): PricedLine {
  return {
    ...rates,
    weightGrams,
    amountPaise: weightGrams === null ? 0 : lineAmountPaise(amountRateOf(rates, customer), weightGrams),
    driverAmountPaise: weightGrams === null ? 0 : lineAmountPaise(rates.driverRatePaise, weightGrams),
  };
}

/** The order's totals are the sums of its lines, nothing else: each line is rounded once, sums never are. */
export function orderTotals(lines: ReadonlyArray<Pick<PricedLine, 'weightGrams' | 'amountPaise' | 'driverAmountPaise'>>): OrderTotals {
  const totals: OrderTotals = { totalWeightGrams: 0, vendorAmountPaise: 0, driverAmountPaise: 0 };
  for (const line of lines) {
    totals.totalWeightGrams += line.weightGrams ?? 0;
    totals.vendorAmountPaise += line.amountPaise;
    totals.driverAmountPaise += line.driverAmountPaise;
  }
  for (const value of Object.values(totals)) {
    // 50 lines of at most 10^12 paise each stay far below 2^53; this is the guard if limits ever move.
    if (!Number.isSafeInteger(value)) throw new Error('order total exceeds the safe integer range');
  }
  return totals;
}
