import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '@app/shared/format';
import type { OrderLine } from '@app/shared/schemas/orders';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

const weightFormatter = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

/** "List of categories": Material, Rate per kg, Weight (kg), Cost; one row per order line. */
export function OrderLinesTable({ lines, caption }: { lines: readonly OrderLine[]; caption?: string }) {
  const { t } = useTranslation('orders');
  return (
    <TableContainer>
      <Table size="small" aria-label={caption ?? t('dialog.categories')} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dialog.material')}</TableCell>
            <TableCell align="right">{t('dialog.ratePerKg')}</TableCell>
            <TableCell align="right">{t('dialog.weightKg')}</TableCell>
            <TableCell align="right">{t('dialog.cost')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell component="th" scope="row">
                {line.material.name}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatCurrency(line.rate)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {line.weight === null ? t('dialog.notWeighed') : weightFormatter.format(line.weight)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatCurrency(line.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
