import { and, type SQL } from 'drizzle-orm';
import { containsPattern } from '../search-pattern';

type Value<F, K extends keyof F> = Exclude<F[K], undefined>;

/**
 * What each query parameter of a list narrows it to. `search` gets the text as an ILIKE
 * pattern (the user's `%` and `_` taken literally) and as typed (an order number, say).
 */
export type FilterRules<F> = { [K in Exclude<keyof F, 'search'>]?: (value: Value<F, K>) => SQL | undefined } & {
  search?: (pattern: string, text: string) => SQL | undefined;
};

/** The rules of the parameters given, ANDed; a parameter left out or empty narrows nothing. */
export function filterBy<F extends object>(rules: FilterRules<F>, filters: F): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  for (const [name, rule] of Object.entries(rules) as [string, (value: unknown, text?: unknown) => SQL | undefined][]) {
    const value: unknown = filters[name as keyof F];
    if (value === undefined || value === '') continue;
    conditions.push(name === 'search' ? rule(containsPattern(value as string), value) : rule(value));
  }
  return and(...conditions);
}
