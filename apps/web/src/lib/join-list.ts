// "a, b, and c" / "a, b, और c": what Intl.ListFormat's conjunction writes in the app's two
// languages, without it. Its first use sets up ICU's list data (14-19 ms; decision 055), and
// the admin's layout joins the missing company details on every page.
const AND: Record<string, string> = { en: 'and', hi: 'और' };

/** The items joined as a sentence joins them in `language` ('en' or 'hi'). */
export function joinList(items: readonly string[], language: string): string {
  const and = AND[language] ?? AND.en!;
  if (items.length <= 1) return items[0] ?? '';
  if (items.length === 2) return `${items[0]} ${and} ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, ${and} ${items.at(-1)}`;
}
