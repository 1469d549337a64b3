import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

// A list's filters and sort live in the query string under their wire names (`status`,
// `store_id`, `created_at__gt`, `search`, `ordering`), so a link reproduces the view, a
// saved view is just that query string, and the API gets the values as they stand.
// Changes replace the history entry: the back button leaves the list, not each keystroke.

export type ParamValue = string | number | null | undefined;

export interface ListParams {
  /** The list's own parameters that carry a value. */
  values: Readonly<Record<string, string>>;
  get: (name: string) => string | null;
  /** A positive whole number, or null. */
  getId: (name: string) => number | null;
  set: (changes: Record<string, ParamValue>) => void;
  /** Drops every parameter of the list (other parameters, such as a detail page's `id`, stay). */
  clear: () => void;
  /** The list's parameters as a query string, sorted (`ordering=-vendor_amount&status=pending`). */
  query: string;
  /** Replaces the list's parameters with those of a query string (a saved view). */
  apply: (query: string) => void;
}

/** The value if it is one of `allowed` (an enum filter from the URL). */
export function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[]): T | undefined {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

export function toId(value: string | null | undefined): number | null {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** `names`: every parameter the list owns; anything else in the URL is left alone. */
export function useListParams(names: readonly string[]): ListParams {
  const [params, setParams] = useSearchParams();
  const key = names.join(',');

  const values = useMemo(() => {
    const out: Record<string, string> = {};
    for (const name of key.split(',')) {
      const value = params.get(name);
      if (value) out[name] = value;
    }
    return out;
  }, [params, key]);

  const set = useCallback(
    (changes: Record<string, ParamValue>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '') next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const apply = useCallback(
    (query: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const name of key.split(',')) next.delete(name);
          for (const [name, value] of new URLSearchParams(query)) if (key.split(',').includes(name) && value) next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams, key],
  );

  const query = useMemo(() => {
    // Code-unit order: the names are ASCII, and localeCompare's first use sets up ICU's collator
    // (7-11 ms) in the list's first render (decision 055).
    const sorted = Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return new URLSearchParams(sorted).toString();
  }, [values]);

  return {
    values,
    get: (name) => values[name] ?? null,
    getId: (name) => toId(values[name]),
    set,
    clear: () => apply(''),
    query,
    apply,
  };
}
