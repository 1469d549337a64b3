import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatWeightValue } from '@app/shared/format';
import type { OrderLine } from '@app/shared/schemas/orders';
import { addTranslations } from '@/lib/i18n';
import { visuallyHidden } from '@/lib/visually-hidden';
import { ordersEn } from '../locales/en';
import { useMaterialName } from '@/data/catalog';

addTranslations('orders', ordersEn);


interface OrderLinesProps {
  lines: readonly OrderLine[];
  caption?: string;
}

/**
 * "List of categories": Material, Rate per kg, Weight (kg), Cost; one row per order line.
 * On a phone the four columns do not fit beside a material's name (the Cost column was
 * cut at 390 px), so each line is stacked: name and cost, then rate and weight below.
 */
export function OrderLinesTable(props: OrderLinesProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <StackedLines {...props} /> : <LinesTable {...props} />;
}

function StackedLines({ lines, caption }: OrderLinesProps) {
  const { t } = useTranslation('orders');
  const nameOf = useMaterialName();
  return (
    <Box component="ul" aria-label={caption ?? t('dialog.categories')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {lines.map((line) => (
        <Box component="li" key={line.id} data-testid="order-line" sx={{ position: 'relative', py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography component="span" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
              {nameOf(line.material)}
            </Typography>
            <Typography component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {/* Read out, not shown: the stacked line's cost has no column heading above it. */}
              <Box component="span" sx={visuallyHidden}>
                {t('dialog.cost')}:{' '}
              </Box>
              {formatCurrency(line.amount)}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {t('dialog.lineRate', { rate: formatCurrency(line.rate) })} ·{' '}
            {line.weight === null ? t('dialog.notWeighed') : t('dialog.lineWeight', { weight: formatWeightValue(line.weight) })}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function LinesTable({ lines, caption }: OrderLinesProps) {
  const { t } = useTranslation('orders');
  const nameOf = useMaterialName();
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
                {nameOf(line.material)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatCurrency(line.rate)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {line.weight === null ? t('dialog.notWeighed') : formatWeightValue(line.weight)}
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
