import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatInteger, formatWeight } from '@app/shared/format';
import type { HouseholdPurchases as HouseholdPurchasesData } from '@app/shared/schemas/money';
import { useMaterialName } from '@/data/catalog';

const NUMBER = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const TOTAL = { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } as const;

/**
 * Household purchases over the report's days (design.md section 21), beside the vendor
 * side: per city and material, the pickups, their weight and the b2c amount the drivers paid
 * the households at the door; totals under them.
 */
export function HouseholdPurchases({ purchases, dimmed = false }: { purchases: HouseholdPurchasesData; dimmed?: boolean }) {
  const { t } = useTranslation('reconciliation');
  const nameOf = useMaterialName();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="household-purchases-heading" sx={{ opacity: dimmed ? 0.6 : 1 }}>
      <Typography id="household-purchases-heading" variant="h2" sx={{ p: { xs: 2, sm: 2.5 }, pb: 0.5 }}>
        {t('households.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 2, sm: 2.5 }, pb: 1 }}>
        {t('households.hint')}
      </Typography>
      {purchases.rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 2.5 }, pb: 2.5 }} data-testid="household-purchases-empty">
          {t('households.empty')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="household-purchases-heading" data-testid="household-purchases">
            <TableHead>
              <TableRow>
                <TableCell>{t('groups.city')}</TableCell>
                <TableCell>{t('groups.material')}</TableCell>
                <TableCell align="right">{t('columns.orders')}</TableCell>
                <TableCell align="right">{t('columns.weight')}</TableCell>
                <TableCell align="right">{t('households.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {purchases.rows.map((row) => (
                <TableRow key={`${row.city.id}:${row.material.id}`} hover>
                  <TableCell sx={{ fontWeight: 600 }}>{row.city.name}</TableCell>
                  <TableCell>{nameOf(row.material)}</TableCell>
                  <TableCell align="right" sx={NUMBER}>
                    {formatInteger(row.orders)}
                  </TableCell>
                  <TableCell align="right" sx={NUMBER}>
                    {formatWeight(row.weight)}
                  </TableCell>
                  <TableCell align="right" sx={NUMBER}>
                    {formatCurrency(row.b2c_amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow data-testid="household-purchases-totals">
                <TableCell colSpan={2} sx={TOTAL}>
                  {t('totals')}
                </TableCell>
                <TableCell align="right" sx={{ ...NUMBER, ...TOTAL }}>
                  {formatInteger(purchases.totals.orders)}
                </TableCell>
                <TableCell align="right" sx={{ ...NUMBER, ...TOTAL }}>
                  {formatWeight(purchases.totals.weight)}
                </TableCell>
                <TableCell align="right" sx={{ ...NUMBER, ...TOTAL }}>
                  {formatCurrency(purchases.totals.b2c_amount)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
