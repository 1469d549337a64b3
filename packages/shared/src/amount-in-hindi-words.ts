// Hindi amounts for the Hindi invoice (design.md sections 11 and 13): the Indian system
// (सौ, हज़ार, लाख, करोड़), "रुपये ... और ... पैसे मात्र". Unlike English, Hindi has its own
// word for every number below a hundred (21 इक्कीस, 35 पैंतीस, 99 निन्यानवे): they cannot
// be put together from tens and ones, so all hundred are listed. Nuktas are written as
// two code points (ज + ़), as in the app's other Hindi texts and as NFC keeps them.

/** 0 to 99, each its own word. */
export const HINDI_NUMBER_WORDS: readonly string[] = [
  'शून्य', 'एक', 'दो', 'तीन', 'चार', 'पाँच', 'छह', 'सात', 'आठ', 'नौ',
  'दस', 'ग्यारह', 'बारह', 'तेरह', 'चौदह', 'पंद्रह', 'सोलह', 'सत्रह', 'अठारह', 'उन्नीस',
  'बीस', 'इक्कीस', 'बाईस', 'तेईस', 'चौबीस', 'पच्चीस', 'छब्बीस', 'सत्ताईस', 'अट्ठाईस', 'उनतीस',
  'तीस', 'इकतीस', 'बत्तीस', 'तैंतीस', 'चौंतीस', 'पैंतीस', 'छत्तीस', 'सैंतीस', 'अड़तीस', 'उनतालीस',
  'चालीस', 'इकतालीस', 'बयालीस', 'तैंतालीस', 'चौवालीस', 'पैंतालीस', 'छियालीस', 'सैंतालीस', 'अड़तालीस', 'उनचास',
  'पचास', 'इक्यावन', 'बावन', 'तिरपन', 'चौवन', 'पचपन', 'छप्पन', 'सत्तावन', 'अट्ठावन', 'उनसठ',
  'साठ', 'इकसठ', 'बासठ', 'तिरसठ', 'चौंसठ', 'पैंसठ', 'छियासठ', 'सड़सठ', 'अड़सठ', 'उनहत्तर',
  'सत्तर', 'इकहत्तर', 'बहत्तर', 'तिहत्तर', 'चौहत्तर', 'पचहत्तर', 'छिहत्तर', 'सतहत्तर', 'अठहत्तर', 'उन्यासी',
  'अस्सी', 'इक्यासी', 'बयासी', 'तिरासी', 'चौरासी', 'पचासी', 'छियासी', 'सत्तासी', 'अट्ठासी', 'नवासी',
  'नब्बे', 'इक्यानवे', 'बानवे', 'तिरानवे', 'चौरानवे', 'पचानवे', 'छियानवे', 'सत्तानवे', 'अट्ठानवे', 'निन्यानवे',
];

function belowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(`${HINDI_NUMBER_WORDS[Math.floor(n / 100)]!} सौ`);
  if (n % 100 > 0) parts.push(HINDI_NUMBER_WORDS[n % 100]!);
  return parts.join(' ');
}

/** A whole number in Hindi words, Indian system ("एक लाख बीस हज़ार"); 0 is "शून्य". */
export function numberInHindiWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a whole number: ${n}`);
  if (n === 0) return HINDI_NUMBER_WORDS[0]!;
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  // Above 99 crore the crore count is itself said in words ("एक सौ करोड़"), as in English.
  if (crore > 0) parts.push(`${numberInHindiWords(crore)} करोड़`);
  let rest = n % 10_000_000;
  const lakh = Math.floor(rest / 100_000);
  if (lakh > 0) parts.push(`${HINDI_NUMBER_WORDS[lakh]!} लाख`);
  rest %= 100_000;
  const thousand = Math.floor(rest / 1000);
  if (thousand > 0) parts.push(`${HINDI_NUMBER_WORDS[thousand]!} हज़ार`);
  rest %= 1000;
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** "रुपये एक लाख बीस हज़ार और पचास पैसे मात्र" for 12000050 paise (English: amount-in-words.ts). */
export function amountInHindiWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new Error(`not a whole number of paise: ${paise}`);
  const rupees = `रुपये ${numberInHindiWords(Math.floor(paise / 100))}`;
  const rest = paise % 100;
  return rest === 0 ? `${rupees} मात्र` : `${rupees} और ${HINDI_NUMBER_WORDS[rest]!} पैसे मात्र`;
}
