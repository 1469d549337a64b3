import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime, formatOrderNumber } from '@app/shared/format';
import type { LedgerEntry } from '@app/shared/schemas/money';
import type { Statement } from '../api/get-statement';

const NUMBER = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** Phones show the date under the details, so the amounts keep their room. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' }, '@media print': { display: 'table-cell' } } as const;
const PHONE_ONLY = { display: { xs: 'block', sm: 'none' }, '@media print': { display: 'none' } } as const;

/** The period's entries, oldest first, between the opening and the closing balance. */
export function StatementEntries({ statement }: { statement: Statement }) {
  const { t } = useTranslation('statements');
  const details = (entry: LedgerEntry) =>
    entry.order_id ? t('table.order', { number: formatOrderNumber(entry.order_id) }) : entry.payout_id ? t('table.payout', { id: entry.payout_id }) : t('table.adjustment');

  if (statement.entries.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        <strong>{t('empty')}.</strong> {t('emptyHint')}
      </Typography>
    );
  }
  return (
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
          {statement.entries.map((entry) => (
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
  );
}
