/** The encodings the build writes beside each asset (vite-plugin-compression2), best first. */
export const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

export type Precompressed = (typeof PRECOMPRESSED)[number]['encoding'];

/**
 * The best of `available` that an Accept-Encoding header allows (q > 0), or null for the
 * identity copy. `*` stands for any encoding the header does not name.
 */
export function pickEncoding(header: string | undefined, available: readonly Precompressed[]): Precompressed | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    if (!token) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(token.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get('*') ?? 0;
  let best: Precompressed | null = null;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? wildcard;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
