import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import { PayoutStatusChip } from './payout-status-chip';
import type { PayoutsTableProps } from './payouts-table';

/**
 * Payouts as cards on a phone: the table's columns do not fit 390 px, and a table that
 * scrolls sideways hides its amounts (design.md section 15). Amount and status first,
 * then when, the note, the bank reference or the reason, and the actions.
 */
export function PayoutCards({ rows, payeeOf, actionsOf, labelledBy }: PayoutsTableProps) {
  const { t } = useTranslation('payouts');
  return (
    <Stack component="ul" aria-labelledby={labelledBy} data-testid="payouts-cards" divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', m: 0, px: 2, py: 0 }}>
      {rows.map((payout) => {
        const actions = actionsOf?.(payout);
        return (
          <Box component="li" key={payout.id} data-payout-id={payout.id} sx={{ py: 1.5, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 700, fontSize: '1.1rem', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatCurrency(payout.amount)}</Typography>
              <PayoutStatusChip status={payout.status} />
            </Stack>
            {payeeOf && <Typography variant="body2">{payeeOf(payout)}</Typography>}
            <Typography variant="body2" color="text.secondary">
              {t('fields.requested')}: {formatDateTime(payout.created_at)}
              {payout.decided_at && ` · ${t('fields.decided')}: ${formatDateTime(payout.decided_at)}`}
            </Typography>
            {payout.note && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {payout.note}
              </Typography>
            )}
            {payout.reference && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('fields.reference')}: {payout.reference}
              </Typography>
            )}
            {payout.reason && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('fields.reason')}: {payout.reason}
              </Typography>
            )}
            {actions && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
                {actions}
              </Stack>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
