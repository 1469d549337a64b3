import { lineAmountPaise } from '@app/shared/money';

// Every amount here is an integer: paise, grams, paise per kg. Rupees and kilograms exist
// only in JSON (order-serializer.ts), so no binary fraction ever touches a sum.

export interface LineRates {
  vendorRatePaise: number;
  driverRatePaise: number;
}

export interface PricedLine extends LineRates {
  weightGrams: number | null;
  /** Vendor rate x weight, half up to the paisa; 0 until weighed. */
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

export function priceLine(rates: LineRates, weightGrams: number | null): PricedLine {
  return {
    ...rates,
    weightGrams,
    amountPaise: weightGrams === null ? 0 : lineAmountPaise(rates.vendorRatePaise, weightGrams),
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
