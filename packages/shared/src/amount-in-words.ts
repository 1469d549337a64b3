// Indian English amounts: lakh (10^5) and crore (10^7), "Rupees ... and ... Paise Only".

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0 < n < 100. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const rest = n % 10;
  return rest === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]!} ${ONES[rest]!}`;
}

function belowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(`${ONES[Math.floor(n / 100)]!} Hundred`);
  if (n % 100 > 0) parts.push(belowHundred(n % 100));
  return parts.join(' ');
}

/** A whole number in Indian English words ("One Lakh Twenty Thousand"); 0 is "Zero". */
export function numberInIndianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  // Above 99 crore the crore count itself is said in lakh and thousand ("One Hundred Crore").
  if (crore > 0) parts.push(`${numberInIndianWords(crore)} Crore`);
  let rest = n % 10_000_000;
  const lakh = Math.floor(rest / 100_000);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  rest %= 100_000;
  const thousand = Math.floor(rest / 1000);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  rest %= 1000;
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** "Rupees One Lakh Twenty Thousand and Fifty Paise Only" for 12000050 paise. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${numberInIndianWords(rupees)}`;
  return rest === 0 ? `${words} Only` : `${words} and ${belowHundred(rest)} Paise Only`;
}
