import type { ReactNode } from 'react';
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
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import type { Payout } from '@app/shared/schemas/money';
import { PayoutCards } from './payout-cards';
import { PayoutStatusChip } from './payout-status-chip';

const MEDIUM_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

export interface PayoutsTableProps {
  rows: Payout[];
  /** The payee column (the admin's queue). */
  payeeOf?: (payout: Payout) => string;
  actionsOf?: (payout: Payout) => ReactNode;
  labelledBy: string;
}

/**
 * Payouts as rows: requested, payee, amount, status with the reference or reason, decided,
 * actions; on a phone as cards (the columns do not fit 390 px).
 */
export function PayoutsTable(props: PayoutsTableProps) {
  const theme = useTheme();
  // Read at the first render (noSsr), so a phone never shows the table for a moment first.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <PayoutCards {...props} /> : <PayoutRows {...props} />;
}

function PayoutRows({ rows, payeeOf, actionsOf, labelledBy }: PayoutsTableProps) {
  const { t } = useTranslation('payouts');
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy} data-testid="payouts-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.requested')}</TableCell>
            {payeeOf && <TableCell>{t('fields.payee')}</TableCell>}
            <TableCell align="right">{t('fields.amount')}</TableCell>
            <TableCell>{t('fields.status')}</TableCell>
            <TableCell sx={MEDIUM_ONLY}>{t('fields.decided')}</TableCell>
            {actionsOf && <TableCell align="right" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((payout) => (
            <TableRow key={payout.id} hover data-payout-id={payout.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(payout.created_at)}
                {payout.note && (
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'normal', maxWidth: 280 }}>
                    {payout.note}
                  </Typography>
                )}
              </TableCell>
              {payeeOf && <TableCell>{payeeOf(payout)}</TableCell>}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                {formatCurrency(payout.amount)}
              </TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <PayoutStatusChip status={payout.status} />
                  {payout.reference && (
                    <Typography variant="body2" color="text.secondary">
                      {t('fields.reference')}: {payout.reference}
                    </Typography>
                  )}
                  {payout.reason && (
                    <Typography variant="body2" color="text.secondary">
                      {t('fields.reason')}: {payout.reason}
                    </Typography>
                  )}
                </Stack>
              </TableCell>
              <TableCell sx={{ ...MEDIUM_ONLY, whiteSpace: 'nowrap' }}>{payout.decided_at ? formatDateTime(payout.decided_at) : '—'}</TableCell>
              {actionsOf && (
                <TableCell align="right">
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    {actionsOf(payout)}
                  </Stack>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
