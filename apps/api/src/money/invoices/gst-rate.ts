// GST rates are stored in basis points (1800 = 18%) so that 0.25% and 1.5% stay integers
// and tax is computed without binary fractions.

export const gstRateToBp = (percent: number): number => Math.round(percent * 100);
export const gstRateFromBp = (bp: number): number => bp / 100;
