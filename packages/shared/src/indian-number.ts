// Numbers in Indian digit grouping (1,23,456.78) without Intl. The first Intl.NumberFormat a
// page makes loads ICU's number data: 15-20 ms on a fast machine, four times that on
// Lighthouse's phone, in the task that evaluates the app's modules (decision 055). The output
// is Intl.NumberFormat('en-IN' | 'hi-IN', { maximumFractionDigits })'s, character for
// character; indian-number.test.ts compares the two over generated numbers.

/** |value|'s shortest decimal form (the one Intl rounds) with any exponent written out. */
function plainDigits(magnitude: number): string {
  const text = String(magnitude);
  const e = text.indexOf('e');
  if (e === -1) return text;
  const exponent = Number(text.slice(e + 1));
  const [whole = '', fraction = ''] = text.slice(0, e).split('.');
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Rounds a plain decimal half away from zero (Intl's "halfExpand") to `places` decimals. */
function roundHalfExpand(text: string, places: number): { whole: string; fraction: string } {
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= places) return { whole, fraction: fraction.replace(/0+$/, '') };
  let digits = whole + fraction.slice(0, places);
  if (fraction[places]! >= '5') {
    const carried = digits.split('');
    let i = carried.length - 1;
    for (; i >= 0 && carried[i] === '9'; i -= 1) carried[i] = '0';
    if (i >= 0) carried[i] = String(Number(carried[i]) + 1);
    digits = (i < 0 ? '1' : '') + carried.join('');
  }
  const wholeLength = digits.length - places;
  return { whole: digits.slice(0, wholeLength), fraction: digits.slice(wholeLength).replace(/0+$/, '') };
}

/** "1234567" -> "12,34,567": the last three digits, then pairs. */
function groupIndian(whole: string): string {
  if (whole.length <= 3) return whole;
  const groups = [whole.slice(-3)];
  let rest = whole.slice(0, -3);
  for (; rest.length > 2; rest = rest.slice(0, -2)) groups.unshift(rest.slice(-2));
  groups.unshift(rest);
  return groups.join(',');
}

/** `value` with Indian grouping and at most `maximumFractionDigits` decimals, as en-IN's Intl.NumberFormat writes it. */
export function formatIndianNumber(value: number, maximumFractionDigits: number): string {
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return `${sign}∞`;
  const { whole, fraction } = roundHalfExpand(plainDigits(Math.abs(value)), maximumFractionDigits);
  return `${sign}${groupIndian(whole)}${fraction ? `.${fraction}` : ''}`;
}
