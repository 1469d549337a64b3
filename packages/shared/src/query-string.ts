/**
 * Builds a query string as the spec's helper does: empty values are skipped, but booleans
 * are kept (false too), and so are keys containing `_gt` whatever their value.
 */
export function buildQueryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const keep = typeof value === 'boolean' || key.includes('_gt') || (value !== undefined && value !== null && value !== '');
    if (!keep) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(key, value.join(','));
      continue;
    }
    search.set(key, String(value ?? ''));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
