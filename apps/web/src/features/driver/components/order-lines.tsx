import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatWeight } from '@app/shared/format';
import type { OrderLine } from '@app/shared/schemas/orders';
import { lineAmount } from '../utils/amounts';
import { useMaterialName } from '@/data/catalog';

/** The order's lines as the driver earns them: material, weight, driver rate, amount (a list that fits a phone). */
export function OrderLines({ lines, totalWeight, driverAmount }: { lines: OrderLine[]; totalWeight: number; driverAmount: number }) {
  const { t } = useTranslation('driver');
  const nameOf = useMaterialName();
  return (
    <Box>
      <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('detail.lines')}>
        {lines.map((line) => {
          const amount = line.weight === null ? null : lineAmount(line.driver_rate, line.weight);
          return (
            <Stack component="li" key={line.id} direction="row" spacing={2} sx={{ py: 1.25, justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{nameOf(line.material)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('detail.rate')}: {formatCurrency(line.driver_rate)}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{line.weight === null ? t('detail.notWeighed') : formatWeight(line.weight)}</Typography>
                {amount !== null && (
                  <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCurrency(amount)}
                  </Typography>
                )}
              </Box>
            </Stack>
          );
        })}
      </Stack>
      {totalWeight > 0 && (
        <>
          <Divider sx={{ my: 1 }} />
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 600 }}>{t('detail.totalWeight')}</Typography>
            <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{formatWeight(totalWeight)}</Typography>
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 600 }}>{t('detail.yourAmount')}</Typography>
            <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid="driver-amount">
              {formatCurrency(driverAmount)}
            </Typography>
          </Stack>
        </>
      )}
    </Box>
  );
}
