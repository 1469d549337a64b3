import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@app/shared/format';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { DeferredRender } from '@/components/page/deferred-render';
import { ApiError, isNetworkFailure } from '@/lib/api-error';
import { useOnline } from '@/lib/network-status';
import { addTranslations } from '@/lib/i18n';
import { list as listEn } from '@/locales/en/list';

addTranslations('list', listEn);

/** What the kit needs of a cursor-paged infinite query (TanStack's result fits). */
export interface PagedQuery<T> {
  data?: { pages: readonly { items: readonly T[]; total: number | null; estimated?: boolean }[] };
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  /** TanStack's: `paused` while a query waits for the network (offline). */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

export interface ListResultsProps<T> {
  query: PagedQuery<T>;
  /** Renders the rows (a DataTable, or cards on a phone). */
  children: (rows: T[]) => ReactNode;
  /** True while any filter narrows the list: the empty state then suggests clearing them. */
  filtered: boolean;
  /** The empty state of a list with no filters (what to do first). */
  empty?: { title?: string; description?: string; action?: ReactNode; icon?: ReactNode };
}

/** The rows of all pages so far, the total of the first. */
export function rowsOf<T>(query: Pick<PagedQuery<T>, 'data'>): { rows: T[]; total: number | null; estimated: boolean } {
  const pages = query.data?.pages ?? [];
  return { rows: pages.flatMap((p) => p.items), total: pages[0]?.total ?? null, estimated: !!pages[0]?.estimated };
}

/**
 * Loading, error and empty states around a list's rows, then "Showing n of m" and "Load more".
 * Rows already loaded (or kept on the device) win over a refetch that found no network: they
 * stay on screen, with the error above them while online (offline, the section's notice says it).
 */
export function ListResults<T>(props: ListResultsProps<T>) {
  // A query's answer is a blocking render (TanStack Query hands it to React through
  // useSyncExternalStore): the rows, a table of twenty orders on the admin's list, render
  // in slices after it instead of in one long task (decisions 041 and 051).
  return (
    <DeferredRender>
      <ListResultsBody {...props} />
    </DeferredRender>
  );
}

function ListResultsBody<T>({ query, children, filtered, empty }: ListResultsProps<T>) {
  const { t } = useTranslation('list');
  const online = useOnline();
  const { rows, total, estimated } = rowsOf(query);
  const staleRows = query.isError && !!query.data && isNetworkFailure(query.error);
  if (query.isError && !staleRows) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  // Offline with nothing kept for this list: say so rather than loading for ever.
  if (query.isPending && query.fetchStatus === 'paused') return <ErrorState error={new ApiError(0, 'offline', {}, 'network')} />;
  if (query.isPending) return <ListSkeleton label={t('table.loading')} />;
  if (rows.length === 0) {
    return (
      <Paper variant="outlined">
        {filtered ? <EmptyState title={t('table.empty')} description={t('table.emptyHint')} /> : <EmptyState title={empty?.title} description={empty?.description} action={empty?.action} icon={empty?.icon} />}
      </Paper>
    );
  }
  return (
    <>
      {staleRows && online && (
        <Stack sx={{ mb: 2 }}>
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        </Stack>
      )}
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {query.isFetching && !query.isFetchingNextPage && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} aria-hidden />}
        {children(rows)}
      </Paper>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {total === null
            ? t('paging.count', { count: rows.length })
            : t(estimated ? 'paging.showingEstimated' : 'paging.showing', { shown: formatCount(rows.length), total: formatCount(total) })}
        </Typography>
        {query.hasNextPage && (
          <Button variant="outlined" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('paging.loadMore')}
          </Button>
        )}
      </Stack>
    </>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="status" aria-busy aria-label={label}>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={44} />
      ))}
    </Paper>
  );
}
