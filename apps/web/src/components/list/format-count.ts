// Counts as people read them: exact below a thousand ("950"), short above ("1.2k", "12k",
// "1.2M"); an estimate (X-Total-Count-Estimated) says so with "~". Never "99+".

const COMPACT = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

export function formatCount(count: number, estimated = false): string {
  const text = count < 1000 ? String(count) : COMPACT.format(count).toLowerCase().replace(/b$/, 'bn');
  return estimated ? `~${text}` : text;
}
