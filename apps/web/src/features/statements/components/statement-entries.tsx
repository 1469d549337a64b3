import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCount, formatCurrency, formatDateTime, formatOrderNumber } from '@app/shared/format';
import type { LedgerEntry } from '@app/shared/schemas/money';
import type { Statement } from '@app/shared/schemas/money';

const NUMBER = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** Phones show the date under the details, so the amounts keep their room. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' }, '@media print': { display: 'table-cell' } } as const;
const PHONE_ONLY = { display: { xs: 'block', sm: 'none' }, '@media print': { display: 'none' } } as const;

export interface StatementEntriesProps {
  /** The sums of the whole period (the first page's). */
  statement: Statement;
  /** The entries of the pages loaded so far, oldest first. */
  entries: LedgerEntry[];
  /** Entries in the whole period (X-Total-Count). */
  total: number | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/**
 * The period's entries, oldest first, between the opening and the closing balance, a page
 * at a time: while more remain, a row before the closing balance says how many, so a
 * printout never reads as if the list were whole.
 */
export function StatementEntries({ statement, entries, total, hasMore, loadingMore, onLoadMore }: StatementEntriesProps) {
  const { t } = useTranslation('statements');
  const details = (entry: LedgerEntry) =>
    entry.order_id ? t('table.order', { number: formatOrderNumber(entry.order_id) }) : entry.payout_id ? t('table.payout', { id: entry.payout_id }) : t('table.adjustment');
  const remaining = total === null ? null : Math.max(total - entries.length, 0);

  if (entries.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        <strong>{t('empty')}.</strong> {t('emptyHint')}
      </Typography>
    );
  }
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('table.heading')} data-testid="statement-entries" sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={WIDE_ONLY}>{t('table.date')}</TableCell>
              <TableCell>{t('table.details')}</TableCell>
              <TableCell align="right">{t('table.amount')}</TableCell>
              <TableCell align="right">{t('table.balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell sx={WIDE_ONLY} />
              <TableCell colSpan={2} sx={{ fontWeight: 600 }}>
                {t('table.opening')}
              </TableCell>
              <TableCell align="right" sx={{ ...NUMBER, fontWeight: 600 }}>
                {formatCurrency(statement.opening_balance)}
              </TableCell>
            </TableRow>
            {entries.map((entry) => (
              <TableRow key={entry.id} data-kind={entry.kind}>
                <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</TableCell>
                <TableCell>
                  <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                    {details(entry)}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {t(`kinds.${entry.kind}`)}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={PHONE_ONLY}>
                    {formatDateTime(entry.created_at)}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ ...NUMBER, color: entry.amount < 0 ? 'error.main' : undefined }}>
                  {formatCurrency(entry.amount)}
                </TableCell>
                <TableCell align="right" sx={NUMBER}>
                  {formatCurrency(entry.balance_after)}
                </TableCell>
              </TableRow>
            ))}
            {hasMore && remaining !== null && remaining > 0 && (
              <TableRow data-testid="statement-more">
                <TableCell sx={WIDE_ONLY} />
                <TableCell colSpan={3} sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                  {t('paging.more', { count: remaining, formatted: formatCount(remaining) })}
                </TableCell>
              </TableRow>
            )}
            <TableRow>
              <TableCell sx={WIDE_ONLY} />
              <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                {t('table.closing')}
              </TableCell>
              <TableCell align="right" sx={{ ...NUMBER, fontWeight: 700 }}>
                {formatCurrency(statement.closing_balance)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        {total !== null && (
          <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="statement-count">
            {t('paging.showing', { shown: formatCount(entries.length), total: formatCount(total) })}
          </Typography>
        )}
        {hasMore && (
          <Button variant="outlined" onClick={onLoadMore} loading={loadingMore} data-print="hide">
            {t('paging.loadMore')}
          </Button>
        )}
      </Stack>
    </>
  );
}
