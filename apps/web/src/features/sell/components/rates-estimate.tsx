import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '@app/shared/format';
import type { PublicRate } from '@/data/public-rates';
import { estimate } from '../utils/estimate';
import { nativeFieldSx } from './native-field';

interface RatesEstimateProps {
  cityName: string;
  rates: PublicRate[];
  /** Rough kg typed so far, by material name. */
  kg: Readonly<Record<string, string>>;
  onKgChange: (material: string, kg: string) => void;
}

/** Today's rate of each material with a field for its rough kg, then the estimate. */
export function RatesEstimate({ cityName, rates, kg, onKgChange }: RatesEstimateProps) {
  const { t, i18n } = useTranslation('sell');
  const language = i18n.language === 'hi' ? 'hi' : 'en';
  const result = estimate(rates, kg);
  return (
    <Stack spacing={2} component="section" aria-labelledby="sell-rates-heading">
      <Typography variant="h2" id="sell-rates-heading">
        {t('ratesHeading', { city: cityName })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {rates.map((rate, index) => {
          // @app/shared/material-name's rule (the Hindi name where there is one, else the name as
          // given), written out: the build keeps that module in the signed-in pages' chunk.
          const name = language === 'hi' && rate.name_hi ? rate.name_hi : rate.name;
          const line = result.lines[index];
          const id = `sell-kg-${index}`;
          return (
            <Box
              component="li"
              key={rate.name}
              sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 1.5, rowGap: 0.25, alignItems: 'center', pb: 1.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{name}</Typography>
                <Typography variant="body2" color="text.secondary" id={`${id}-rate`}>
                  {t('perKg', { rate: formatCurrency(rate.rate) })}
                </Typography>
              </Box>
              <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                <Box
                  component="input"
                  id={id}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0"
                  aria-label={t('kgLabel', { material: name })}
                  aria-describedby={line?.invalid ? `${id}-rate ${id}-error` : `${id}-rate`}
                  aria-invalid={line?.invalid ? true : undefined}
                  value={kg[rate.name] ?? ''}
                  onChange={(event: ChangeEvent<HTMLInputElement>) => onKgChange(rate.name, event.target.value)}
                  sx={{ ...nativeFieldSx, width: '5.5rem', textAlign: 'right' }}
                />
                <Typography aria-hidden color="text.secondary">
                  {t('kgPlaceholder')}
                </Typography>
              </Stack>
              {line?.invalid ? (
                <Typography id={`${id}-error`} variant="body2" color="error" sx={{ gridColumn: '1 / -1' }}>
                  {t('kgInvalid')}
                </Typography>
              ) : (
                line?.amount !== null &&
                line?.amount !== undefined && (
                  <Typography variant="body2" sx={{ gridColumn: '1 / -1', textAlign: 'right' }}>
                    {t('lineAmount', { amount: formatCurrency(line.amount) })}
                  </Typography>
                )
              )}
            </Box>
          );
        })}
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="sell-estimate-heading">
        <Typography variant="h3" component="h2" id="sell-estimate-heading">
          {t('estimate')}
        </Typography>
        <Typography aria-live="polite" sx={{ fontSize: 28, fontWeight: 700, my: 0.5 }} data-testid="sell-estimate">
          {formatCurrency(result.total)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {result.counted === 0 ? t('estimateNone') : t('estimateNote')}
        </Typography>
      </Paper>
    </Stack>
  );
}
