import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { EmptyState, type EmptyStateProps } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { DeferredRender } from '@/components/page/deferred-render';
import { addTranslations } from '@/lib/i18n';
import { list as listEn } from '@/locales/en/list';
import { rowsOf, type PagedQuery } from './list-results';

addTranslations('list', listEn);

export interface CardResultsProps<T> {
  query: PagedQuery<T>;
  /** The loading stand-in's height, about that of the first rows. */
  skeletonHeight: number;
  empty: EmptyStateProps;
  /** Renders the rows (a table, or a list on a phone). */
  children: (rows: T[]) => ReactNode;
}

/**
 * The body of a list that is one card of a page (under the card's own heading): loading,
 * error and empty states, then the rows and "Load more". A whole-page list uses ListResults.
 */
export function CardResults<T>(props: CardResultsProps<T>) {
  // Rendered in slices after a query's answer, as ListResults is.
  return (
    <DeferredRender>
      <CardResultsBody {...props} />
    </DeferredRender>
  );
}

function CardResultsBody<T>({ query, skeletonHeight, empty, children }: CardResultsProps<T>) {
  const { t } = useTranslation('list');
  const { rows } = rowsOf(query);
  if (query.isPending) {
    return (
      <Box sx={{ p: 2 }} aria-hidden>
        <Skeleton variant="rounded" height={skeletonHeight} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Box sx={{ p: 2 }}>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  }
  if (rows.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      {children(rows)}
      {query.hasNextPage && (
        <Box sx={{ p: 2, textAlign: 'center' }}>
          <Button variant="outlined" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('paging.loadMore')}
          </Button>
        </Box>
      )}
    </>
  );
}
