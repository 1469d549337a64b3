import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime, formatOrderNumber } from '@app/shared/format';
import type { LedgerEntry } from '@app/shared/schemas/money';
import { CardResults } from '@/components/list/card-results';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { exportLedgerCsv, useLedgerPages, type LedgerFilter } from '@/data/wallets';
import { walletsEn } from '../locales/en';

addTranslations('wallets', walletsEn);

const PAGE_SIZE = 25;
const MEDIUM_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
const NUMBER_CELL = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

export interface LedgerTableProps {
  filter?: LedgerFilter;
  /** Where an order credit links to (the caller's order detail page). */
  orderHref: (orderId: number) => string;
  /** The empty state's hint and action. */
  emptyHint: string;
  emptyAction?: ReactNode;
  /** The test id of the phone layout's list. */
  listTestId?: string;
}

/** A wallet's ledger, newest first: kind, order or payout, signed amount, balance after; paged, CSV. */
export function LedgerTable({ filter = {}, orderHref, emptyHint, emptyAction, listTestId = 'ledger-list' }: LedgerTableProps) {
  const { t } = useTranslation('wallets');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const ledger = useLedgerPages(filter, PAGE_SIZE);
  const [exporting, setExporting] = useState(false);
  const rows = ledger.data?.pages.flatMap((page) => page.items) ?? [];
  const total = ledger.data?.pages[0]?.total ?? null;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportLedgerCsv(filter);
      notify.success(t('exported'));
    } catch (error) {
      notify.error(t('exportFailed', { detail: error instanceof ApiError ? error.detail : String(error) }));
    } finally {
      setExporting(false);
    }
  };

  const describe = (entry: LedgerEntry): ReactNode => {
    if (entry.order_id) {
      return (
        <Link component={RouterLink} to={orderHref(entry.order_id)} sx={{ fontWeight: 600 }}>
          {formatOrderNumber(entry.order_id)}
        </Link>
      );
    }
    if (entry.payout_id) return t('payout', { id: entry.payout_id });
    return t('adjustment');
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="ledger-heading">
      <Stack direction="row" sx={{ p: { xs: 2, sm: 3 }, pb: 1, justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box>
          <Typography id="ledger-heading" variant="h2">
            {t('transactions')}
          </Typography>
          {total !== null && rows.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('countOf', { shown: rows.length, count: total })}
            </Typography>
          )}
        </Box>
        {rows.length > 0 && (
          <Button startIcon={<FileDownloadOutlinedIcon />} onClick={() => void exportCsv()} loading={exporting}>
            {t('exportCsv')}
          </Button>
        )}
      </Stack>
      <CardResults query={ledger} skeletonHeight={200} empty={{ icon: <AccountBalanceWalletOutlinedIcon fontSize="inherit" />, title: t('empty'), description: emptyHint, action: emptyAction }}>
        {(loaded) =>
          phone ? (
            <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', px: 2, m: 0 }} data-testid={listTestId}>
              {loaded.map((entry) => (
                <Stack component="li" key={entry.id} direction="row" data-kind={entry.kind} sx={{ py: 1.25, justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                  <Box>
                    {describe(entry)}
                    <Typography variant="body2" color="text.secondary">
                      {formatDateTime(entry.created_at)} · {t(`kinds.${entry.kind}`)}
                    </Typography>
                  </Box>
                  <Box sx={{ textAlign: 'right' }}>
                    <Typography sx={{ ...NUMBER_CELL, fontWeight: 600, color: entry.amount < 0 ? 'error.main' : undefined }}>{formatCurrency(entry.amount)}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={NUMBER_CELL}>
                      {formatCurrency(entry.balance_after)}
                    </Typography>
                  </Box>
                </Stack>
              ))}
            </Stack>
          ) : (
            <TableContainer>
              <Table size="small" aria-labelledby="ledger-heading" data-testid="ledger-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('date')}</TableCell>
                    <TableCell sx={MEDIUM_ONLY}>{t('kind')}</TableCell>
                    <TableCell>{t('details')}</TableCell>
                    <TableCell align="right">{t('amount')}</TableCell>
                    <TableCell align="right" sx={MEDIUM_ONLY}>
                      {t('balanceAfter')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {loaded.map((entry) => (
                    <TableRow key={entry.id} hover data-kind={entry.kind}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</TableCell>
                      <TableCell sx={MEDIUM_ONLY}>{t(`kinds.${entry.kind}`)}</TableCell>
                      <TableCell>{describe(entry)}</TableCell>
                      <TableCell align="right" sx={{ ...NUMBER_CELL, fontWeight: 600, color: entry.amount < 0 ? 'error.main' : undefined }}>
                        {formatCurrency(entry.amount)}
                      </TableCell>
                      <TableCell align="right" sx={{ ...NUMBER_CELL, ...MEDIUM_ONLY }}>
                        {formatCurrency(entry.balance_after)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      </CardResults>
    </Paper>
  );
}
