import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatWeight } from '@app/shared/format';
import type { Statement } from '@app/shared/schemas/money';

/** The statement's sums: closing = opening + credits + adjustments - payouts. */
export function StatementSummary({ statement }: { statement: Statement }) {
  const { t } = useTranslation('statements');
  const facts: { key: 'opening' | 'credits' | 'payouts' | 'adjustments' | 'closing' | 'orders' | 'weight'; value: string; strong?: boolean }[] = [
    { key: 'opening', value: formatCurrency(statement.opening_balance) },
    { key: 'credits', value: formatCurrency(statement.credits) },
    // 0 - x, not -x: no payouts reads "0 INR", not "-0 INR".
    { key: 'payouts', value: formatCurrency(0 - statement.payouts) },
    { key: 'adjustments', value: formatCurrency(statement.adjustments) },
    { key: 'closing', value: formatCurrency(statement.closing_balance), strong: true },
    { key: 'orders', value: String(statement.orders) },
    { key: 'weight', value: formatWeight(statement.weight) },
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gap: 2, my: 2.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)', '@media print': { gridTemplateColumns: 'repeat(4, 1fr)' } } }}
    >
      {facts.map((fact) => (
        <Box key={fact.key} data-testid={`statement-${fact.key}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`summary.${fact.key}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: fact.strong ? 700 : 600, fontSize: fact.strong ? '1.2rem' : undefined, fontVariantNumeric: 'tabular-nums' }}>
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
