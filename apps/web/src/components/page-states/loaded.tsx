import type { ReactNode } from 'react';
import { ErrorState } from './error-state';

/** What Loaded needs of a query (TanStack's result fits). */
export interface RecordQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** One record's page body: its error (with Retry), `skeleton` while it loads, then `children` with the record. */
export function Loaded<T>({ query, skeleton, children }: { query: RecordQuery<T>; skeleton: ReactNode; children: (record: T) => ReactNode }) {
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending || query.data === undefined) return skeleton;
  return children(query.data);
}
