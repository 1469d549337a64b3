// Digits as people type them. No zod or libphonenumber here: the web app's sign-in page reads it.

const DIGIT = /\p{Nd}/u;

/**
 * Any script's digit as its ASCII one (a Hindi keyboard types ९८१२३...). Unicode keeps each
 * script's 0-9 in a run of its own (some scripts' runs touch), so a digit's value is its
 * distance from the run's start, mod 10.
 */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => {
    const point = digit.codePointAt(0)!;
    if (point < 128) return digit;
    let start = point;
    while (DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
    return String((point - start) % 10);
  });
}
